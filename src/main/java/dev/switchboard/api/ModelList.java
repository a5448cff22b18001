package dev.switchboard.api;

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

  /** A card never names a target: an alias shows only its own name and kind. */
  private static JsonObject card(Route r) {
    long created = r.isAlias()
        ? r.alias().createdAt().getEpochSecond()
        : r.bindings().getFirst().model().createdAt().getEpochSecond();
    return new JsonObject()
        .put("id", r.name())
        .put("object", "model")
        .put("created", created)
        .put("owned_by", "switchboard")
        .put("kind", r.kind() == null ? null : r.kind().wire());
  }
}
