package dev.switchboard.admin;

import dev.switchboard.catalog.Alias;
import dev.switchboard.catalog.Catalog;
import dev.switchboard.catalog.Route;
import dev.switchboard.routing.Router;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/** {@code GET /api/aliases/{name}/plan}: the order a request would take now, and why each target is there. */
final class PlanView {

  private PlanView() {}

  static JsonObject of(Router router, Catalog catalog, Alias alias, Long stickyModel) {
    Route route = catalog.route(alias.name()).orElseThrow();
    JsonArray steps = new JsonArray();
    boolean degraded = true;
    for (Router.PlanStep s : router.explain(route, stickyModel)) {
      boolean cooling = s.state().coolingDown(router.health().now());
      if (s.place() > 0 && !cooling) {
        degraded = false;
      }
      steps.add(new JsonObject()
          .put("place", s.place() == 0 ? null : s.place())
          .put("model", s.binding().model().name())
          .put("provider", s.binding().provider().name())
          .put("position", s.binding().target() == null ? null : s.binding().target().position())
          .put("weight", s.binding().target() == null ? null : s.binding().target().weight())
          .put("state", s.state().status().wire())
          .put("cooling_down_until", cooling ? s.state().downUntil().toString() : null)
          .put("last_error", s.state().lastError())
          .put("reason", s.reason()));
    }
    return new JsonObject()
        .put("alias", alias.name())
        .put("rule", alias.rule())
        .put("max_attempts", alias.maxAttempts())
        .put("retries", alias.retries())
        .put("available", route.available())
        .put("sticky_target", stickyModel == null ? null : catalog.model(stickyModel).map(m -> m.name()).orElse(null))
        .put("degraded", route.available() && degraded)
        .put("steps", steps);
  }
}
