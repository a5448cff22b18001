package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Timeout(60)
class AuditSettingStoreTest {
  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(Backend.class)
  void append_thenRecentNewestFirst(Backend backend) {
    try (Database db = backend.open(dir)) {
      TestClock clock = new TestClock(Fixtures.T0);
      AuditStore audit = new AuditStore(db, clock);
      audit.append(new Audit("admin", "pin.create", "fast", "{\"target\":\"m-backup\"}"));
      clock.advance(Duration.ofSeconds(1));
      audit.append(new Audit("admin", "pin.delete", "fast", null));

      List<AuditRow> rows = audit.recent(10);
      assertEquals(List.of("pin.delete", "pin.create"), rows.stream().map(AuditRow::action).toList());
      assertEquals("{}", rows.get(0).detailsJson());
      assertEquals(Fixtures.T0.plusSeconds(1), rows.get(0).createdAt());
      assertEquals("{\"target\":\"m-backup\"}", rows.get(1).detailsJson());
      assertEquals(1, audit.recent(1).size());
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void putIfAbsent_writesOnlyTheFirstValue(Backend backend) {
    try (Database db = backend.open(dir)) {
      SettingStore settings = new SettingStore(db);
      assertEquals(Optional.empty(), settings.get("admin_token_digest"));
      assertTrue(settings.putIfAbsent("admin_token_digest", "first"));
      assertFalse(settings.putIfAbsent("admin_token_digest", "second"));
      assertEquals(Optional.of("first"), settings.get("admin_token_digest"));

      settings.put("admin_token_digest", "rotated");
      settings.put("other", "x");
      assertEquals(Optional.of("rotated"), settings.get("admin_token_digest"));
      assertEquals(Optional.of("x"), settings.get("other"));
    }
  }
}
