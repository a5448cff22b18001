package dev.switchboard.api;

import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Writes gateway errors to the caller, always through {@link Errors}. */
final class Respond {

  private static final Logger LOG = LoggerFactory.getLogger("dev.switchboard.api");

  private Respond() {}

  static void error(RoutingContext ctx, GatewayError error) {
    HttpServerResponse resp = ctx.response();
    if (resp.headWritten() || resp.closed()) {
      return;
    }
    Errors.Rendered r = Errors.render(error);
    LOG.atLevel(r.level()).log("{} {} -> {} {}", ctx.request().method(), ctx.request().path(), r.status(), error);
    json(resp, r.status(), r.body());
  }

  static void json(HttpServerResponse resp, int status, JsonObject body) {
    resp.setStatusCode(status).putHeader("content-type", "application/json").end(body.toBuffer());
  }
}
