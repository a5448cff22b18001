package dev.switchboard.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.switchboard.catalog.Capabilities;
import dev.switchboard.catalog.Prices;
import dev.switchboard.catalog.Timeouts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The JSON text columns of the catalog: provider headers, timeouts (milliseconds; absent = inherit), model prices
 * and capabilities (absent field = unknown; {@link Prices#NONE} and {@link Capabilities#UNKNOWN} are SQL NULL).
 */
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

  /** The prices as a JSON object, or {@code null} for {@link Prices#NONE}. */
  static String prices(Prices p) {
    if (p == null || p.equals(Prices.NONE)) {
      return null;
    }
    ObjectNode o = MAPPER.createObjectNode();
    putNumber(o, "input_per_million", p.inputPerMillion());
    putNumber(o, "output_per_million", p.outputPerMillion());
    putNumber(o, "per_image", p.perImage());
    if (p.currency() != null) {
      o.put("currency", p.currency());
    }
    return write(o);
  }

  static Prices prices(String json) {
    if (json == null || json.isBlank()) {
      return Prices.NONE;
    }
    JsonNode o = tree(json);
    return new Prices(
        decimal(o, "input_per_million"), decimal(o, "output_per_million"), decimal(o, "per_image"),
        text(o, "currency"));
  }

  /** The capabilities as a JSON object, or {@code null} for {@link Capabilities#UNKNOWN}. */
  static String capabilities(Capabilities c) {
    if (c == null || c.equals(Capabilities.UNKNOWN)) {
      return null;
    }
    ObjectNode o = MAPPER.createObjectNode();
    if (c.contextWindow() != null) {
      o.put("context_window", c.contextWindow());
    }
    if (c.maxOutputTokens() != null) {
      o.put("max_output_tokens", c.maxOutputTokens());
    }
    putStrings(o, "modalities", c.modalities());
    putStrings(o, "features", c.features());
    return write(o);
  }

  static Capabilities capabilities(String json) {
    if (json == null || json.isBlank()) {
      return Capabilities.UNKNOWN;
    }
    JsonNode o = tree(json);
    return new Capabilities(
        integer(o, "context_window"), integer(o, "max_output_tokens"), strings(o, "modalities"),
        strings(o, "features"));
  }

  private static void putNumber(ObjectNode o, String key, Double v) {
    if (v != null) {
      o.put(key, v);
    }
  }

  private static void putStrings(ObjectNode o, String key, List<String> values) {
    if (values != null) {
      ArrayNode array = o.putArray(key);
      values.forEach(array::add);
    }
  }

  private static Double decimal(JsonNode o, String key) {
    JsonNode v = o.get(key);
    return v == null || v.isNull() ? null : v.asDouble();
  }

  private static Integer integer(JsonNode o, String key) {
    JsonNode v = o.get(key);
    return v == null || v.isNull() ? null : v.asInt();
  }

  private static String text(JsonNode o, String key) {
    JsonNode v = o.get(key);
    return v == null || v.isNull() ? null : v.asText();
  }

  private static List<String> strings(JsonNode o, String key) {
    JsonNode v = o.get(key);
    if (v == null || v.isNull()) {
      return null;
    }
    List<String> out = new ArrayList<>();
    v.forEach(e -> out.add(e.asText()));
    return out;
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

  private static JsonNode tree(String json) {
    try {
      JsonNode node = MAPPER.readTree(json);
      if (!node.isObject()) {
        throw new IllegalStateException("stored JSON is not an object: " + node.getNodeType());
      }
      return node;
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("stored JSON is not readable: " + e.getOriginalMessage(), e);
    }
  }

  private static <T> T read(String json, TypeReference<T> type) {
    try {
      return MAPPER.readValue(json, type);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("stored JSON is not readable: " + e.getOriginalMessage(), e);
    }
  }

  /** An alias's health settings: durations in milliseconds, absent fields inherit; all-inherit is SQL NULL. */
  static String health(dev.switchboard.catalog.HealthPolicy h) {
    if (h == null || h.inherits()) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    putAny(m, "trip_errors", h.tripErrors());
    putAny(m, "trip_window_ms", h.tripWindow() == null ? null : h.tripWindow().toMillis());
    putAny(m, "cooldown_ms", h.cooldown() == null ? null : h.cooldown().toMillis());
    putAny(m, "probe_interval_ms", h.probeInterval() == null ? null : h.probeInterval().toMillis());
    putAny(m, "probe_timeout_ms", h.probeTimeout() == null ? null : h.probeTimeout().toMillis());
    putAny(m, "probe_enabled", h.probeEnabled());
    putAny(m, "recovery_probes", h.recoveryProbes());
    putAny(m, "min_dwell_ms", h.minDwell() == null ? null : h.minDwell().toMillis());
    return write(m);
  }

  static dev.switchboard.catalog.HealthPolicy health(String json) {
    if (json == null || json.isBlank()) {
      return dev.switchboard.catalog.HealthPolicy.INHERIT;
    }
    JsonNode n = tree(json);
    return new dev.switchboard.catalog.HealthPolicy(
        n.hasNonNull("trip_errors") ? n.get("trip_errors").asInt() : null,
        ms(n, "trip_window_ms"),
        ms(n, "cooldown_ms"),
        ms(n, "probe_interval_ms"),
        ms(n, "probe_timeout_ms"),
        n.hasNonNull("probe_enabled") ? n.get("probe_enabled").asBoolean() : null,
        n.hasNonNull("recovery_probes") ? n.get("recovery_probes").asInt() : null,
        ms(n, "min_dwell_ms"));
  }

  private static Duration ms(JsonNode n, String field) {
    return n.hasNonNull(field) ? Duration.ofMillis(n.get(field).asLong()) : null;
  }

  private static void putAny(Map<String, Object> m, String key, Object value) {
    if (value != null) {
      m.put(key, value);
    }
  }


}
