package dev.switchboard.api;

import dev.switchboard.access.KeyRing;
import dev.switchboard.catalog.CatalogHolder;
import dev.switchboard.ledger.Ledger;
import dev.switchboard.protocol.Endpoint;
import dev.switchboard.routing.Failover;
import dev.switchboard.routing.Router;
import dev.switchboard.routing.Stickiness;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.time.Clock;

/**
 * The OpenAI-compatible inference endpoints mounted on a web router: {@code /v1/chat/completions},
 * {@code /v1/completions}, {@code /v1/embeddings}, {@code /v1/models}.
 */
public final class InferenceApi {

  private final CatalogHolder catalog;
  private final Auth auth;
  private final Router router;
  private final Failover failover;
  private final Ledger ledger;
  private final Clock clock;
  private final long bodyLimit;
  private final ModelList models;
  private final Stickiness stickiness;
  private final Metrics metrics;

  public InferenceApi(CatalogHolder catalog, KeyRing keys, Router router, Failover failover, Stickiness stickiness,
      Metrics metrics, Ledger ledger, Clock clock, long bodyLimit) {
    this.stickiness = stickiness;
    this.metrics = metrics;
    this.catalog = catalog;
    this.auth = new Auth(keys);
    this.router = router;
    this.failover = failover;
    this.ledger = ledger;
    this.clock = clock;
    this.bodyLimit = bodyLimit;
    this.models = new ModelList(catalog);
  }

  public void mount(io.vertx.ext.web.Router web) {
    BodyHandler body = BodyHandler.create(false).setBodyLimit(bodyLimit);
    for (Endpoint e : Endpoint.values()) {
      // Two routes: the key is checked before a byte of the body is read.
      web.route(HttpMethod.POST, "/v1" + e.path()).handler(ctx -> {
        metrics.track(ctx, e);
        authenticate(ctx);
      });
      web.route(HttpMethod.POST, "/v1" + e.path())
          .handler(body)
          .handler(ctx -> new InferenceCall(ctx, e, this).start())
          .failureHandler(this::failure);
    }
    web.get("/v1/models").handler(this::authenticate).handler(models::list);
    web.get("/v1/models/:name").handler(this::authenticate).handler(models::one);
    web.route("/v1/*").handler(ctx -> Respond.error(ctx,
        new GatewayError.NoRoute(ctx.request().method().name(), ctx.request().path())));
  }

  private void authenticate(RoutingContext ctx) {
    ctx.response().putHeader(Headers.REQUEST_ID, RequestIds.next());
    auth.caller(ctx.request()).ifPresentOrElse(c -> {
      ctx.put(InferenceCall.CALLER, c);
      ctx.next();
    }, () -> Respond.error(ctx, new GatewayError.Unauthorized()));
  }

  private void failure(RoutingContext ctx) {
    if (ctx.statusCode() == 413) {
      Respond.error(ctx, new GatewayError.BodyTooLarge(bodyLimit));
    } else if (ctx.statusCode() == 400) {
      Respond.error(ctx, new GatewayError.InvalidRequest("The request body could not be read.", null,
          "invalid_body"));
    } else {
      Throwable t = ctx.failure();
      Respond.error(ctx, new GatewayError.Internal(t == null ? "status " + ctx.statusCode() : t.toString()));
    }
  }

  CatalogHolder catalog() {
    return catalog;
  }

  Router router() {
    return router;
  }

  Metrics metrics() {
    return metrics;
  }

  Stickiness stickiness() {
    return stickiness;
  }

  Failover failover() {
    return failover;
  }

  Ledger ledger() {
    return ledger;
  }

  Clock clock() {
    return clock;
  }
}
