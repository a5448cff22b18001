package dev.switchboard.admin;

import dev.switchboard.catalog.Alias;
import dev.switchboard.catalog.ApiKey;
import dev.switchboard.catalog.Catalog;
import dev.switchboard.catalog.Model;
import dev.switchboard.catalog.Provider;
import dev.switchboard.ledger.Reports;
import dev.switchboard.routing.Router;
import dev.switchboard.routing.Stickiness;
import dev.switchboard.protocol.OpenAiErrors;
import io.vertx.core.Future;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.Collection;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The admin REST API under {@code /api/admin} plus {@code /api/requests}, behind the admin token.
 * Handlers parse on the event loop and run every store call on a virtual thread.
 */
public final class AdminApi {

  private static final Logger LOG = LoggerFactory.getLogger(AdminApi.class);
  private static final long BODY_LIMIT = 1 << 20;
  private static final String ACTOR = "admin";

  private final CatalogEditor editor;
  private final AdminToken token;
  private final Reports reports;
  private final Router router;
  private final Stickiness stickiness;

  public AdminApi(CatalogEditor editor, AdminToken token, Reports reports, Router router, Stickiness stickiness) {
    this.stickiness = stickiness;
    this.editor = editor;
    this.token = token;
    this.reports = reports;
    this.router = router;
  }

  /** A saved write: what the handler does with the existing row (or null) and the JSON body. */
  private interface Save<T> {
    T apply(T existing, JsonObject body);
  }

  private interface Delete<T> {
    void apply(T existing, RoutingContext ctx);
  }

  public void mount(io.vertx.ext.web.Router web) {
    web.route("/api/*").handler(this::authenticate);
    web.route("/api/*").method(HttpMethod.POST).handler(BodyHandler.create(false).setBodyLimit(BODY_LIMIT));
    web.route("/api/*").method(HttpMethod.PATCH).handler(BodyHandler.create(false).setBodyLimit(BODY_LIMIT));
    web.route("/api/*").method(HttpMethod.PUT).handler(BodyHandler.create(false).setBodyLimit(BODY_LIMIT));
    resource(web, "providers", c -> c.providers(), this::provider, p -> Views.provider(p),
        (e, b) -> editor.saveProvider(e, b, ACTOR, "api"), (p, ctx) -> editor.deleteProvider(p, ACTOR));
    resource(web, "models", c -> c.models(), this::model, m -> Views.model(m, editor.catalog()),
        (e, b) -> editor.saveModel(e, b, ACTOR, "api"),
        (m, ctx) -> editor.deleteModel(m, "true".equals(ctx.queryParams().get("force")), ACTOR));
    resource(web, "aliases", c -> c.aliases(), this::alias, a -> Views.alias(a, editor.catalog()),
        (e, b) -> editor.saveAlias(e, b, ACTOR, "api"), (a, ctx) -> editor.deleteAlias(a, ACTOR));
    keys(web);
    web.get("/api/admin/audit").handler(ctx -> blocking(ctx, 200, () ->
        new JsonObject().put("data", reports.audit(limit(ctx)))));
    web.get("/api/requests").handler(this::requests);
    web.get("/api/usage").handler(this::usage);
    web.get("/api/aliases/:name/plan").handler(this::plan);
    FailoverApi failover = new FailoverApi(editor, router);
    web.get("/api/failover").handler(ctx -> json(ctx, 200, failover.all()));
    web.get("/api/failover/events").handler(failover::events);
    web.get("/api/failover/:name").handler(ctx -> json(ctx, 200,
        failover.one(editor.catalog(), alias(editor.catalog(), ctx.pathParam("name")))));
    web.post("/api/failover/:name/pin").handler(ctx -> {
      Alias a = alias(editor.catalog(), ctx.pathParam("name"));
      body(ctx).ifPresent(b -> blocking(ctx, 200, () -> {
        String target = new Fields(b, java.util.Set.of("target")).requiredString("target");
        editor.pin(a, target, ACTOR);
        return failover.one(editor.catalog(), editor.catalog().alias(a.name()).orElseThrow());
      }));
    });
    web.delete("/api/failover/:name/pin").handler(ctx -> {
      Alias a = alias(editor.catalog(), ctx.pathParam("name"));
      blocking(ctx, 200, () -> {
        editor.pin(a, null, ACTOR);
        return failover.one(editor.catalog(), editor.catalog().alias(a.name()).orElseThrow());
      });
    });
    web.route("/api/*").handler(ctx -> error(ctx, new AdminError(404, "not_found",
        "Unknown admin URL: " + ctx.request().method() + " " + ctx.request().path() + ".", null)));
    web.route("/api/*").failureHandler(this::failure);
  }

  private <T> void resource(io.vertx.ext.web.Router web, String path, Function<Catalog, Collection<T>> all,
      BiFunction<Catalog, String, T> find, Function<T, JsonObject> view, Save<T> save, Delete<T> delete) {
    String base = "/api/admin/" + path;
    web.get(base).handler(ctx -> {
      JsonArray data = new JsonArray();
      all.apply(editor.catalog()).forEach(t -> data.add(view.apply(t)));
      json(ctx, 200, new JsonObject().put("data", data));
    });
    web.post(base).handler(ctx -> body(ctx).ifPresent(b -> blocking(ctx, 201, () -> view.apply(save.apply(null, b)))));
    web.get(base + "/:ref").handler(ctx -> json(ctx, 200, view.apply(find.apply(editor.catalog(), ref(ctx)))));
    for (HttpMethod m : new HttpMethod[] {HttpMethod.PATCH, HttpMethod.PUT}) {
      web.route(m, base + "/:ref").handler(ctx -> {
        T existing = find.apply(editor.catalog(), ref(ctx));
        body(ctx).ifPresent(b -> blocking(ctx, 200, () -> view.apply(save.apply(existing, b))));
      });
    }
    web.delete(base + "/:ref").handler(ctx -> {
      T existing = find.apply(editor.catalog(), ref(ctx));
      blocking(ctx, 204, () -> {
        delete.apply(existing, ctx);
        return null;
      });
    });
  }

  private void keys(io.vertx.ext.web.Router web) {
    web.get("/api/admin/keys").handler(ctx -> blocking(ctx, 200, () -> {
      JsonArray data = new JsonArray();
      editor.keys().forEach(k -> data.add(Views.key(k)));
      return new JsonObject().put("data", data);
    }));
    web.post("/api/admin/keys").handler(ctx -> body(ctx).ifPresent(b -> blocking(ctx, 201, () -> {
      CatalogEditor.CreatedKey created = editor.saveKey(null, b, ACTOR, "api");
      return Views.key(created.key()).put("key", created.plaintext());
    })));
    web.get("/api/admin/keys/:ref").handler(ctx -> blocking(ctx, 200, () -> Views.key(key(ref(ctx)))));
    web.patch("/api/admin/keys/:ref").handler(ctx -> body(ctx).ifPresent(b -> blocking(ctx, 200, () ->
        Views.key(editor.saveKey(key(ref(ctx)), b, ACTOR, "api").key()))));
    web.delete("/api/admin/keys/:ref").handler(ctx -> blocking(ctx, 204, () -> {
      editor.deleteKey(key(ref(ctx)), ACTOR);
      return null;
    }));
  }

  private void requests(RoutingContext ctx) {
    String format = ctx.queryParams().get("format");
    if (format != null && !format.equals("json") && !format.equals("csv")) {
      error(ctx, AdminError.bad("invalid_value", "'format' must be json or csv.", "format"));
      return;
    }
    int limit = limit(ctx);
    if ("csv".equals(format)) {
      Blocking.run(ctx.vertx().getOrCreateContext(), () -> reports.requestsCsv(limit)).onComplete(ar -> {
        if (ar.failed()) {
          fail(ctx, ar.cause());
        } else {
          ctx.response().putHeader("content-type", "text/csv; charset=utf-8").end(ar.result());
        }
      });
      return;
    }
    blocking(ctx, 200, () -> new JsonObject().put("data", reports.requests(limit)));
  }

  /** The route explanation; {@code ?session=S&key=NAME} shows where that caller's session would go. */
  private void plan(RoutingContext ctx) {
    Alias alias = alias(editor.catalog(), ctx.pathParam("name"));
    String session = ctx.queryParams().get("session");
    String keyName = ctx.queryParams().get("key");
    if (session == null) {
      json(ctx, 200, PlanView.of(router, editor.catalog(), alias, null));
      return;
    }
    if (keyName == null) {
      error(ctx, AdminError.bad("missing_field", "'key' names the caller whose session this is.", "key"));
      return;
    }
    blocking(ctx, 200, () -> {
      ApiKey k = key(keyName);
      Long sticky = stickiness.lookup(alias, stickiness.keyHash(k.id(), session)).orElse(null);
      return PlanView.of(router, editor.catalog(), alias, sticky);
    });
  }

  private void usage(RoutingContext ctx) {
    String groupBy = ctx.queryParams().get("group_by") == null ? "model" : ctx.queryParams().get("group_by");
    if (!groupBy.equals("model")) {
      error(ctx, AdminError.bad("invalid_value", "'group_by' must be model.", "group_by"));
      return;
    }
    java.time.Instant from = instant(ctx, "from");
    java.time.Instant to = instant(ctx, "to");
    blocking(ctx, 200, () -> new JsonObject().put("group_by", groupBy).put("data", reports.usage(groupBy, from, to)));
  }

  private static java.time.Instant instant(RoutingContext ctx, String name) {
    String raw = ctx.queryParams().get(name);
    if (raw == null) {
      return null;
    }
    try {
      return java.time.Instant.parse(raw);
    } catch (java.time.format.DateTimeParseException e) {
      throw AdminError.bad("invalid_value", "'" + name + "' must be an ISO-8601 instant such as "
          + "2026-12-01T00:00:00Z.", name);
    }
  }

  private static int limit(RoutingContext ctx) {
    String raw = ctx.queryParams().get("limit");
    if (raw == null) {
      return 100;
    }
    try {
      int n = Integer.parseInt(raw);
      if (n >= 1 && n <= 10_000) {
        return n;
      }
    } catch (NumberFormatException e) {
      // falls through to the refusal below
    }
    throw AdminError.bad("invalid_value", "'limit' must be an integer from 1 to 10000.", "limit");
  }

  // ---- lookups: a numeric ref is an id, anything else a name

  private static String ref(RoutingContext ctx) {
    return ctx.pathParam("ref");
  }

  private static Optional<Long> id(String ref) {
    return ref.chars().allMatch(Character::isDigit) && !ref.isEmpty() && ref.length() < 19
        ? Optional.of(Long.parseLong(ref)) : Optional.empty();
  }

  private Provider provider(Catalog c, String ref) {
    return id(ref).flatMap(c::provider).or(() -> c.provider(ref)).orElseThrow(() -> notFound("provider", ref));
  }

  private Model model(Catalog c, String ref) {
    if (id(ref).isEmpty() && c.alias(ref).isPresent()) {
      throw AdminError.bad("model_is_alias", "'" + ref + "' is an alias, not a model; use /api/admin/aliases.",
          "model");
    }
    return id(ref).flatMap(c::model).or(() -> c.model(ref)).orElseThrow(() -> notFound("model", ref));
  }

  private Alias alias(Catalog c, String ref) {
    Optional<Alias> byId = id(ref).flatMap(i -> c.aliases().stream().filter(a -> a.id() == i).findFirst());
    return byId.or(() -> c.alias(ref)).orElseThrow(() -> notFound("alias", ref));
  }

  private ApiKey key(String ref) {
    return editor.keys().stream()
        .filter(k -> id(ref).map(i -> k.id() == i).orElse(false) || k.name().equals(ref))
        .findFirst().orElseThrow(() -> notFound("key", ref));
  }

  private static AdminError notFound(String what, String ref) {
    return new AdminError(404, "not_found", "No " + what + " '" + ref + "'.", null);
  }

  // ---- plumbing

  private void authenticate(RoutingContext ctx) {
    if (token.accepts(ctx.request().getHeader("authorization"))) {
      ctx.next();
    } else {
      error(ctx, new AdminError(401, "invalid_admin_token", "Invalid or missing admin token.", null));
    }
  }

  private static Optional<JsonObject> body(RoutingContext ctx) {
    try {
      Object parsed = ctx.body().buffer() == null ? null : ctx.body().buffer().toJsonValue();
      if (parsed instanceof JsonObject o) {
        return Optional.of(o);
      }
      error(ctx, AdminError.bad("invalid_json", "The body must be a JSON object.", null));
    } catch (DecodeException e) {
      error(ctx, AdminError.bad("invalid_json", "The body is not valid JSON.", null));
    }
    return Optional.empty();
  }

  private static void blocking(RoutingContext ctx, int status, Callable<JsonObject> work) {
    Future<JsonObject> f = Blocking.run(ctx.vertx().getOrCreateContext(), work);
    f.onComplete(ar -> {
      if (ar.failed()) {
        fail(ctx, ar.cause());
      } else if (status == 204) {
        ctx.response().setStatusCode(204).end();
      } else {
        json(ctx, status, ar.result());
      }
    });
  }

  private static void fail(RoutingContext ctx, Throwable t) {
    switch (t) {
      case AdminError e -> error(ctx, e);
      case CatalogEditor.InUse e -> {
        JsonObject body = errorBody(409, e.code(), e.getMessage(), null);
        body.getJsonObject("error").put("used_by", new JsonArray(e.users()));
        json(ctx, 409, body);
      }
      default -> {
        LOG.error("admin request {} {} failed", ctx.request().method(), ctx.request().path(), t);
        error(ctx, new AdminError(500, "internal_error", "Internal error: " + t, null));
      }
    }
  }

  private void failure(RoutingContext ctx) {
    if (ctx.failure() != null) {
      fail(ctx, ctx.failure());
    } else if (ctx.statusCode() == 413) {
      error(ctx, new AdminError(413, "request_too_large", "The body is larger than " + BODY_LIMIT + " bytes.", null));
    } else {
      error(ctx, new AdminError(ctx.statusCode(), "invalid_request", "The request could not be read.", null));
    }
  }

  private static void error(RoutingContext ctx, AdminError e) {
    json(ctx, e.status(), errorBody(e.status(), e.code(), e.getMessage(), e.param()));
  }

  private static JsonObject errorBody(int status, String code, String message, String param) {
    return OpenAiErrors.body(message, status >= 500 ? "api_error" : "invalid_request_error", code, param);
  }

  private static void json(RoutingContext ctx, int status, JsonObject body) {
    if (!ctx.response().ended()) {
      ctx.response().setStatusCode(status).putHeader("content-type", "application/json").end(body.toBuffer());
    }
  }
}
