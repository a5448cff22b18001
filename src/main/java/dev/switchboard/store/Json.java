package dev.switchboard.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.switchboard.catalog.Timeouts;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/** The JSON text columns of the catalog: provider headers and timeouts (milliseconds; absent = inherit). */
final class Json {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final TypeReference<Map<String, String>> STRING_MAP = new TypeReference<>() {};
  private static final TypeReference<Map<String, Long>> LONG_MAP = new TypeReference<>() {};

  private Json() {}

  static String headers(Map<String, String> headers) {
    return write(headers == null ? Map.of() : new TreeMap<>(headers));
  }

  static Map<String, String> headers(String json) {
    return json == null || json.isBlank() ? Map.of() : read(json, STRING_MAP);
  }

  /** A JSON object with these fields, keys sorted (for audit details). */
  static String object(Map<String, ?> fields) {
    return write(new TreeMap<>(fields));
  }

  static String timeouts(Timeouts t) {
    Map<String, Long> m = new LinkedHashMap<>();
    if (t != null) {
      put(m, "connect_ms", t.connect());
      put(m, "first_byte_ms", t.firstByte());
      put(m, "idle_ms", t.idle());
      put(m, "total_ms", t.total());
    }
    return write(m);
  }

  static Timeouts timeouts(String json) {
    Map<String, Long> m = json == null || json.isBlank() ? Map.of() : read(json, LONG_MAP);
    return new Timeouts(
        duration(m.get("connect_ms")),
        duration(m.get("first_byte_ms")),
        duration(m.get("idle_ms")),
        duration(m.get("total_ms")));
  }

  private static void put(Map<String, Long> m, String key, Duration d) {
    if (d != null) {
      m.put(key, d.toMillis());
    }
  }

  private static Duration duration(Long ms) {
    return ms == null ? null : Duration.ofMillis(ms);
  }

  private static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot encode " + value.getClass().getSimpleName() + " as JSON", e);
    }
  }

  private static <T> T read(String json, TypeReference<T> type) {
    try {
      return MAPPER.readValue(json, type);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("stored JSON is not readable: " + e.getOriginalMessage(), e);
    }
  }
}
