package dev.switchboard.mock;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** The most recent {@code /v1} request as the mock received it, for tests to inspect. */
record LastRequest(String method, String path, Map<String, String> headers, Object body) {

  static LastRequest of(RoutingContext ctx) {
    Map<String, String> headers = new TreeMap<>();
    ctx.request()
        .headers()
        .forEach(
            entry ->
                headers.merge(
                    entry.getKey().toLowerCase(Locale.ROOT),
                    entry.getValue(),
                    (first, second) -> first + ", " + second));
    String text = ctx.body().available() ? ctx.body().asString() : null;
    return new LastRequest(
        ctx.request().method().name(), ctx.request().path(), Map.copyOf(headers), parse(text));
  }

  /** The body as JSON when it parses, else the raw text; {@code null} when there was none. */
  private static Object parse(String text) {
    if (text == null || text.isEmpty()) {
      return null;
    }
    try {
      return Json.decodeValue(text);
    } catch (DecodeException notJson) {
      return text;
    }
  }

  JsonObject toJson() {
    return new JsonObject()
        .put("method", method)
        .put("path", path)
        .put("headers", new JsonObject(new TreeMap<String, Object>(headers)))
        .put("body", body);
  }
}
