package dev.switchboard.store;

import static dev.switchboard.store.Fixtures.audit;
import static dev.switchboard.store.Fixtures.provider;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.switchboard.catalog.Alias;
import dev.switchboard.catalog.Capabilities;
import dev.switchboard.catalog.Model;
import dev.switchboard.catalog.ModelKind;
import dev.switchboard.catalog.Prices;
import dev.switchboard.catalog.Target;
import dev.switchboard.catalog.Timeouts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Timeout(60)
class PricesCapabilitiesStoreTest {
  @TempDir Path dir;

  private final TestClock clock = new TestClock(Fixtures.T0);

  private CatalogStore store(Database db) {
    return new CatalogStore(db, SecretBox.ofKey(Fixtures.KEY_A), clock);
  }

  private static Model model(String name, long providerId, Prices prices, Capabilities capabilities) {
    return new Model(0, name, providerId, "up-" + name, ModelKind.CHAT, Timeouts.INHERIT, true, "api", null, null,
        prices, capabilities);
  }

  private static Alias alias(String name, long modelId, Integer cooldown, double inWeight, double outWeight) {
    return new Alias(0, name, null, null, List.of(new Target(modelId, 1, 1)), "cheapest", 3, 0, false, true, "api",
        null, null, cooldown, inWeight, outWeight, Alias.DEFAULT_STICKY_TTL_SECONDS);
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void model_pricesAndCapabilities_roundTrip(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = store(db);
      long pid = store.saveProvider(provider("primary", "sk"), audit("provider.create", "primary")).id();
      Prices full = new Prices(0.15, 0.6, 0.04, "EUR");
      Capabilities caps = new Capabilities(128_000, 16_384, List.of("text", "image"), List.of("tools", "json_mode"));
      Model priced = store.saveModel(model("full", pid, full, caps), audit("model.create", "full"));
      Prices inputOnly = new Prices(2.5, null, null, null);
      Capabilities partial = new Capabilities(null, 4096, List.of(), null);
      Model partlyPriced = store.saveModel(model("partial", pid, inputOnly, partial), audit("model.create", "p"));
      Model bare = store.saveModel(model("bare", pid, Prices.NONE, Capabilities.UNKNOWN), audit("model.create", "b"));

      assertEquals(List.of(priced, partlyPriced, bare), store.load().models());
      assertEquals(full, priced.prices());
      assertEquals(caps, priced.capabilities());
      assertEquals(inputOnly, partlyPriced.prices());
      assertNull(partlyPriced.prices().outputPerMillion());
      assertEquals(partial, partlyPriced.capabilities());
      assertEquals(List.of(), partlyPriced.capabilities().modalities(), "an empty list is not unknown");
      assertNull(partlyPriced.capabilities().features());
      assertEquals(Prices.NONE, bare.prices());
      assertEquals(Capabilities.UNKNOWN, bare.capabilities());
      assertNull(Fixtures.scalar(db, "SELECT prices_json FROM model WHERE name = ?", "bare"));
      assertNull(Fixtures.scalar(db, "SELECT capabilities_json FROM model WHERE name = ?", "bare"));
      assertEquals("{\"input_per_million\":2.5}",
          Fixtures.scalar(db, "SELECT prices_json FROM model WHERE name = ?", "partial"));

      Model unpriced = new Model(priced.id(), "full", pid, "up-full", ModelKind.CHAT, Timeouts.INHERIT, true, "api",
          null, null, Prices.NONE, caps);
      Model updated = store.saveModel(unpriced, audit("model.update", "full"));
      assertEquals(Prices.NONE, updated.prices());
      assertEquals(caps, updated.capabilities());
      assertNull(Fixtures.scalar(db, "SELECT prices_json FROM model WHERE name = ?", "full"));
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void alias_cooldownAndPriceWeights_roundTrip(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = store(db);
      long pid = store.saveProvider(provider("primary", "sk"), audit("provider.create", "primary")).id();
      long mid = store.saveModel(model("m", pid, Prices.NONE, Capabilities.UNKNOWN), audit("model.create", "m")).id();

      Alias tuned = store.saveAlias(alias("tuned", mid, 45, 2.0, 0.5), audit("alias.create", "tuned"));
      Alias plain = store.saveAlias(alias("plain", mid, null, 1, 1), audit("alias.create", "plain"));
      assertEquals(List.of(tuned, plain), store.load().aliases());
      assertEquals(45, tuned.cooldownSeconds());
      assertEquals(2.0, tuned.inputPriceWeight());
      assertEquals(0.5, tuned.outputPriceWeight());
      assertNull(plain.cooldownSeconds());
      assertEquals(1.0, plain.inputPriceWeight());
      assertEquals(1.0, plain.outputPriceWeight());

      Alias relaxed = new Alias(tuned.id(), "tuned", null, null, tuned.targets(), "cheapest", 3, 0, false, true,
          "api", null, null, null, 1, 3, Alias.DEFAULT_STICKY_TTL_SECONDS);
      Alias updated = store.saveAlias(relaxed, audit("alias.update", "tuned"));
      assertNull(updated.cooldownSeconds());
      assertEquals(3.0, updated.outputPriceWeight());
      assertEquals(List.of(updated, plain), store.load().aliases());
    }
  }

  /** Rows written before V2 read back unpriced, with unknown capabilities and 1:1 weights. */
  @ParameterizedTest
  @EnumSource(Backend.class)
  void v1Rows_afterV2_readWithDefaults(Backend backend) throws Exception {
    String url = backend.freshUrl(dir);
    Files.createDirectories(dir.resolve("data"));
    String location = "classpath:db/migration/" + backend.name().toLowerCase(Locale.ROOT);
    Flyway.configure().dataSource(url, null, null).locations(location).target("1").load().migrate();
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      s.executeUpdate("INSERT INTO provider (id, name, kind, base_url, created_at, updated_at)"
          + " VALUES (1, 'p', 'openai', 'http://x', 0, 0)");
      s.executeUpdate("INSERT INTO model (id, name, provider_id, upstream_model, kind, created_at, updated_at)"
          + " VALUES (1, 'm', 1, 'up', 'chat', 0, 0)");
      s.executeUpdate("INSERT INTO alias (id, name, created_at, updated_at) VALUES (1, 'a', 0, 0)");
      s.executeUpdate("INSERT INTO route_name (name, kind) VALUES ('m', 'model'), ('a', 'alias')");
    } catch (SQLException e) {
      throw new AssertionError("cannot write V1 rows", e);
    }
    try (Database db = Database.open(url)) {
      CatalogRows rows = store(db).load();
      Model m = rows.models().getFirst();
      assertEquals(Prices.NONE, m.prices());
      assertEquals(Capabilities.UNKNOWN, m.capabilities());
      Alias a = rows.aliases().getFirst();
      assertNull(a.cooldownSeconds());
      assertEquals(1.0, a.inputPriceWeight());
      assertEquals(1.0, a.outputPriceWeight());
    }
  }
}
