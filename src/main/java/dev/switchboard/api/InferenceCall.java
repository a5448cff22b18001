package dev.switchboard.api;

import dev.switchboard.access.Caller;
import dev.switchboard.catalog.ModelKind;
import dev.switchboard.catalog.Route;
import dev.switchboard.protocol.Endpoint;
import dev.switchboard.protocol.InvalidRequest;
import dev.switchboard.protocol.OpenAiRequest;
import dev.switchboard.routing.AttemptLog;
import dev.switchboard.routing.Failover;
import dev.switchboard.routing.Outcome;
import dev.switchboard.routing.Plan;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One inference request from parsed body to the last byte relayed, and its ledger rows. */
final class InferenceCall {

  static final String CALLER = "switchboard.caller";
  private static final Logger LOG = LoggerFactory.getLogger(InferenceCall.class);
  private static final Duration DEADLINE = Duration.ofMinutes(10);

  private final RoutingContext ctx;
  private final Endpoint endpoint;
  private final InferenceApi api;
  private final long startedNanos = System.nanoTime();
  private OpenAiRequest body;
  private Route route;
  private UsageRecorder usage;
  private Plan plan;
  private String sessionHash;

  InferenceCall(RoutingContext ctx, Endpoint endpoint, InferenceApi api) {
    this.ctx = ctx;
    this.endpoint = endpoint;
    this.api = api;
  }

  void start() {
    Buffer raw = ctx.body().buffer();
    try {
      body = OpenAiRequest.parse(endpoint, raw == null ? new byte[0] : raw.getBytes());
    } catch (InvalidRequest e) {
      Respond.error(ctx, new GatewayError.InvalidRequest(e.getMessage(), e.param(), e.code()));
      return;
    }
    route = api.catalog().get().route(body.model()).orElse(null);
    if (route == null || (!route.isAlias() && !route.available())) {
      Respond.error(ctx, new GatewayError.ModelNotFound(body.model()));
      return;
    }
    if (!route.available()) {
      Respond.error(ctx, new GatewayError.AliasUnavailable(body.model()));
      return;
    }
    ModelKind want = endpoint == Endpoint.EMBEDDINGS ? ModelKind.EMBEDDING : ModelKind.CHAT;
    if (route.kind() != want) {
      Respond.error(ctx, new GatewayError.WrongEndpoint(body.model(), route.kind().wire()));
      return;
    }
    Caller caller = ctx.get(CALLER);
    sessionHash = route.isAlias() && route.alias().sticky()
        ? api.stickiness().keyHash(caller.keyId(), sessionKey()) : null;
    Long sticky = sessionHash == null ? null : api.stickiness().lookup(route.alias(), sessionHash).orElse(null);
    plan = api.router().plan(route, sticky);
    if (plan.isEmpty()) {
      Respond.error(ctx, new GatewayError.AliasUnavailable(body.model()));
      return;
    }
    usage = new UsageRecorder(api.ledger(), api.metrics(), api.clock(), ctx.response().headers().get(Headers.REQUEST_ID),
        endpoint, ctx.get(CALLER), route, body.stream());
    Failover.Handle handle = api.failover().run(new Failover.Request(
        ctx.response().headers().get(Headers.REQUEST_ID), body, plan, startedNanos + DEADLINE.toNanos()));
    ctx.response().closeHandler(v -> handle.cancel());
    handle.outcome().onComplete(ar -> {
      if (ar.failed()) {
        LOG.error("attempt loop failed", ar.cause());
        Respond.error(ctx, new GatewayError.Internal(ar.cause().toString()));
        return;
      }
      respond(ar.result());
    });
  }

  private void respond(Outcome outcome) {
    HttpServerResponse resp = ctx.response();
    int attempts = outcome.failed().size();
    switch (outcome) {
      case Outcome.Answered a -> {
        if (a.rewritten() != null && a.reply().status() < 400) {
          stick(a.last().binding());
        }
        usage.failedOver(a.failed());
        usage.finished(a.last(), a.rewritten() == null ? null : a.rewritten().usage());
        Headers.served(resp, attempts + 1, a.last().binding(), failoverState(a.last().binding()), route.hideTargets());
        Headers.rateLimits(resp, a.reply().headers());
        String type = a.reply().headers().get("content-type");
        resp.setStatusCode(a.reply().status())
            .putHeader("content-type", type == null ? "application/json" : type)
            .end(a.rewritten() != null ? a.rewritten().body() : a.reply().body());
      }
      case Outcome.Streaming s -> {
        stick(s.binding());
        usage.failedOver(s.failed());
        Headers.served(resp, attempts + 1, s.binding(), failoverState(s.binding()), route.hideTargets());
        Headers.rateLimits(resp, s.reply().headers());
        new StreamRelay(ctx, s, body, usage).start();
      }
      case Outcome.Exhausted x -> exhausted(x, resp);
      case Outcome.Canceled c -> {
        usage.failedOver(c.failed());
        usage.finished(c.last(), null);
      }
    }
  }

  /** The session key: header {@code x-session-id}, {@code x-session-affinity}, body prompt_cache_key or user. */
  private String sessionKey() {
    String h = ctx.request().getHeader("x-session-id");
    if (h == null || h.isBlank()) {
      h = ctx.request().getHeader("x-session-affinity");
    }
    return h != null && !h.isBlank() ? h : body.sessionField();
  }

  /** A successful answer: the session sticks to its target and the alias's active target is recorded. */
  private void stick(dev.switchboard.catalog.Binding served) {
    api.router().tracker().served(plan, served);
    if (sessionHash != null) {
      api.stickiness().served(route.alias(), sessionHash, served.model().id());
    }
  }

  /** {@code degraded} when every target was cooling down, {@code fallback} when the rule's first did not serve. */
  private String failoverState(dev.switchboard.catalog.Binding served) {
    if (!route.isAlias()) {
      return null; // a model name has nothing to fall back to
    }
    if (plan.degraded()) {
      return "degraded";
    }
    return plan.ruleFirst() != null && served.model().id() != plan.ruleFirst().model().id() ? "fallback" : null;
  }

  private void exhausted(Outcome.Exhausted x, HttpServerResponse resp) {
    AttemptLog last = x.last();
    usage.exhausted(x.failed());
    LOG.warn("{} tried={} ({})", route.isAlias() ? "alias=" + route.name() : "model=" + route.name(),
        x.failed().size(), UsageRecorder.describe(x.failed()));
    Headers.served(resp, x.failed().size(), last == null ? null : last.binding(),
        route.isAlias() && plan.degraded() ? "degraded" : null, route.hideTargets());
    if (x.lastReply() != null && x.lastReply().body() != null) {
      Headers.rateLimits(resp, x.lastReply().headers());
      String type = x.lastReply().headers().get("content-type");
      resp.setStatusCode(x.lastReply().status())
          .putHeader("content-type", type == null ? "application/json" : type)
          .end(x.lastReply().body());
      return;
    }
    Respond.error(ctx, new GatewayError.UpstreamFailed(last == null ? null : last.verdict(), x.failed().size()));
  }
}
