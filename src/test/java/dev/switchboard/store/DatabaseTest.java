package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Timeout(60)
class DatabaseTest {
  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(Backend.class)
  void migrations_applyOnceAndReopenCleanly(Backend backend) {
    String url = backend.freshUrl(dir);
    try (Database db = Database.open(url)) {
      assertEquals(backend == Backend.POSTGRESQL, db.postgres());
      new SettingStore(db).put("survives", "reopen");
    }
    try (Database db = Database.open(url)) {
      assertEquals("5", Fixtures.scalar(db, "SELECT COUNT(*) FROM flyway_schema_history WHERE success = ?", true));
      assertEquals("reopen", new SettingStore(db).get("survives").orElseThrow());
      List<String> tables =
          List.of("provider", "model", "alias", "alias_target", "route_name", "api_key", "usage_event",
              "audit_event", "setting", "route_session");
      for (String table : tables) {
        assertTrue(Fixtures.count(db, table) >= 0, table);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void transaction_thatThrows_writesNothing(Backend backend) {
    try (Database db = backend.open(dir)) {
      IllegalStateException boom = new IllegalStateException("boom");
      IllegalStateException thrown =
          assertThrows(
              IllegalStateException.class,
              () ->
                  db.transaction(
                      c -> {
                        try (PreparedStatement ps =
                            c.prepareStatement("INSERT INTO setting (key, value) VALUES (?, ?)")) {
                          ps.setString(1, "half");
                          ps.setString(2, "written");
                          ps.executeUpdate();
                        }
                        throw boom;
                      }));
      assertSame(boom, thrown);
      assertTrue(new SettingStore(db).get("half").isEmpty());
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void transaction_badSql_isAStoreException(Backend backend) {
    try (Database db = backend.open(dir)) {
      StoreException e =
          assertThrows(
              StoreException.class,
              () -> db.transaction(c -> c.prepareStatement("SELECT nope FROM nowhere").executeQuery()));
      assertTrue(e.getCause() instanceof java.sql.SQLException);
    }
  }

  @Test
  void sqlite_createsTheFolderAndUsesWalWithForeignKeysAndABusyTimeout() {
    Path file = dir.resolve("a").resolve("b").resolve("sb.db");
    try (Database db = Database.open("jdbc:sqlite:" + file)) {
      assertTrue(Files.exists(file));
      assertFalse(db.postgres());
      assertEquals("wal", Fixtures.scalar(db, "PRAGMA journal_mode"));
      assertEquals("1", Fixtures.scalar(db, "PRAGMA foreign_keys"));
      assertEquals("5000", Fixtures.scalar(db, "PRAGMA busy_timeout"));
    }
  }

  @Test
  void sqlite_inMemory_works() {
    try (Database db = Database.open("jdbc:sqlite::memory:")) {
      SettingStore settings = new SettingStore(db);
      settings.put("k", "v");
      assertEquals("v", settings.get("k").orElseThrow());
    }
  }

  @Test
  void open_unknownUrl_isRefusedWithAClearMessage() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> Database.open("jdbc:mysql://db/x?user=u&password=hunter2"));
    assertTrue(e.getMessage().contains("jdbc:sqlite:"), e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Database.open(null));
  }
}
