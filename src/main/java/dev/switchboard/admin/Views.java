package dev.switchboard.admin;

import dev.switchboard.catalog.Alias;
import dev.switchboard.catalog.ApiKey;
import dev.switchboard.catalog.Binding;
import dev.switchboard.catalog.Catalog;
import dev.switchboard.catalog.Model;
import dev.switchboard.catalog.Provider;
import dev.switchboard.catalog.Route;
import dev.switchboard.catalog.Target;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;

/** JSON views of catalog records for the admin API; credentials are never shown. */
final class Views {

  private Views() {}

  static JsonObject provider(Provider p) {
    return new JsonObject()
        .put("id", p.id())
        .put("name", p.name())
        .put("kind", p.kind())
        .put("base_url", p.baseUrl())
        .put("has_api_key", p.apiKey().present() || p.apiKey().unreadable())
        .put("api_key_readable", !p.apiKey().unreadable())
        .put("headers", new JsonObject(new java.util.LinkedHashMap<>(p.headers())))
        .put("timeouts", ProviderRules.timeoutsJson(p.timeouts()))
        .put("active", p.active())
        .put("source", p.source())
        .put("created_at", time(p.createdAt()))
        .put("updated_at", time(p.updatedAt()));
  }

  static JsonObject model(Model m, Catalog c) {
    return new JsonObject()
        .put("id", m.id())
        .put("name", m.name())
        .put("provider", c.provider(m.providerId()).map(Provider::name).orElse(null))
        .put("upstream_model", m.upstreamModel())
        .put("kind", m.kind().wire())
        .put("timeouts", ProviderRules.timeoutsJson(m.timeouts()))
        .put("prices", ModelRules.pricesJson(m.prices()))
        .put("capabilities", ModelRules.capabilitiesJson(m.capabilities()))
        .put("active", m.active())
        .put("source", m.source())
        .put("aliases_pointing_here", new JsonArray(c.aliasesTargeting(m.id()).stream().map(Alias::name).toList()))
        .put("created_at", time(m.createdAt()))
        .put("updated_at", time(m.updatedAt()));
  }

  static JsonObject alias(Alias a, Catalog c) {
    Route route = c.route(a.name()).orElse(null);
    JsonArray targets = new JsonArray();
    for (Target t : a.targets()) {
      Binding b = route == null ? null : route.bindings().stream()
          .filter(x -> x.model().id() == t.modelId()).findFirst().orElse(null);
      targets.add(new JsonObject()
          .put("model", b == null ? null : b.model().name())
          .put("position", t.position())
          .put("weight", t.weight())
          .put("available", b != null && b.available())
          .put("unavailable_reason", b == null ? "target_deleted" : b.unavailableReason()));
    }
    boolean available = route != null && route.available();
    return new JsonObject()
        .put("id", a.id())
        .put("name", a.name())
        .put("display_name", a.displayName())
        .put("description", a.description())
        .put("target", targets.isEmpty() ? null : targets.getJsonObject(0).getString("model"))
        .put("targets", targets)
        .put("rule", a.rule())
        .put("max_attempts", a.maxAttempts())
        .put("retries", a.retries())
        .put("hide_targets", a.hideTargets())
        .put("cooldown_seconds", a.cooldownSeconds())
        .put("input_price_weight", a.inputPriceWeight())
        .put("output_price_weight", a.outputPriceWeight())
        .put("sticky_ttl_seconds", a.stickyTtlSeconds())
        .put("health", HealthRules.json(a.health()))
        .put("pinned", a.pinnedModelId() == null ? null : c.model(a.pinnedModelId()).map(Model::name).orElse(null))
        .put("active", a.active())
        .put("available", available)
        .put("unavailable_reason", available ? null : a.targets().isEmpty() ? "target_deleted"
            : !a.active() ? "inactive" : "no_available_target")
        .put("source", a.source())
        .put("created_at", time(a.createdAt()))
        .put("updated_at", time(a.updatedAt()));
  }

  static JsonObject key(ApiKey k) {
    return new JsonObject()
        .put("id", k.id())
        .put("name", k.name())
        .put("prefix", k.prefix())
        .put("active", k.active())
        .put("source", k.source())
        .put("created_at", time(k.createdAt()));
  }

  static String time(Instant t) {
    return t == null ? null : t.toString();
  }
}
