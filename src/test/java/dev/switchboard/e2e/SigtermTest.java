package dev.switchboard.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.mock.MockBehavior;
import dev.switchboard.mock.MockOptions;
import dev.switchboard.mock.MockStats;
import dev.switchboard.mock.MockUpstream;
import dev.switchboard.store.Database;
import dev.switchboard.store.UsageRow;
import dev.switchboard.store.UsageStore;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway as operators run it — its own JVM, started by {@code serve --config} — stopped with SIGTERM
 * while requests are in flight: the drain finishes them and every attempt that reached the upstream is in
 * the ledger (DESIGN §7: "a clean shutdown loses nothing").
 */
@Timeout(120)
class SigtermTest {

  static final String KEY = "sk-sb-sigterm-test-key-0123456789";
  static final String CHAT = "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]%s}";
  static final int CLIENTS = 4;

  @TempDir Path dir;
  final Vertx vertx = Vertx.vertx();
  final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(2)).build();
  final List<Thread> clients = new ArrayList<>();
  final AtomicBoolean stop = new AtomicBoolean();
  MockUpstream mock;
  final Map<String, Integer> failures = new ConcurrentHashMap<>();
  final AtomicInteger okAfterSignal = new AtomicInteger();
  volatile long signalledAt = Long.MAX_VALUE;
  Process gateway;

  @AfterEach
  void cleanUp() throws InterruptedException {
    stop.set(true);
    if (gateway != null && gateway.isAlive()) {
      gateway.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
    for (Thread t : clients) {
      t.join(Duration.ofSeconds(30));
    }
    http.shutdownNow();
    if (mock != null) {
      mock.close().await();
    }
    vertx.close().await();
  }

  @Test
  void sigtermDuringLoadLosesNoLedgerRow() throws Exception {
    mock = MockUpstream.start(vertx, MockOptions.defaults().withName("a")
        .withBehavior(MockBehavior.ok().withLatencyMs(20).withChunks(4).withChunkIntervalMs(20))).await();
    Path config = dir.resolve("switchboard.yaml");
    Files.writeString(config, """
        providers:
          - {name: up, kind: openai, base_url: "http://127.0.0.1:%d/v1", api_key: "${UPSTREAM_KEY}"}
        models:
          - {name: m, provider: up, upstream_model: gpt-4o-mini, kind: chat}
        keys:
          - {name: load, key: "%s"}
        """.formatted(mock.port(), KEY));
    int port = freePort();
    Path log = dir.resolve("gateway.log");
    gateway = startGateway(config, port, log);
    awaitHealthy(port, log);

    Set<String> okHeaders = ConcurrentHashMap.newKeySet();
    Set<String> okComplete = ConcurrentHashMap.newKeySet();
    for (int i = 0; i < CLIENTS; i++) {
      boolean streamFirst = i % 2 == 0;
      clients.add(Thread.ofPlatform().name("load-" + i).start(() -> {
        boolean stream = streamFirst;
        while (!stop.get()) {
          fire(port, stream, okHeaders, okComplete);
          stream = !stream;
        }
      }));
    }
    // At least 1.5 s of load and enough answers that the drain has real work (a cold JVM starts slowly).
    long loadEnd = System.nanoTime() + Duration.ofMillis(1500).toNanos();
    GatewayHarness.eventually(Duration.ofSeconds(30), () -> System.nanoTime() > loadEnd && okComplete.size() >= 40,
        "the load phase (40 answered requests)");
    GatewayHarness.eventually(Duration.ofSeconds(5), () -> mock.stats().inFlight() > 0,
        "a request in flight at the upstream");

    signalledAt = System.nanoTime();
    gateway.destroy();
    // Regression: a kept-alive connection used to keep being served after SIGTERM until the 30 s drain deadline.
    // While draining, every answer now says "Connection: close", so the drain ends with the requests in flight.
    boolean exited = gateway.waitFor(15, TimeUnit.SECONDS);
    long drainMillis = (System.nanoTime() - signalledAt) / 1_000_000;
    stop.set(true);
    for (Thread t : clients) {
      t.join(Duration.ofSeconds(30));
    }
    assertTrue(exited, "the gateway did not exit within 15 s of SIGTERM\n" + tail(log));
    // The mock's counters are final: the gateway's connections are gone with its process.
    GatewayHarness.eventually(Duration.ofSeconds(5), () -> mock.stats().inFlight() == 0, "upstream idle");
    MockStats upstream = mock.stats();

    List<UsageRow> rows;
    long count;
    try (Database db = Database.open("jdbc:sqlite:" + dir.resolve("data").resolve("switchboard.db"))) {
      UsageStore usage = new UsageStore(db);
      count = usage.count();
      rows = usage.recent(Math.toIntExact(count) + 10);
    }
    Set<String> ledgerIds = rows.stream().map(UsageRow::requestId).collect(Collectors.toSet());
    String summary = "upstream=" + upstream + " rows=" + count + " ok(headers)=" + okHeaders.size()
        + " ok(complete)=" + okComplete.size() + " okAfterSignal=" + okAfterSignal.get() + " failures=" + failures
        + " exit=" + gateway.exitValue() + " after " + drainMillis + " ms"
        + " statuses=" + rows.stream().collect(Collectors.groupingBy(UsageRow::status, Collectors.counting()))
        + "\n" + tail(log);

    assertTrue(okAfterSignal.get() > 0, "requests in flight at SIGTERM were finished by the drain: " + summary);
    assertEquals(upstream.requests(), count, "one ledger row per upstream request: " + summary);
    Set<String> missing = new HashSet<>(okHeaders);
    missing.removeAll(ledgerIds);
    assertTrue(missing.isEmpty(), missing.size() + " answered requests have no ledger row: " + summary);
    assertTrue(Files.readString(log).contains("stopped"), "the shutdown hook finished: " + summary);
    assertFalse(Files.readString(log).contains("unwritten"), summary);
  }

  /** One request; records its id when the answer was a 200, else why it failed. */
  void fire(int port, boolean stream, Set<String> okHeaders, Set<String> okComplete) {
    HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/chat/completions"))
        .timeout(Duration.ofSeconds(20)).header("Authorization", "Bearer " + KEY)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(CHAT.formatted(stream ? ",\"stream\":true" : ""))).build();
    String[] id = new String[1];
    try {
      HttpResponse<String> r = http.send(request, info -> {
        // Noted from the headers, before the body: a 200 whose body is then cut must still have its row.
        if (info.statusCode() == 200) {
          id[0] = info.headers().firstValue("x-switchboard-request-id").orElse("(no request id)");
          okHeaders.add(id[0]);
        }
        return HttpResponse.BodySubscribers.ofString(StandardCharsets.UTF_8);
      });
      if (r.statusCode() == 200 && (!stream || r.body().contains("[DONE]"))) {
        okComplete.add(id[0]);
        if (System.nanoTime() > signalledAt) {
          okAfterSignal.incrementAndGet();
        }
      } else {
        failures.merge(r.statusCode() == 200 ? "200 cut short" : "HTTP " + r.statusCode(), 1, Integer::sum);
      }
    } catch (IOException e) {
      // Refused or reset once the drain began: expected, and the ledger check below still covers it.
      failures.merge(e.getClass().getSimpleName(), 1, Integer::sum);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stop.set(true);
    }
  }

  Process startGateway(Path config, int port, Path log) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED",
        "-cp", System.getProperty("java.class.path"), "dev.switchboard.Main", "serve",
        "--config", config.toString(), "--data-dir", dir.resolve("data").toString(), "--port", String.valueOf(port))
        .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
    Map<String, String> env = pb.environment();
    env.keySet().removeIf(k -> k.startsWith("SWITCHBOARD_"));
    env.put("SWITCHBOARD_ADMIN_TOKEN", "sigterm-admin-token-0123456789");
    env.put("UPSTREAM_KEY", "upstream-secret");
    return pb.start();
  }

  void awaitHealthy(int port, Path log) {
    HttpRequest health = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/healthz"))
        .timeout(Duration.ofSeconds(2)).build();
    GatewayHarness.eventually(Duration.ofSeconds(30), () -> {
      if (!gateway.isAlive()) {
        throw new AssertionError("the gateway exited with " + gateway.exitValue() + " before answering\n"
            + tail(log));
      }
      try {
        return http.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
      } catch (IOException e) {
        return false;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }, "GET /healthz on the gateway process");
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log);
      return "--- gateway log (last 40 lines) ---\n"
          + String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
