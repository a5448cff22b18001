package dev.switchboard.store;

import static dev.switchboard.store.Fixtures.alias;
import static dev.switchboard.store.Fixtures.audit;
import static dev.switchboard.store.Fixtures.model;
import static dev.switchboard.store.Fixtures.provider;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.catalog.Alias;
import dev.switchboard.catalog.Model;
import dev.switchboard.catalog.ModelKind;
import dev.switchboard.catalog.Target;
import dev.switchboard.catalog.Timeouts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Timeout(60)
class ModelAliasStoreTest {
  @TempDir Path dir;

  private final TestClock clock = new TestClock(Fixtures.T0);

  private CatalogStore store(Database db) {
    return new CatalogStore(db, SecretBox.ofKey(Fixtures.KEY_A), clock);
  }

  private long providerId(CatalogStore store) {
    return store.saveProvider(provider("primary", "sk"), audit("provider.create", "primary")).id();
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void saveModel_insertThenUpdate_roundTrips(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = store(db);
      long pid = providerId(store);
      Model saved = store.saveModel(model("m1", pid), audit("model.create", "m1"));
      assertEquals(List.of(saved), store.load().models());

      clock.advance(Duration.ofSeconds(1));
      Model changed =
          new Model(saved.id(), "m1-renamed", pid, "text-embedding-3-small", ModelKind.EMBEDDING,
              new Timeouts(null, Duration.ofMillis(1500), null, null), false, "config", null, null);
      Model updated = store.saveModel(changed, audit("model.update", "m1-renamed"));

      assertEquals(Fixtures.T0, updated.createdAt());
      assertEquals(Fixtures.T0.plusSeconds(1), updated.updatedAt());
      assertEquals(List.of(updated), store.load().models());
      assertEquals(ModelKind.EMBEDDING, updated.kind());
      assertEquals(Duration.ofMillis(1500), updated.timeouts().firstByte());
      assertEquals("model", Fixtures.scalar(db, "SELECT kind FROM route_name WHERE name = ?", "m1-renamed"));
      assertEquals(1, Fixtures.count(db, "route_name"), "the old name is released");
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void saveModel_unknownProvider_isNotFound(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = store(db);
      NotFoundException e =
          assertThrows(NotFoundException.class, () -> store.saveModel(model("m1", 42), audit("model.create", "m1")));
      assertEquals("provider", e.what());
      assertEquals(0, Fixtures.count(db, "route_name"));
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void alias_keepsItsTargetsInListedOrderWithWeights(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = store(db);
      long pid = providerId(store);
      Model a = store.saveModel(model("a", pid), audit("model.create", "a"));
      Model b = store.saveModel(model("b", pid), audit("model.create", "b"));
      Model c = store.saveModel(model("c", pid), audit("model.create", "c"));

      Alias saved = store.saveAlias(alias("fast", c, a, b), audit("alias.create", "fast"));
      List<Target> expected = List.of(new Target(c.id(), 1, 10), new Target(a.id(), 2, 20), new Target(b.id(), 3, 30));
      assertEquals(expected, saved.targets());
      assertEquals(List.of(saved), store.load().aliases());
      assertEquals("Fast", saved.displayName());

      Alias retargeted =
          new Alias(saved.id(), "fast", null, null, List.of(new Target(b.id(), 1, 5), new Target(a.id(), 2, 1)),
              "weighted", 2, 1, true, true, "api", null, null);
      Alias updated = store.saveAlias(retargeted, audit("alias.update", "fast"));
      assertEquals(List.of(new Target(b.id(), 1, 5), new Target(a.id(), 2, 1)), updated.targets());
      assertEquals(List.of(updated), store.load().aliases());
      assertEquals(2, Fixtures.count(db, "alias_target"));
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void alias_withUnknownOrRepeatedModel_isRefused(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = store(db);
      Model a = store.saveModel(model("a", providerId(store)), audit("model.create", "a"));
      Model ghost = new Model(777, "ghost", 1, "x", ModelKind.CHAT, Timeouts.INHERIT, true, "api", null, null);

      Audit create = audit("alias.create", "fast");
      assertThrows(NotFoundException.class, () -> store.saveAlias(alias("fast", a, ghost), create));
      assertThrows(IllegalArgumentException.class, () -> store.saveAlias(alias("fast", a, a), create));
      assertTrue(store.load().aliases().isEmpty());
      assertEquals(1, Fixtures.count(db, "route_name"));
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void modelAndAlias_shareOneNamespace(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = store(db);
      long pid = providerId(store);
      Model m = store.saveModel(model("shared", pid), audit("model.create", "shared"));
      Alias fast = store.saveAlias(alias("fast", m), audit("alias.create", "fast"));
      long audits = Fixtures.count(db, "audit_event");

      DuplicateNameException e =
          assertThrows(
              DuplicateNameException.class,
              () -> store.saveAlias(alias("shared", m), audit("alias.create", "shared")));
      assertEquals("shared", e.name());
      assertThrows(
          DuplicateNameException.class, () -> store.saveModel(model("fast", pid), audit("model.create", "fast")));
      assertThrows(
          DuplicateNameException.class, () -> store.saveModel(model("shared", pid), audit("model.create", "shared")));
      Model renamed =
          new Model(m.id(), "fast", pid, m.upstreamModel(), m.kind(), m.timeouts(), true, "api", null, null);
      assertThrows(DuplicateNameException.class, () -> store.saveModel(renamed, audit("model.update", "fast")));
      Alias aliasRenamed = new Alias(fast.id(), "shared", null, null, fast.targets(), "failover", 3, 0, false, true,
          "api", null, null);
      assertThrows(DuplicateNameException.class, () -> store.saveAlias(aliasRenamed, audit("alias.update", "shared")));

      assertEquals(audits, Fixtures.count(db, "audit_event"));
      CatalogRows rows = store.load();
      assertEquals(List.of(m), rows.models());
      assertEquals(List.of(fast), rows.aliases());
      assertEquals(2, Fixtures.count(db, "route_name"));
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void deleteModel_targetedByAliases_isRefusedNamingThem(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = store(db);
      long pid = providerId(store);
      Model a = store.saveModel(model("a", pid), audit("model.create", "a"));
      store.saveAlias(alias("zeta", a), audit("alias.create", "zeta"));
      store.saveAlias(alias("alpha", a), audit("alias.create", "alpha"));
      long audits = Fixtures.count(db, "audit_event");

      InUseException e =
          assertThrows(InUseException.class, () -> store.deleteModel(a.id(), false, audit("model.delete", "a")));
      assertEquals(List.of("alpha", "zeta"), e.users());
      assertEquals(1, store.load().models().size());
      assertEquals(audits, Fixtures.count(db, "audit_event"));
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void deleteModel_forced_removesItFromAliasesAndRenumbersTheRest(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = store(db);
      long pid = providerId(store);
      Model a = store.saveModel(model("a", pid), audit("model.create", "a"));
      Model b = store.saveModel(model("b", pid), audit("model.create", "b"));
      Model c = store.saveModel(model("c", pid), audit("model.create", "c"));
      Alias fast = store.saveAlias(alias("fast", a, b, c), audit("alias.create", "fast"));
      Alias solo = store.saveAlias(alias("solo", b), audit("alias.create", "solo"));
      clock.advance(Duration.ofSeconds(3));

      store.deleteModel(b.id(), true, audit("model.delete", "b"));

      CatalogRows rows = store.load();
      assertEquals(List.of(a.id(), c.id()), rows.models().stream().map(Model::id).toList());
      Alias fastAfter = rows.aliases().get(0);
      assertEquals(List.of(new Target(a.id(), 1, 10), new Target(c.id(), 2, 30)), fastAfter.targets());
      assertEquals(Fixtures.T0.plusSeconds(3), fastAfter.updatedAt());
      assertEquals(fast.createdAt(), fastAfter.createdAt());
      Alias soloAfter = rows.aliases().get(1);
      assertEquals(solo.id(), soloAfter.id());
      assertTrue(soloAfter.targets().isEmpty(), "an alias left with no target stays");
      List<AuditRow> trail = new AuditStore(db).recent(3);
      assertEquals(
          List.of("model.delete", "alias.update", "alias.update"), trail.stream().map(AuditRow::action).toList());
      assertEquals("fast", trail.get(2).subject());
      assertEquals("{\"reason\":\"target_deleted\",\"removed\":\"b\",\"targets\":[\"a\",\"c\"]}",
          trail.get(2).detailsJson());
      assertEquals("solo", trail.get(1).subject());
      // The name is free again, for a model or an alias.
      store.saveAlias(alias("b", a), audit("alias.create", "b"));
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void deleteAlias_removesItsTargetsAndFreesTheName(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = store(db);
      long pid = providerId(store);
      Model a = store.saveModel(model("a", pid), audit("model.create", "a"));
      Alias fast = store.saveAlias(alias("fast", a), audit("alias.create", "fast"));

      store.deleteAlias(fast.id(), audit("alias.delete", "fast"));

      assertTrue(store.load().aliases().isEmpty());
      assertEquals(0, Fixtures.count(db, "alias_target"));
      store.saveModel(model("fast", pid), audit("model.create", "fast"));
      assertThrows(NotFoundException.class, () -> store.deleteAlias(fast.id(), audit("alias.delete", "fast")));
      assertThrows(NotFoundException.class, () -> store.deleteModel(999, true, audit("model.delete", "x")));
    }
  }
}
