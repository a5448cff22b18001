package dev.switchboard.admin;

import dev.switchboard.catalog.HealthPolicy;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Health settings as written in the API and the config file:
 * {@code {trip:{errors,window}, cooldown, probe:{interval,timeout,enabled}, recovery:{probes,min_dwell}}}, with
 * every duration written with its unit ({@code "500ms"}, {@code "30s"}, {@code "5m"}, {@code "1h"}).
 */
public final class HealthRules {

  private static final Pattern DURATION = Pattern.compile("(\\d{1,9})(ms|s|m|h)");
  private static final Duration MAX = Duration.ofDays(1);

  private HealthRules() {}

  public static HealthPolicy parse(JsonObject o) {
    if (o == null) {
      return HealthPolicy.INHERIT;
    }
    Fields f = new Fields(o, Set.of("trip", "cooldown", "probe", "recovery"));
    JsonObject trip = section(f, "trip");
    JsonObject probe = section(f, "probe");
    JsonObject recovery = section(f, "recovery");
    Fields t = new Fields(trip, Set.of("errors", "window"));
    Fields p = new Fields(probe, Set.of("interval", "timeout", "enabled"));
    Fields r = new Fields(recovery, Set.of("probes", "min_dwell"));
    return new HealthPolicy(
        t.has("errors") ? t.integer("errors", 1, 1, 100) : null,
        duration(trip, "window", "health.trip.window"),
        duration(o, "cooldown", "health.cooldown"),
        duration(probe, "interval", "health.probe.interval"),
        duration(probe, "timeout", "health.probe.timeout"),
        p.has("enabled") ? p.bool("enabled", true) : null,
        r.has("probes") ? r.integer("probes", 3, 1, 100) : null,
        duration(recovery, "min_dwell", "health.recovery.min_dwell"));
  }

  private static JsonObject section(Fields f, String name) {
    JsonObject o = f.object(name);
    return o == null ? new JsonObject() : o;
  }

  private static Duration duration(JsonObject o, String field, String path) {
    Object v = o.getValue(field);
    if (v == null) {
      return null;
    }
    Matcher m = v instanceof String s ? DURATION.matcher(s.trim()) : null;
    if (m == null || !m.matches()) {
      throw AdminError.bad("invalid_value", "'" + path + "' must be a duration with a unit, such as \"500ms\", "
          + "\"30s\" or \"5m\".", path);
    }
    long n = Long.parseLong(m.group(1));
    Duration d = switch (m.group(2)) {
      case "ms" -> Duration.ofMillis(n);
      case "m" -> Duration.ofMinutes(n);
      case "h" -> Duration.ofHours(n);
      default -> Duration.ofSeconds(n);
    };
    if (d.isZero() || d.compareTo(MAX) > 0) {
      throw AdminError.bad("invalid_value", "'" + path + "' must be between 1ms and 24h.", path);
    }
    return d;
  }

  /** The policy as the API shows it (only what the alias sets itself). */
  static JsonObject json(HealthPolicy h) {
    JsonObject out = new JsonObject();
    JsonObject trip = new JsonObject();
    put(trip, "errors", h.tripErrors());
    put(trip, "window", text(h.tripWindow()));
    JsonObject probe = new JsonObject();
    put(probe, "interval", text(h.probeInterval()));
    put(probe, "timeout", text(h.probeTimeout()));
    put(probe, "enabled", h.probeEnabled());
    JsonObject recovery = new JsonObject();
    put(recovery, "probes", h.recoveryProbes());
    put(recovery, "min_dwell", text(h.minDwell()));
    if (!trip.isEmpty()) {
      out.put("trip", trip);
    }
    put(out, "cooldown", text(h.cooldown()));
    if (!probe.isEmpty()) {
      out.put("probe", probe);
    }
    if (!recovery.isEmpty()) {
      out.put("recovery", recovery);
    }
    return out;
  }

  static String text(Duration d) {
    if (d == null) {
      return null;
    }
    long ms = d.toMillis();
    return ms % 60_000 == 0 ? ms / 60_000 + "m" : ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
  }

  private static void put(JsonObject o, String k, Object v) {
    if (v != null) {
      o.put(k, v);
    }
  }
}
