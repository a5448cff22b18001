package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Timeout(60)
class SessionStoreTest {
  private static final Instant NOW = Fixtures.T0;
  private static final Duration WINDOW = Duration.ofMinutes(60);

  @TempDir Path dir;

  /** A session renewed {@code ago} before {@link #NOW}, expiring one window later. */
  static SessionRow session(String alias, String keyHash, long modelId, Duration ago) {
    Instant renewed = NOW.minus(ago);
    return new SessionRow(alias, keyHash, modelId, renewed.plus(WINDOW), renewed);
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void upsert_insertsThenMovesTheSameKeyToAnotherModel(Backend backend) {
    try (Database db = backend.open(dir)) {
      SessionStore sessions = new SessionStore(db);
      SessionRow first = session("fast", "h1", 11, Duration.ZERO);
      sessions.upsert(
          List.of(first, session("fast", "h2", 11, Duration.ZERO), session("slow", "h1", 12, Duration.ZERO)));
      assertEquals(Optional.of(first), sessions.find("fast", "h1", NOW));

      SessionRow moved = session("fast", "h1", 13, Duration.ofMinutes(-5));
      sessions.upsert(List.of(moved));

      assertEquals(Optional.of(moved), sessions.find("fast", "h1", NOW));
      assertEquals(NOW.plusSeconds(300), moved.renewedAt());
      assertEquals(3, Fixtures.count(db, "route_session"), "updated in place, not added");
      assertEquals(Optional.of(12L), sessions.find("slow", "h1", NOW).map(SessionRow::modelId), "other alias kept");
      sessions.upsert(List.of());
      assertEquals(3, sessions.active(NOW).size());
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void upsert_sameKeyTwiceInOneBatch_lastWins(Backend backend) {
    try (Database db = backend.open(dir)) {
      SessionStore sessions = new SessionStore(db);
      sessions.upsert(List.of(session("fast", "h1", 11, Duration.ZERO), session("fast", "h1", 12, Duration.ZERO)));
      assertEquals(List.of(session("fast", "h1", 12, Duration.ZERO)), sessions.active(NOW));
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void activeAndFind_ignoreExpiredRows(Backend backend) {
    try (Database db = backend.open(dir)) {
      SessionStore sessions = new SessionStore(db);
      SessionRow live = session("fast", "live", 11, Duration.ofMinutes(59));
      SessionRow expiresNow = session("fast", "edge", 11, WINDOW);
      SessionRow expired = session("fast", "old", 11, Duration.ofMinutes(61));
      SessionRow otherAlias = session("slow", "live", 12, Duration.ZERO);
      sessions.upsert(List.of(live, expiresNow, expired, otherAlias));

      assertEquals(List.of(live, otherAlias), sessions.active(NOW));
      assertEquals(Optional.of(live), sessions.find("fast", "live", NOW));
      assertEquals(Optional.empty(), sessions.find("fast", "edge", NOW), "expires_at = now is expired");
      assertEquals(Optional.empty(), sessions.find("fast", "old", NOW));
      assertEquals(Optional.empty(), sessions.find("fast", "missing", NOW));
      assertEquals(Optional.of(expiresNow), sessions.find("fast", "edge", NOW.minusMillis(1)));
      assertEquals(4, Fixtures.count(db, "route_session"), "reads delete nothing");
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void deleteAlias_forgetsOnlyThatAliasIncludingExpiredRows(Backend backend) {
    try (Database db = backend.open(dir)) {
      SessionStore sessions = new SessionStore(db);
      SessionRow kept = session("slow", "h1", 11, Duration.ZERO);
      sessions.upsert(
          List.of(session("fast", "h1", 11, Duration.ZERO), session("fast", "h2", 12, Duration.ofDays(1)), kept));

      assertEquals(2, sessions.deleteAlias("fast"));
      assertEquals(0, sessions.deleteAlias("fast"));
      assertEquals(0, sessions.deleteAlias("nope"));
      assertEquals(List.of(kept), sessions.active(NOW));
      assertEquals(1, Fixtures.count(db, "route_session"));
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void deleteModel_forgetsThatModelInEveryAlias(Backend backend) {
    try (Database db = backend.open(dir)) {
      SessionStore sessions = new SessionStore(db);
      SessionRow kept = session("fast", "h2", 12, Duration.ZERO);
      sessions.upsert(
          List.of(session("fast", "h1", 11, Duration.ZERO), kept, session("slow", "h1", 11, Duration.ofDays(1))));

      assertEquals(2, sessions.deleteModel(11));
      assertEquals(0, sessions.deleteModel(11));
      assertEquals(List.of(kept), sessions.active(NOW));
      assertEquals(1, Fixtures.count(db, "route_session"));
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void purgeExpired_deletesRowsExpiredAtOrBeforeNow(Backend backend) {
    try (Database db = backend.open(dir)) {
      SessionStore sessions = new SessionStore(db);
      SessionRow live = session("fast", "live", 11, Duration.ofMinutes(59));
      sessions.upsert(
          List.of(live, session("fast", "edge", 11, WINDOW), session("slow", "old", 12, Duration.ofDays(2))));

      assertEquals(2, sessions.purgeExpired(NOW));
      assertEquals(0, sessions.purgeExpired(NOW));
      assertEquals(1, Fixtures.count(db, "route_session"));
      assertEquals(Optional.of(live), sessions.find("fast", "live", NOW));
      assertEquals(1, sessions.purgeExpired(NOW.plus(WINDOW)));
      assertEquals(0, Fixtures.count(db, "route_session"));
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void upsert_batchOf500_storesEveryRowAndUpdatesThemAllAgain(Backend backend) {
    try (Database db = backend.open(dir)) {
      SessionStore sessions = new SessionStore(db);
      List<SessionRow> rows = new ArrayList<>();
      List<SessionRow> moved = new ArrayList<>();
      for (int i = 0; i < 500; i++) {
        String hash = String.format("%064x", i);
        rows.add(session("alias-" + (i % 7), hash, i, Duration.ZERO));
        moved.add(session("alias-" + (i % 7), hash, 1000 + i, Duration.ofMinutes(-1)));
      }
      sessions.upsert(rows);
      assertEquals(500, Fixtures.count(db, "route_session"));
      assertEquals(500, sessions.active(NOW).size());

      sessions.upsert(moved);
      List<SessionRow> active = sessions.active(NOW);
      assertEquals(500, active.size());
      assertTrue(active.stream().allMatch(r -> r.modelId() >= 1000), "every row moved");
      assertEquals(Optional.of(moved.get(499)), sessions.find("alias-2", String.format("%064x", 499), NOW));
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void instants_roundTripToTheMillisecond(Backend backend) {
    try (Database db = backend.open(dir)) {
      SessionStore sessions = new SessionStore(db);
      Instant fine = NOW.plusNanos(456_789);
      SessionRow row = new SessionRow("fast", "h", 1, fine.plus(WINDOW), fine);
      assertEquals(NOW, row.renewedAt(), "truncated to ms");
      sessions.upsert(List.of(row));
      assertEquals(List.of(row), sessions.active(NOW));
    }
  }
}
