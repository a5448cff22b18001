package dev.switchboard.admin;

import dev.switchboard.catalog.Timeouts;
import io.vertx.core.json.JsonObject;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** What a provider's URL, headers and timeouts may be, checked when they are saved. */
final class ProviderRules {

  static final Set<String> KINDS = Set.of("openai");
  private static final Set<String> METADATA_HOSTS =
      Set.of("metadata.google.internal", "metadata", "instance-data", "instance-data.ec2.internal");
  private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
  private static final Set<String> RESERVED_HEADERS =
      Set.of("host", "content-length", "transfer-encoding", "connection", "content-type");
  private static final Set<String> TIMEOUT_FIELDS = Set.of("connect_ms", "first_byte_ms", "idle_ms", "total_ms");
  private static final int MAX_TIMEOUT_MS = 3_600_000;

  private ProviderRules() {}

  static String kind(String kind) {
    if (!KINDS.contains(kind)) {
      throw AdminError.bad("unsupported_kind", "Provider kind '" + kind + "' is not supported; use one of "
          + KINDS + ".", "kind");
    }
    return kind;
  }

  /** An http(s) URL with a host that is not link-local or a cloud metadata address, without credentials. */
  static String baseUrl(String raw) {
    URI uri;
    try {
      uri = new URI(raw.trim());
    } catch (URISyntaxException e) {
      throw invalidUrl("is not a valid URL");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw invalidUrl("must use http or https");
    }
    String host = uri.getHost();
    if (host == null || host.isEmpty()) {
      throw invalidUrl("has no host");
    }
    if (uri.getRawUserInfo() != null || uri.getRawQuery() != null || uri.getRawFragment() != null) {
      throw invalidUrl("must not carry credentials, a query or a fragment");
    }
    String h = host.toLowerCase(Locale.ROOT);
    if (h.startsWith("[") && h.endsWith("]")) {
      h = h.substring(1, h.length() - 1);
    }
    if (METADATA_HOSTS.contains(h) || linkLocalLiteral(h)) {
      throw invalidUrl("names a link-local or metadata address");
    }
    String s = uri.toString();
    return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
  }

  private static boolean linkLocalLiteral(String host) {
    if (!host.matches("[0-9.]+") && !host.contains(":")) {
      return false; // a name: not resolved here, DNS can change after save
    }
    try {
      InetAddress a = InetAddress.ofLiteral(host);
      return a.isLinkLocalAddress() || host.startsWith("fd00:ec2:") || a.isAnyLocalAddress();
    } catch (IllegalArgumentException e) {
      throw invalidUrl("has an invalid IP address");
    }
  }

  private static AdminError invalidUrl(String why) {
    return AdminError.bad("invalid_base_url", "'base_url' " + why + ".", "base_url");
  }

  static Map<String, String> headers(JsonObject o) {
    Map<String, String> out = new LinkedHashMap<>();
    if (o == null) {
      return out;
    }
    for (String name : o.fieldNames()) {
      if (!TOKEN.matcher(name).matches()) {
        throw AdminError.bad("invalid_header", "Header name '" + name + "' is not a valid HTTP token.", "headers");
      }
      if (RESERVED_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
        throw AdminError.bad("invalid_header", "Header '" + name + "' is set by the gateway.", "headers");
      }
      if (!(o.getValue(name) instanceof String v)) {
        throw AdminError.bad("invalid_header", "Header '" + name + "' must have a string value.", "headers");
      }
      Fields.noLineBreaks("headers." + name, v);
      out.put(name, v);
    }
    return out;
  }

  static Timeouts timeouts(JsonObject o) {
    if (o == null) {
      return Timeouts.INHERIT;
    }
    for (String f : o.fieldNames()) {
      if (!TIMEOUT_FIELDS.contains(f)) {
        throw AdminError.bad("unknown_field", "Unknown timeout '" + f + "'; use " + TIMEOUT_FIELDS + ".",
            "timeouts." + f);
      }
    }
    return new Timeouts(ms(o, "connect_ms"), ms(o, "first_byte_ms"), ms(o, "idle_ms"), ms(o, "total_ms"));
  }

  private static Duration ms(JsonObject o, String f) {
    Object v = o.getValue(f);
    if (v == null) {
      return null;
    }
    if (!(v instanceof Integer || v instanceof Long) || ((Number) v).longValue() < 1
        || ((Number) v).longValue() > MAX_TIMEOUT_MS) {
      throw AdminError.bad("invalid_value", "'timeouts." + f + "' must be an integer from 1 to " + MAX_TIMEOUT_MS
          + ".", "timeouts." + f);
    }
    return Duration.ofMillis(((Number) v).longValue());
  }

  static JsonObject timeoutsJson(Timeouts t) {
    JsonObject o = new JsonObject();
    if (t.connect() != null) {
      o.put("connect_ms", t.connect().toMillis());
    }
    if (t.firstByte() != null) {
      o.put("first_byte_ms", t.firstByte().toMillis());
    }
    if (t.idle() != null) {
      o.put("idle_ms", t.idle().toMillis());
    }
    if (t.total() != null) {
      o.put("total_ms", t.total().toMillis());
    }
    return o;
  }

}
