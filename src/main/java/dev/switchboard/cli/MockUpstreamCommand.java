package dev.switchboard.cli;

import dev.switchboard.mock.MockBehavior;
import dev.switchboard.mock.MockOptions;
import dev.switchboard.mock.MockUpstream;
import io.vertx.core.Vertx;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The `mock-upstream` command: runs a fake OpenAI-compatible provider until the process is killed.
 */
@Command(
    name = "mock-upstream",
    mixinStandardHelpOptions = true,
    description = "Run a fake OpenAI-compatible upstream for tests, demos and failover drills.")
public final class MockUpstreamCommand implements Callable<Integer> {
  private static final long CLOSE_TIMEOUT_SECONDS = 5;

  @Spec CommandSpec spec;

  @Option(names = "--port", description = "Port to listen on; 0 picks a free one (default: 0).")
  int port = 0;

  @Option(names = "--host", description = "Address to bind (default: 127.0.0.1).")
  String host = "127.0.0.1";

  @Option(
      names = "--name",
      description = "Name in every reply, \"Hello from NAME\" (default: mock).")
  String name = "mock";

  @Option(
      names = "--models",
      split = ",",
      description = "Models GET /v1/models lists, comma-separated; requested models are added.")
  List<String> models = new ArrayList<>(MockOptions.defaults().models());

  @Option(
      names = "--behavior",
      description =
          "ok, status, reset, hang, hang_after_headers, error_first_event, empty_stream, truncate,"
              + " malformed (default: ok).")
  String behavior = "ok";

  @Option(names = "--status", description = "HTTP status for --behavior status (default: 500).")
  int status = 500;

  @Option(names = "--body", description = "Body for status and error_first_event.")
  String body;

  @Option(names = "--retry-after", description = "Retry-After seconds for --behavior status.")
  Integer retryAfter;

  @Option(names = "--after", description = "Content chunks before truncate cuts (default: 1).")
  int after = 1;

  @Option(names = "--latency-ms", description = "Delay before the response headers (default: 0).")
  long latencyMs = 0;

  @Option(names = "--chunks", description = "Content chunks per stream (default: 3).")
  int chunks = 3;

  @Option(names = "--chunk-interval-ms", description = "Delay between stream events (default: 0).")
  long chunkIntervalMs = 0;

  @Override
  public Integer call() throws InterruptedException {
    PrintWriter err = spec.commandLine().getErr();
    MockOptions options;
    try {
      List<String> listed = models.stream().map(String::strip).filter(m -> !m.isEmpty()).toList();
      options = new MockOptions(host, port, name, listed, behavior());
    } catch (IllegalArgumentException invalid) {
      err.println("mock-upstream: " + invalid.getMessage());
      err.flush();
      return 2;
    }
    Vertx vertx = Vertx.vertx();
    MockUpstream mock;
    try {
      mock = MockUpstream.start(vertx, options).await(30, TimeUnit.SECONDS);
    } catch (Exception failed) {
      err.println(
          "mock-upstream: cannot listen on " + host + ":" + port + ": " + failed.getMessage());
      err.flush();
      closeQuietly(vertx);
      return 1;
    }
    PrintWriter out = spec.commandLine().getOut();
    out.println(
        "mock-upstream " + name + " listening on http://" + host + ":" + mock.port() + "/v1");
    out.flush();

    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            Thread.ofPlatform()
                .name("mock-upstream-shutdown")
                .unstarted(
                    () -> {
                      closeQuietly(vertx);
                      stopped.countDown();
                    }));
    stopped.await();
    return 0;
  }

  private MockBehavior behavior() {
    MockBehavior.Kind kind;
    try {
      kind = MockBehavior.Kind.valueOf(behavior.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException unknown) {
      throw new IllegalArgumentException("unknown behavior '" + behavior + "'");
    }
    return MockBehavior.of(kind)
        .withStatus(status)
        .withBody(body)
        .withRetryAfter(retryAfter)
        .withAfter(after)
        .withLatencyMs(latencyMs)
        .withChunks(chunks)
        .withChunkIntervalMs(chunkIntervalMs);
  }

  private static void closeQuietly(Vertx vertx) {
    try {
      vertx.close().await(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException | RuntimeException ignored) {
      // The process is on its way out; nothing is left to release.
    }
  }
}
