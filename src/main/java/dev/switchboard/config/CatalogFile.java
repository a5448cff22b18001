package dev.switchboard.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The declarative catalog file (DESIGN §12): server and database settings plus providers, models, aliases
 * and keys to create or update by name at start. {@code ${VAR}} in a string value is replaced by that
 * environment variable; nothing else in the file is evaluated.
 *
 * @param host the {@code server.host}, or {@code null}
 * @param port the {@code server.port}, or {@code 0}
 * @param databaseUrl the {@code database.url}, or {@code null}
 * @param health the gateway-wide health settings (the same shape as an alias's {@code health}), or {@code null}
 */
public record CatalogFile(
    String host,
    int port,
    String databaseUrl,
    List<JsonObject> providers,
    List<JsonObject> models,
    List<JsonObject> aliases,
    List<JsonObject> keys,
    JsonObject health) {

  private static final Pattern VAR = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");
  private static final Set<String> SECTIONS = Set.of("server", "database", "providers", "models", "aliases", "keys",
      "health");

  public static CatalogFile read(Path file, Function<String, String> env) {
    Object root;
    try {
      ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
      var tree = yaml.readTree(Files.readAllBytes(file));
      root = tree == null || tree.isMissingNode() || tree.isNull() ? null : yaml.treeToValue(tree, Object.class);
    } catch (IOException e) {
      throw new ConfigException("cannot read catalog file " + file + ": " + e.getMessage(), e);
    }
    if (root == null) {
      root = Map.of();
    }
    if (!(root instanceof Map<?, ?> map)) {
      throw new ConfigException(file + ": the top level must be a mapping");
    }
    JsonObject doc = new JsonObject(substitute(map, env, file));
    for (String key : doc.fieldNames()) {
      if (!SECTIONS.contains(key)) {
        throw new ConfigException(file + ": unknown section '" + key + "'; expected " + SECTIONS);
      }
    }
    JsonObject server = section(doc, "server", file);
    JsonObject database = section(doc, "database", file);
    Object port = server.getValue("port");
    if (port != null && !(port instanceof Integer)) {
      throw new ConfigException(file + ": server.port must be an integer");
    }
    return new CatalogFile(server.getString("host"), port == null ? 0 : (Integer) port,
        database.getString("url"), list(doc, "providers", file), list(doc, "models", file),
        list(doc, "aliases", file), list(doc, "keys", file),
        doc.getValue("health") == null ? null : section(doc, "health", file));
  }

  private static JsonObject section(JsonObject doc, String name, Path file) {
    Object v = doc.getValue(name);
    if (v == null) {
      return new JsonObject();
    }
    if (!(v instanceof JsonObject o)) {
      throw new ConfigException(file + ": '" + name + "' must be a mapping");
    }
    return o;
  }

  private static List<JsonObject> list(JsonObject doc, String name, Path file) {
    Object v = doc.getValue(name);
    if (v == null) {
      return List.of();
    }
    if (!(v instanceof io.vertx.core.json.JsonArray a)) {
      throw new ConfigException(file + ": '" + name + "' must be a list");
    }
    List<JsonObject> out = new ArrayList<>();
    for (int i = 0; i < a.size(); i++) {
      if (!(a.getValue(i) instanceof JsonObject o)) {
        throw new ConfigException(file + ": " + name + "[" + i + "] must be a mapping");
      }
      out.add(o);
    }
    return out;
  }

  private static Object substituteValue(Object v, Function<String, String> env, Path file) {
    if (v instanceof String s) {
      Matcher m = VAR.matcher(s);
      StringBuilder out = new StringBuilder();
      while (m.find()) {
        String value = env.apply(m.group(1));
        if (value == null) {
          throw new ConfigException(file + ": environment variable " + m.group(1) + " is not set");
        }
        m.appendReplacement(out, Matcher.quoteReplacement(value));
      }
      m.appendTail(out);
      return out.toString();
    }
    if (v instanceof Map<?, ?> map) {
      return substitute(map, env, file);
    }
    if (v instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      list.forEach(x -> out.add(substituteValue(x, env, file)));
      return out;
    }
    return v;
  }

  private static Map<String, Object> substitute(Map<?, ?> map, Function<String, String> env, Path file) {
    Map<String, Object> out = new LinkedHashMap<>();
    map.forEach((k, v) -> out.put(String.valueOf(k), substituteValue(v, env, file)));
    return out;
  }
}
