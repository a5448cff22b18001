package dev.switchboard.mock;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/**
 * Answers {@code /v1} inference requests as the current {@link MockBehavior} dictates.
 *
 * <p>A request that is not valid JSON, or lacks what its endpoint needs, is answered 400 whatever
 * the behaviour: the behaviours script a provider's failures, not the caller's.
 */
final class InferenceHandler {
  private static final String JSON = "application/json";
  private static final String SSE = "text/event-stream";

  private final Vertx vertx;
  private final MockState state;

  InferenceHandler(Vertx vertx, MockState state) {
    this.vertx = vertx;
    this.state = state;
  }

  void handle(RoutingContext ctx, Endpoint endpoint) {
    Exchange exchange = new Exchange(vertx, ctx.request(), state.counters);
    InferenceRequest request;
    try {
      JsonObject body = ctx.body().available() ? ctx.body().asJsonObject() : null;
      request = InferenceRequest.parse(endpoint, body);
    } catch (DecodeException | ClassCastException | IllegalArgumentException invalid) {
      String message =
          invalid instanceof IllegalArgumentException ? invalid.getMessage() : "body is not JSON";
      sendJson(exchange, 400, Replies.error(400, message).encode());
      return;
    }
    state.sawModel(request.model());
    MockBehavior behavior = state.behavior();
    Replies replies =
        new Replies(
            request,
            state.nextId(endpoint),
            state.clock.instant().getEpochSecond(),
            state.content(),
            behavior.chunks());
    exchange.later(behavior.latencyMs(), () -> answer(exchange, request, behavior, replies));
  }

  private void answer(
      Exchange exchange, InferenceRequest request, MockBehavior behavior, Replies replies) {
    boolean stream = request.stream();
    switch (behavior.kind()) {
      case OK -> {
        if (stream) {
          contentType(exchange, SSE);
          exchange.writeEvents(replies.streamEvents(-1, true), behavior.chunkIntervalMs(), true);
        } else {
          sendJson(exchange, 200, replies.body().encode());
        }
      }
      case STATUS -> {
        if (behavior.retryAfter() != null) {
          exchange.response().putHeader(HttpHeaders.RETRY_AFTER, behavior.retryAfter().toString());
        }
        sendJson(exchange, behavior.status(), errorText(behavior));
      }
      case RESET -> exchange.cut();
      case HANG -> {
        // Nothing to send; the exchange ends when the caller gives up.
      }
      case HANG_AFTER_HEADERS -> {
        contentType(exchange, stream ? SSE : JSON);
        exchange.sendHeadersOnly();
      }
      case ERROR_FIRST_EVENT -> {
        if (stream) {
          contentType(exchange, SSE);
          exchange.end(Replies.event(errorText(behavior)));
        } else {
          sendJson(exchange, 200, errorText(behavior));
        }
      }
      case EMPTY_STREAM -> {
        contentType(exchange, stream ? SSE : JSON);
        exchange.end(Buffer.buffer());
      }
      case TRUNCATE -> truncate(exchange, behavior, replies, stream);
      case MALFORMED -> {
        contentType(exchange, stream ? SSE : JSON);
        exchange.end(stream ? Replies.event(Replies.MALFORMED) : Buffer.buffer(Replies.MALFORMED));
      }
    }
  }

  private static void truncate(
      Exchange exchange, MockBehavior behavior, Replies replies, boolean stream) {
    if (stream) {
      contentType(exchange, SSE);
      exchange.writeEvents(
          replies.streamEvents(behavior.after(), false), behavior.chunkIntervalMs(), false);
      return;
    }
    // Promise the whole body, deliver half: the caller sees the connection drop mid-body.
    Buffer whole = Buffer.buffer(replies.body().encode());
    contentType(exchange, JSON);
    exchange.response().putHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(whole.length()));
    exchange.write(whole.slice(0, whole.length() / 2));
    exchange.cut();
  }

  private static String errorText(MockBehavior behavior) {
    if (behavior.body() != null) {
      return behavior.body();
    }
    int status = behavior.kind() == MockBehavior.Kind.STATUS ? behavior.status() : 500;
    return Replies.error(status, "mock upstream error (" + status + ")").encode();
  }

  private static void contentType(Exchange exchange, String type) {
    exchange.response().putHeader(HttpHeaders.CONTENT_TYPE, type);
    if (SSE.equals(type)) {
      // Each event leaves as soon as it is written, as a real stream's would.
      exchange.response().setChunked(true);
      exchange.response().putHeader(HttpHeaders.CACHE_CONTROL, "no-cache");
    }
  }

  private static void sendJson(Exchange exchange, int status, String body) {
    exchange.response().setStatusCode(status);
    contentType(exchange, JSON);
    exchange.end(Buffer.buffer(body));
  }
}
