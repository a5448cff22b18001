package dev.switchboard.mock;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.BodyHandler;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fake OpenAI-compatible provider on a real socket, scripted by a {@link MockBehavior}, for
 * tests, benchmarks, demos and failover drills.
 *
 * <p>Routes: {@code POST /v1/chat/completions}, {@code POST /v1/completions}, {@code POST
 * /v1/embeddings}, {@code GET /v1/models}; and for scripting, {@code GET|PUT /mock/behavior},
 * {@code GET /mock/stats}, {@code POST /mock/reset}, {@code GET /mock/last-request}.
 */
public final class MockUpstream {
  private static final Logger LOG = LoggerFactory.getLogger(MockUpstream.class);
  // Bounds the one request body kept for /mock/last-request as well as what the mock will read.
  private static final long BODY_LIMIT_BYTES = 4L * 1024 * 1024;

  private final MockState state;
  private final HttpServer server;

  private MockUpstream(Vertx vertx, MockOptions options) {
    this.state = new MockState(options, Clock.systemUTC());
    this.server =
        vertx
            .createHttpServer(
                new HttpServerOptions().setHost(options.host()).setPort(options.port()))
            .requestHandler(router(vertx, state));
  }

  /** Starts a mock on {@code vertx}; the future completes once it is listening. */
  public static Future<MockUpstream> start(Vertx vertx, MockOptions options) {
    MockUpstream mock = new MockUpstream(vertx, options);
    return mock.server
        .listen()
        .map(
            listening -> {
              LOG.debug(
                  "mock upstream {} listening on {}:{} ({})",
                  options.name(),
                  options.host(),
                  listening.actualPort(),
                  options.behavior().kind().wireName());
              return mock;
            });
  }

  /** The port the mock listens on, the chosen one when started with port 0. */
  public int port() {
    return server.actualPort();
  }

  /** Stops listening and closes open connections. */
  public Future<Void> close() {
    return server.close();
  }

  /** Makes every later request follow {@code behavior}; requests already under way keep theirs. */
  public void setBehavior(MockBehavior behavior) {
    if (behavior == null) {
      throw new IllegalArgumentException("behavior is required");
    }
    state.setBehavior(behavior);
  }

  /** The behaviour later requests will follow. */
  public MockBehavior behavior() {
    return state.behavior();
  }

  /** A snapshot of the inference counters. */
  public MockStats stats() {
    return state.counters.snapshot();
  }

  private static Router router(Vertx vertx, MockState state) {
    InferenceHandler inference = new InferenceHandler(vertx, state);
    ControlHandler control = new ControlHandler(state);
    Router router = Router.router(vertx);
    router.route().handler(BodyHandler.create().setBodyLimit(BODY_LIMIT_BYTES));
    router
        .route("/v1/*")
        .handler(
            ctx -> {
              state.recordRequest(LastRequest.of(ctx));
              ctx.next();
            });
    router.post("/v1/chat/completions").handler(ctx -> inference.handle(ctx, Endpoint.CHAT));
    router.post("/v1/completions").handler(ctx -> inference.handle(ctx, Endpoint.COMPLETIONS));
    router.post("/v1/embeddings").handler(ctx -> inference.handle(ctx, Endpoint.EMBEDDINGS));
    router.get("/v1/models").handler(control::models);
    router.get("/mock/behavior").handler(control::getBehavior);
    router.put("/mock/behavior").handler(control::putBehavior);
    router.get("/mock/stats").handler(control::stats);
    router.post("/mock/reset").handler(control::reset);
    router.get("/mock/last-request").handler(control::lastRequest);
    for (int status : new int[] {404, 405, 413, 500}) {
      router.errorHandler(
          status,
          ctx -> {
            if (status == 500) {
              LOG.warn("mock upstream failed on {}", ctx.request().path(), ctx.failure());
            }
            if (!ctx.response().headWritten()) {
              ControlHandler.json(
                  ctx, status, Replies.error(status, "mock upstream: HTTP " + status));
            }
          });
    }
    return router;
  }
}
