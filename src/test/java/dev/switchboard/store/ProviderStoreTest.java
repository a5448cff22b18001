package dev.switchboard.store;

import static dev.switchboard.store.Fixtures.audit;
import static dev.switchboard.store.Fixtures.model;
import static dev.switchboard.store.Fixtures.provider;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.catalog.Provider;
import dev.switchboard.catalog.Secret;
import dev.switchboard.catalog.Timeouts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Timeout(60)
class ProviderStoreTest {
  @TempDir Path dir;

  private final TestClock clock = new TestClock(Fixtures.T0);
  private final SecretBox box = SecretBox.ofKey(Fixtures.KEY_A);

  @ParameterizedTest
  @EnumSource(Backend.class)
  void saveProvider_thenLoad_givesItBackWithTheCredentialDecrypted(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = new CatalogStore(db, box, clock);
      Provider saved = store.saveProvider(provider("primary", "sk-live-1"), audit("provider.create", "primary"));

      assertTrue(saved.id() > 0);
      assertEquals(Fixtures.T0, saved.createdAt());
      assertEquals(Fixtures.T0, saved.updatedAt());
      Provider loaded = store.load().providers().getFirst();
      assertEquals(saved, loaded);
      assertEquals("sk-live-1", loaded.apiKey().value());
      assertEquals(Map.of("x-team", "core"), loaded.headers());
      assertEquals(new Timeouts(Duration.ofSeconds(2), null, null, Duration.ofSeconds(30)), loaded.timeouts());
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void credential_isStoredSealedNotInPlaintext(Backend backend) throws Exception {
    try (Database db = backend.open(dir)) {
      CatalogStore store = new CatalogStore(db, box, clock);
      store.saveProvider(provider("primary", "sk-live-1"), audit("provider.create", "primary"));

      String raw = Fixtures.scalar(db, "SELECT api_key_enc FROM provider WHERE name = ?", "primary");
      assertTrue(raw.startsWith("v1:"), raw);
      assertFalse(raw.contains("sk-live-1"));
      assertEquals("sk-live-1", box.open(raw));
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void update_changesFieldsKeepsCreatedAtAndWritesAnAuditRow(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = new CatalogStore(db, box, clock);
      Provider saved = store.saveProvider(provider("primary", "sk-1"), audit("provider.create", "primary"));
      clock.advance(Duration.ofMinutes(5));

      Provider changed =
          new Provider(
              saved.id(), "renamed", "anthropic", "http://127.0.0.1:9002", Secret.of("sk-2"), Map.of(),
              Timeouts.INHERIT, false, "config", null, null);
      Provider updated = store.saveProvider(changed, audit("provider.update", "renamed"));

      assertEquals(saved.id(), updated.id());
      assertEquals(Fixtures.T0, updated.createdAt());
      assertEquals(Fixtures.T0.plus(Duration.ofMinutes(5)), updated.updatedAt());
      assertEquals("sk-2", updated.apiKey().value());
      assertEquals(List.of(updated), store.load().providers());
      List<AuditRow> trail = new AuditStore(db).recent(10);
      assertEquals(List.of("provider.update", "provider.create"), trail.stream().map(AuditRow::action).toList());
      assertEquals("renamed", trail.getFirst().subject());
      assertEquals(Fixtures.T0.plus(Duration.ofMinutes(5)), trail.getFirst().createdAt());
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void update_withUnreadableSecret_keepsTheStoredCiphertext(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = new CatalogStore(db, box, clock);
      Provider saved = store.saveProvider(provider("primary", "sk-1"), audit("provider.create", "primary"));
      String before = Fixtures.scalar(db, "SELECT api_key_enc FROM provider");

      store.saveProvider(withSecret(saved, new Secret(null, true)), audit("provider.update", "primary"));
      assertEquals(before, Fixtures.scalar(db, "SELECT api_key_enc FROM provider"));

      store.saveProvider(withSecret(saved, Secret.NONE), audit("provider.update", "primary"));
      assertNull(Fixtures.scalar(db, "SELECT api_key_enc FROM provider"));
      assertEquals(Secret.NONE, store.load().providers().getFirst().apiKey());
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void load_withTheWrongKey_marksTheCredentialUnreadableAndDoesNotThrow(Backend backend) {
    try (Database db = backend.open(dir)) {
      new CatalogStore(db, box, clock).saveProvider(provider("primary", "sk-1"), audit("provider.create", "primary"));
      new CatalogStore(db, box, clock).saveProvider(provider("open", null), audit("provider.create", "open"));

      List<Provider> loaded = new CatalogStore(db, SecretBox.ofKey(Fixtures.KEY_B), clock).load().providers();

      assertEquals(new Secret(null, true), loaded.get(0).apiKey());
      assertEquals(Secret.NONE, loaded.get(1).apiKey(), "no credential is not an unreadable one");
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void duplicateProviderName_isRefusedAndNothingIsWritten(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = new CatalogStore(db, box, clock);
      Provider first = store.saveProvider(provider("primary", "sk-1"), audit("provider.create", "primary"));
      Provider second = store.saveProvider(provider("backup", "sk-2"), audit("provider.create", "backup"));
      long audits = Fixtures.count(db, "audit_event");

      DuplicateNameException e =
          assertThrows(
              DuplicateNameException.class,
              () -> store.saveProvider(provider("primary", "sk-3"), audit("provider.create", "primary")));
      assertEquals("primary", e.name());
      assertThrows(
          DuplicateNameException.class,
          () -> store.saveProvider(rename(second, "primary"), audit("provider.update", "primary")));

      assertEquals(audits, Fixtures.count(db, "audit_event"));
      assertEquals(List.of(first, second), store.load().providers());
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void unknownProviderId_isNotFound(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = new CatalogStore(db, box, clock);
      Provider ghost = provider("ghost", null);
      Provider withId =
          new Provider(99, "ghost", ghost.kind(), ghost.baseUrl(), ghost.apiKey(), ghost.headers(), ghost.timeouts(),
              true, "api", null, null);
      assertThrows(NotFoundException.class, () -> store.saveProvider(withId, audit("provider.update", "ghost")));
      assertThrows(NotFoundException.class, () -> store.deleteProvider(99, audit("provider.delete", "ghost")));
      assertEquals(0, Fixtures.count(db, "audit_event"));
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void deleteProvider_usedByModels_isRefusedNamingThem(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = new CatalogStore(db, box, clock);
      Provider p = store.saveProvider(provider("primary", "sk-1"), audit("provider.create", "primary"));
      store.saveModel(model("m-b", p.id()), audit("model.create", "m-b"));
      store.saveModel(model("m-a", p.id()), audit("model.create", "m-a"));

      InUseException e =
          assertThrows(InUseException.class, () -> store.deleteProvider(p.id(), audit("provider.delete", "primary")));
      assertEquals("primary", e.subject());
      assertEquals(List.of("m-a", "m-b"), e.users());
      assertEquals(1, store.load().providers().size());
      assertEquals(3, Fixtures.count(db, "audit_event"));
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void deleteProvider_unused_removesItWithAnAuditRow(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = new CatalogStore(db, box, clock);
      Provider p = store.saveProvider(provider("primary", "sk-1"), audit("provider.create", "primary"));
      store.deleteProvider(p.id(), audit("provider.delete", "primary"));

      assertTrue(store.load().providers().isEmpty());
      AuditRow last = new AuditStore(db).recent(1).getFirst();
      assertEquals("provider.delete", last.action());
      assertEquals("{\"by\":\"test\"}", last.detailsJson());
      assertNotEquals(0, last.id());
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void auditRowThatCannotBeWritten_rollsBackTheChangeItDescribes(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = new CatalogStore(db, box, clock);
      db.transaction(
          c -> {
            try (var s = c.createStatement()) {
              return s.execute("DROP TABLE audit_event");
            }
          });

      assertThrows(
          StoreException.class,
          () -> store.saveProvider(provider("primary", "sk-1"), audit("provider.create", "primary")));
      assertTrue(store.load().providers().isEmpty());
    }
  }

  private static Provider withSecret(Provider p, Secret s) {
    return new Provider(p.id(), p.name(), p.kind(), p.baseUrl(), s, p.headers(), p.timeouts(), p.active(),
        p.source(), p.createdAt(), p.updatedAt());
  }

  private static Provider rename(Provider p, String name) {
    return new Provider(p.id(), name, p.kind(), p.baseUrl(), p.apiKey(), p.headers(), p.timeouts(), p.active(),
        p.source(), p.createdAt(), p.updatedAt());
  }
}
