package dev.switchboard.mock;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/** Serves {@code GET /v1/models} and the {@code /mock/*} routes tests use to script and observe. */
final class ControlHandler {
  private final MockState state;

  ControlHandler(MockState state) {
    this.state = state;
  }

  void models(RoutingContext ctx) {
    JsonArray data = new JsonArray();
    for (String model : state.models()) {
      data.add(
          new JsonObject()
              .put("id", model)
              .put("object", "model")
              .put("created", 0)
              .put("owned_by", state.options.name()));
    }
    json(ctx, 200, new JsonObject().put("object", "list").put("data", data));
  }

  void getBehavior(RoutingContext ctx) {
    json(ctx, 200, BehaviorJson.toJson(state.behavior()));
  }

  void putBehavior(RoutingContext ctx) {
    MockBehavior behavior;
    try {
      JsonObject body = ctx.body().available() ? ctx.body().asJsonObject() : null;
      if (body == null) {
        throw new IllegalArgumentException("body must be a JSON object");
      }
      behavior = BehaviorJson.parse(body);
    } catch (DecodeException | ClassCastException notJson) {
      json(ctx, 400, Replies.error(400, "body must be a JSON object"));
      return;
    } catch (IllegalArgumentException | ArithmeticException invalid) {
      json(ctx, 400, Replies.error(400, invalid.getMessage()));
      return;
    }
    state.setBehavior(behavior);
    json(ctx, 200, BehaviorJson.toJson(behavior));
  }

  void stats(RoutingContext ctx) {
    json(ctx, 200, statsJson());
  }

  /** Zeroes the counters, restores the start-up behaviour and forgets the last request. */
  void reset(RoutingContext ctx) {
    state.reset();
    json(ctx, 200, statsJson());
  }

  void lastRequest(RoutingContext ctx) {
    LastRequest last = state.lastRequest();
    if (last == null) {
      json(ctx, 404, Replies.error(404, "no request received yet"));
    } else {
      json(ctx, 200, last.toJson());
    }
  }

  private JsonObject statsJson() {
    MockStats stats = state.counters.snapshot();
    return new JsonObject()
        .put("requests", stats.requests())
        .put("completed", stats.completed())
        .put("client_closed", stats.clientClosed())
        .put("in_flight", stats.inFlight());
  }

  static void json(RoutingContext ctx, int status, JsonObject body) {
    ctx.response()
        .setStatusCode(status)
        .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
        .end(body.encode());
  }
}
