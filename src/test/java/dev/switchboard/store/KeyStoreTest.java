package dev.switchboard.store;

import static dev.switchboard.store.Fixtures.apiKey;
import static dev.switchboard.store.Fixtures.audit;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.catalog.ApiKey;
import java.nio.file.Path;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Timeout(60)
class KeyStoreTest {
  @TempDir Path dir;

  private CatalogStore store(Database db) {
    return new CatalogStore(db, SecretBox.ofKey(Fixtures.KEY_A), new TestClock(Fixtures.T0));
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void saveKey_insertUpdateLoadDelete(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = store(db);
      ApiKey saved = store.saveKey(apiKey("ci", Fixtures.KEY_A), audit("key.create", "ci"));
      assertTrue(saved.id() > 0);
      assertEquals(Fixtures.T0, saved.createdAt());

      ApiKey loaded = store.load().keys().getFirst();
      assertArrayEquals(Fixtures.KEY_A, loaded.digest());
      assertEquals("sk-sb-ab", loaded.prefix());
      assertTrue(loaded.active());

      ApiKey disabled = new ApiKey(saved.id(), "ci", saved.digest(), saved.prefix(), false, "api", null);
      ApiKey updated = store.saveKey(disabled, audit("key.update", "ci"));
      assertFalse(updated.active());
      assertEquals(Fixtures.T0, updated.createdAt());

      store.deleteKey(saved.id(), audit("key.delete", "ci"));
      assertTrue(store.load().keys().isEmpty());
      assertEquals(3, Fixtures.count(db, "audit_event"));
      assertThrows(NotFoundException.class, () -> store.deleteKey(saved.id(), audit("key.delete", "ci")));
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void duplicateKeyNameOrDigest_isRefused(Backend backend) {
    try (Database db = backend.open(dir)) {
      CatalogStore store = store(db);
      store.saveKey(apiKey("ci", Fixtures.KEY_A), audit("key.create", "ci"));

      assertThrows(
          DuplicateNameException.class,
          () -> store.saveKey(apiKey("ci", Fixtures.KEY_B), audit("key.create", "ci")),
          "same name");
      assertThrows(
          DuplicateNameException.class,
          () -> store.saveKey(apiKey("cd", Fixtures.KEY_A), audit("key.create", "cd")),
          "same digest");
      assertEquals(1, store.load().keys().size());
      assertEquals(1, Fixtures.count(db, "audit_event"));
    }
  }
}
