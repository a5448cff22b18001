package dev.switchboard.mock;

import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import java.util.Set;

/** Reads and writes {@link MockBehavior} in the JSON of {@code /mock/behavior}. */
final class BehaviorJson {
  private static final Set<String> FIELDS =
      Set.of(
          "behavior",
          "status",
          "body",
          "retry_after",
          "after",
          "latency_ms",
          "chunks",
          "chunk_interval_ms");

  private BehaviorJson() {}

  /**
   * Builds a whole new behaviour from JSON; fields left out take their defaults rather than the
   * current values, so one PUT fully describes what the mock does next.
   *
   * @throws IllegalArgumentException naming the offending field
   */
  static MockBehavior parse(JsonObject json) {
    for (String field : json.fieldNames()) {
      if (!FIELDS.contains(field)) {
        throw new IllegalArgumentException("unknown field '" + field + "'");
      }
    }
    if (!(json.getValue("behavior") instanceof String name)) {
      throw new IllegalArgumentException("'behavior' is required and must be a string");
    }
    MockBehavior.Kind kind = MockBehavior.Kind.fromWireName(name);
    if (kind == null) {
      throw new IllegalArgumentException("unknown behavior '" + name + "'");
    }
    Object body = json.getValue("body");
    String bodyText =
        switch (body) {
          case null -> null;
          case String s -> s;
          // An object or array is sent as its JSON text.
          default -> Json.encode(body);
        };
    Long retryAfter = json.containsKey("retry_after") ? longField(json, "retry_after", 0) : null;
    return new MockBehavior(
        kind,
        (int) longField(json, "status", MockBehavior.DEFAULT_STATUS),
        bodyText,
        retryAfter == null ? null : Math.toIntExact(retryAfter),
        (int) longField(json, "after", MockBehavior.DEFAULT_AFTER),
        longField(json, "latency_ms", 0),
        (int) longField(json, "chunks", MockBehavior.DEFAULT_CHUNKS),
        longField(json, "chunk_interval_ms", 0));
  }

  private static long longField(JsonObject json, String field, long fallback) {
    Object value = json.getValue(field);
    if (value == null) {
      return fallback;
    }
    if (!(value instanceof Number number)
        || number.doubleValue() != Math.rint(number.doubleValue())
        || Math.abs(number.doubleValue()) > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("'" + field + "' must be an integer");
    }
    return number.longValue();
  }

  static JsonObject toJson(MockBehavior behavior) {
    return new JsonObject()
        .put("behavior", behavior.kind().wireName())
        .put("status", behavior.status())
        .put("body", behavior.body())
        .put("retry_after", behavior.retryAfter())
        .put("after", behavior.after())
        .put("latency_ms", behavior.latencyMs())
        .put("chunks", behavior.chunks())
        .put("chunk_interval_ms", behavior.chunkIntervalMs());
  }
}
