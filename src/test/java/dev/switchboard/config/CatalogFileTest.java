package dev.switchboard.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(10)
class CatalogFileTest {

  static final String FULL = """
      server:   {host: 127.0.0.1, port: 4100}
      database: {url: "jdbc:sqlite:./data/switchboard.db"}
      providers:
        - {name: primary, kind: openai, base_url: "http://127.0.0.1:9001/v1", api_key: "${PRIMARY_KEY}"}
        - {name: backup,  kind: openai, base_url: "http://${BACKUP_HOST}:9002/v1"}
      models:
        - {name: m1, provider: primary, upstream_model: gpt-4o-mini, kind: chat}
        - {name: m2, provider: backup,  upstream_model: gpt-4o-mini, kind: chat}
      aliases:
        - name: fast
          targets: [m1, {model: m2, weight: 3}]
          rule: failover
      keys:
        - {name: ci, key: "${CI_KEY}"}
      """;

  static final Map<String, String> ENV = Map.of("PRIMARY_KEY", "sk-primary", "BACKUP_HOST", "10.0.0.2",
      "CI_KEY", "sk-sb-ci-0123456789abcdef");

  @TempDir Path dir;

  Path write(String yaml) throws IOException {
    return Files.writeString(dir.resolve("switchboard.yaml"), yaml);
  }

  @Test
  void readsEverySection() throws IOException {
    CatalogFile f = CatalogFile.read(write(FULL), ENV::get);

    assertEquals("127.0.0.1", f.host());
    assertEquals(4100, f.port());
    assertEquals("jdbc:sqlite:./data/switchboard.db", f.databaseUrl());
    assertEquals(List.of("primary", "backup"), names(f.providers()));
    assertEquals(List.of("m1", "m2"), names(f.models()));
    assertEquals(List.of("fast"), names(f.aliases()));
    assertEquals(List.of("ci"), names(f.keys()));
    assertEquals(new JsonObject().put("name", "m1").put("provider", "primary").put("upstream_model", "gpt-4o-mini")
        .put("kind", "chat"), f.models().getFirst());
    assertEquals("failover", f.aliases().getFirst().getString("rule"));
  }

  @Test
  void replacesVariablesFromTheSuppliedEnvironmentOnly() throws IOException {
    CatalogFile f = CatalogFile.read(write(FULL), ENV::get);

    assertEquals("sk-primary", f.providers().get(0).getString("api_key"));
    assertEquals("http://10.0.0.2:9002/v1", f.providers().get(1).getString("base_url"), "inside a longer string");
    assertEquals("sk-sb-ci-0123456789abcdef", f.keys().getFirst().getString("key"));
  }

  @Test
  void replacedValuesAreNotEvaluatedAgain() throws IOException {
    Function<String, String> env = Map.of("A", "${B}", "B", "never")::get;
    CatalogFile f = CatalogFile.read(write("keys:\n  - {name: k, key: \"${A}\"}\n"), env);

    assertEquals("${B}", f.keys().getFirst().getString("key"));
  }

  @Test
  void missingVariableIsAConfigErrorNamingIt() throws IOException {
    Path file = write(FULL);
    ConfigException e = assertThrows(ConfigException.class,
        () -> CatalogFile.read(file, Map.of("PRIMARY_KEY", "x", "BACKUP_HOST", "h")::get));

    assertTrue(e.getMessage().contains("CI_KEY"), e.getMessage());
  }

  @Test
  void unknownSectionIsAConfigErrorNamingIt() throws IOException {
    Path file = write("providers: []\nroutes:\n  - {name: r}\n");
    ConfigException e = assertThrows(ConfigException.class, () -> CatalogFile.read(file, ENV::get));

    assertTrue(e.getMessage().contains("routes"), e.getMessage());
  }

  @Test
  void aliasTargetsArePreservedAsGiven() throws IOException {
    CatalogFile f = CatalogFile.read(write(FULL), ENV::get);

    JsonArray targets = f.aliases().getFirst().getJsonArray("targets");
    assertEquals(new JsonArray().add("m1").add(new JsonObject().put("model", "m2").put("weight", 3)), targets);
    assertEquals(Integer.valueOf(3), targets.getJsonObject(1).getInteger("weight"));
  }

  @Test
  void fileWithOnlyADocumentMarkerIsAnEmptyCatalog() throws IOException {
    CatalogFile f = CatalogFile.read(write("---\n"), ENV::get);

    assertNull(f.host());
    assertTrue(f.providers().isEmpty() && f.models().isEmpty() && f.aliases().isEmpty() && f.keys().isEmpty());
  }

  // Bug: Jackson reads a file without a YAML node as end-of-input and throws instead of returning null, so
  // CatalogFile.read's `root == null` branch is never reached for these two.
  @ParameterizedTest
  @ValueSource(strings = {"", "# nothing configured yet\n"})
  void emptyFileIsAnEmptyCatalog(String yaml) throws IOException {
    CatalogFile f = CatalogFile.read(write(yaml), ENV::get);

    assertNull(f.host());
    assertEquals(0, f.port());
    assertNull(f.databaseUrl());
    assertTrue(f.providers().isEmpty() && f.models().isEmpty() && f.aliases().isEmpty() && f.keys().isEmpty());
  }

  @Test
  void wrongShapesAreConfigErrors() throws IOException {
    Path notAList = write("providers: {name: p}\n");
    assertTrue(assertThrows(ConfigException.class, () -> CatalogFile.read(notAList, ENV::get)).getMessage()
        .contains("providers"));
    Path badPort = write("server: {port: \"eighty\"}\n");
    assertTrue(assertThrows(ConfigException.class, () -> CatalogFile.read(badPort, ENV::get)).getMessage()
        .contains("server.port"));
    Path badYaml = write("providers: [\n");
    assertThrows(ConfigException.class, () -> CatalogFile.read(badYaml, ENV::get));
    Path absent = dir.resolve("absent.yaml");
    assertThrows(ConfigException.class, () -> CatalogFile.read(absent, ENV::get));
  }

  static List<String> names(List<JsonObject> entries) {
    return entries.stream().map(o -> o.getString("name")).toList();
  }
}
