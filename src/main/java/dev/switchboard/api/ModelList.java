package dev.switchboard.api;

import dev.switchboard.catalog.Binding;
import dev.switchboard.catalog.Capabilities;
import dev.switchboard.catalog.CatalogHolder;
import dev.switchboard.catalog.Route;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/** {@code GET /v1/models} and {@code /v1/models/{name}}: the available names, models and aliases alike. */
final class ModelList {

  private final CatalogHolder catalog;

  ModelList(CatalogHolder catalog) {
    this.catalog = catalog;
  }

  void list(RoutingContext ctx) {
    JsonArray data = new JsonArray();
    for (Route r : catalog.get().routes()) {
      if (r.available()) {
        data.add(card(r));
      }
    }
    Respond.json(ctx.response(), 200, new JsonObject().put("object", "list").put("data", data));
  }

  void one(RoutingContext ctx) {
    String name = ctx.pathParam("name");
    catalog.get().route(name).filter(Route::available).ifPresentOrElse(
        r -> Respond.json(ctx.response(), 200, card(r)),
        () -> Respond.error(ctx, new GatewayError.ModelNotFound(name)));
  }

  /**
   * A card never names a target: an alias shows its own name, display name and description, and what every
   * one of its available targets can do (the intersection of their capabilities).
   */
  private static JsonObject card(Route r) {
    long created = r.isAlias()
        ? r.alias().createdAt().getEpochSecond()
        : r.bindings().getFirst().model().createdAt().getEpochSecond();
    Capabilities caps = null;
    for (Binding b : r.bindings()) {
      if (b.available()) {
        caps = caps == null ? b.model().capabilities() : caps.intersect(b.model().capabilities());
      }
    }
    JsonObject card = new JsonObject()
        .put("id", r.name())
        .put("object", "model")
        .put("created", created)
        .put("owned_by", "switchboard")
        .put("kind", r.kind() == null ? null : r.kind().wire());
    if (r.isAlias()) {
      card.put("display_name", r.alias().displayName()).put("description", r.alias().description());
    }
    if (caps != null) {
      card.put("context_window", caps.contextWindow()).put("max_output_tokens", caps.maxOutputTokens())
          .put("modalities", caps.modalities() == null ? null : new JsonArray(caps.modalities()))
          .put("features", caps.features() == null ? null : new JsonArray(caps.features()));
    }
    return card;
  }
}
