package dev.switchboard.admin;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Set;
import java.util.regex.Pattern;

/** Typed, strict reads of an admin JSON body: unknown fields and wrong types are refused with their name. */
final class Fields {

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,127}");

  private final JsonObject body;

  Fields(JsonObject body, Set<String> allowed) {
    this.body = body;
    for (String f : body.fieldNames()) {
      if (!allowed.contains(f)) {
        throw AdminError.bad("unknown_field", "Unknown field '" + f + "'.", f);
      }
    }
  }

  boolean has(String f) {
    return body.containsKey(f) && body.getValue(f) != null;
  }

  String name(String f) {
    String v = requiredString(f);
    if (!NAME.matcher(v).matches()) {
      throw AdminError.bad("invalid_name", "'" + f + "' must be 1–128 characters of letters, digits and "
          + "._:/@+- and start with a letter or digit.", f);
    }
    return v;
  }

  String requiredString(String f) {
    String v = string(f, null);
    if (v == null || v.isBlank()) {
      throw AdminError.bad("missing_field", "'" + f + "' is required.", f);
    }
    return v;
  }

  String string(String f, String fallback) {
    if (!has(f)) {
      return fallback;
    }
    if (!(body.getValue(f) instanceof String s)) {
      throw AdminError.bad("invalid_type", "'" + f + "' must be a string.", f);
    }
    return noLineBreaks(f, s);
  }

  static String noLineBreaks(String f, String s) {
    if (s.indexOf('\r') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\0') >= 0) {
      throw AdminError.bad("invalid_value", "'" + f + "' must not contain line breaks.", f);
    }
    return s;
  }

  boolean bool(String f, boolean fallback) {
    if (!has(f)) {
      return fallback;
    }
    if (!(body.getValue(f) instanceof Boolean b)) {
      throw AdminError.bad("invalid_type", "'" + f + "' must be a boolean.", f);
    }
    return b;
  }

  int integer(String f, int fallback, int min, int max) {
    if (!has(f)) {
      return fallback;
    }
    Object v = body.getValue(f);
    if (!(v instanceof Integer || v instanceof Long) || ((Number) v).longValue() < min
        || ((Number) v).longValue() > max) {
      throw AdminError.bad("invalid_value", "'" + f + "' must be an integer from " + min + " to " + max + ".", f);
    }
    return ((Number) v).intValue();
  }

  double number(String f, double fallback, double min, double max) {
    if (!has(f)) {
      return fallback;
    }
    if (!(body.getValue(f) instanceof Number n) || n.doubleValue() < min || n.doubleValue() > max
        || Double.isNaN(n.doubleValue())) {
      throw AdminError.bad("invalid_value", "'" + f + "' must be a number from " + min + " to " + max + ".", f);
    }
    return n.doubleValue();
  }

  JsonObject object(String f) {
    if (!has(f)) {
      return null;
    }
    if (!(body.getValue(f) instanceof JsonObject o)) {
      throw AdminError.bad("invalid_type", "'" + f + "' must be an object.", f);
    }
    return o;
  }

  JsonArray array(String f) {
    if (!has(f)) {
      return null;
    }
    if (!(body.getValue(f) instanceof JsonArray a)) {
      throw AdminError.bad("invalid_type", "'" + f + "' must be an array.", f);
    }
    return a;
  }
}
