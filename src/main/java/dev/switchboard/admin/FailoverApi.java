package dev.switchboard.admin;

import dev.switchboard.catalog.Alias;
import dev.switchboard.catalog.Binding;
import dev.switchboard.catalog.Catalog;
import dev.switchboard.catalog.Route;
import dev.switchboard.health.HealthEvent;
import dev.switchboard.health.HealthSettings;
import dev.switchboard.health.TargetKey;
import dev.switchboard.health.TargetState;
import dev.switchboard.routing.AliasTracker;
import dev.switchboard.routing.Router;
import io.vertx.core.Context;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.time.Instant;

/**
 * The live failover state (DESIGN §6): {@code GET /api/failover}, {@code GET /api/failover/{alias}} and the
 * {@code GET /api/failover/events} stream ({@code snapshot} first, then {@code alias.switched} and
 * {@code target.state} as they happen).
 */
final class FailoverApi {

  private static final long KEEP_ALIVE_MS = 15_000;

  private final CatalogEditor editor;
  private final Router router;

  FailoverApi(CatalogEditor editor, Router router) {
    this.editor = editor;
    this.router = router;
  }

  JsonObject all() {
    JsonArray data = new JsonArray();
    Catalog c = editor.catalog();
    for (Alias a : c.aliases()) {
      if (a.targets().size() >= 2) {
        data.add(one(c, a));
      }
    }
    return new JsonObject().put("data", data);
  }

  JsonObject one(Catalog c, Alias alias) {
    Route route = c.route(alias.name()).orElseThrow();
    HealthSettings settings = router.settings(route);
    Instant now = router.health().now();
    AliasTracker.Active active = router.tracker().active(alias.name()).orElse(null);
    JsonArray targets = new JsonArray();
    boolean anyEligible = false;
    boolean firstEligible = false;
    for (Binding b : route.bindings()) {
      TargetState s = router.health().state(new TargetKey(alias.name(), b.model().id()));
      boolean eligible = b.available() && s.eligible(now, settings);
      anyEligible |= eligible;
      if (b.target().position() == 1) {
        firstEligible = eligible;
      }
      targets.add(new JsonObject()
          .put("model", b.model().name())
          .put("provider", b.provider().name())
          .put("kind", b.model().kind().wire())
          .put("position", b.target().position())
          .put("state", s.status().wire())
          .put("available", b.available())
          .put("cooling_down_until", s.coolingDown(now) ? s.downUntil().toString() : null)
          .put("since", time(s.since()))
          .put("last_probe_at", time(s.lastProbeAt()))
          .put("last_check_at", time(s.lastCheckAt()))
          .put("last_error", s.lastError())
          .put("last_error_at", time(s.lastErrorAt())));
    }
    String state = !anyEligible ? "degraded"
        : !firstEligible || (active != null && active.position() != 1) ? "fallback" : "healthy";
    Long pin = alias.pinnedModelId();
    return new JsonObject()
        .put("alias", alias.name())
        .put("rule", alias.rule())
        .put("state", state)
        .put("active_target", active == null ? null : active.model())
        .put("active_since", active == null ? null : active.since().toString())
        .put("pin", pin == null ? null : c.model(pin).map(m -> m.name()).orElse(null))
        .put("targets", targets);
  }

  /** Server-sent events: the snapshot, then every health event until the client leaves. */
  void events(RoutingContext ctx) {
    HttpServerResponse resp = ctx.response();
    resp.setChunked(true).putHeader("content-type", "text/event-stream").putHeader("cache-control", "no-cache");
    resp.write(sse("snapshot", all()));
    Context context = ctx.vertx().getOrCreateContext();
    AutoCloseable subscription = router.health().events().subscribe(e -> context.runOnContext(v -> {
      if (!resp.closed() && !resp.ended()) {
        resp.write(sse(name(e), json(e)));
      }
    }));
    long ping = ctx.vertx().setPeriodic(KEEP_ALIVE_MS, id -> {
      if (!resp.closed()) {
        resp.write(": keep-alive\n\n");
      }
    });
    resp.closeHandler(v -> {
      ctx.vertx().cancelTimer(ping);
      try {
        subscription.close();
      } catch (Exception ignored) {
        // removing a listener from a list cannot fail
      }
    });
  }

  private static String name(HealthEvent e) {
    return e instanceof HealthEvent.AliasSwitched ? "alias.switched" : "target.state";
  }

  private JsonObject json(HealthEvent e) {
    return switch (e) {
      case HealthEvent.AliasSwitched s -> new JsonObject().put("alias", s.alias()).put("from", s.from())
          .put("to", s.to()).put("state", s.state()).put("reason", s.reason()).put("cause", s.cause())
          .put("at", s.at().toString());
      case HealthEvent.TargetChanged t -> new JsonObject().put("alias", t.alias())
          .put("target", editor.catalog().model(t.modelId()).map(m -> m.name()).orElse(null))
          .put("from", t.from().wire()).put("to", t.to().wire()).put("reason", t.reason())
          .put("at", t.at().toString());
    };
  }

  private static String sse(String event, JsonObject data) {
    return "event: " + event + "\ndata: " + data.encode() + "\n\n";
  }

  private static String time(Instant t) {
    return t == null || t.equals(Instant.EPOCH) ? null : t.toString();
  }
}
