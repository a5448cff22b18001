package dev.switchboard.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.catalog.Alias;
import dev.switchboard.catalog.Target;
import dev.switchboard.health.MutableClock;
import dev.switchboard.store.Database;
import dev.switchboard.store.SecretBox;
import dev.switchboard.store.SessionRow;
import dev.switchboard.store.SessionStore;
import dev.switchboard.store.TestDatabases;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(30)
class StickinessUnitTest {

  @TempDir Path dir;
  final MutableClock clock = new MutableClock(Instant.parse("2026-12-01T00:00:00Z"));

  static Alias alias(int ttl) {
    return new Alias(1, "chat", null, null, List.of(new Target(1, 1, 1), new Target(2, 2, 1)), "weighted", 3, 0,
        false, true, "api", Instant.EPOCH, Instant.EPOCH, null, 1, 1, ttl);
  }

  /** The session table, counting writes. */
  final class Counting implements Stickiness.Repository {
    final SessionStore store;
    final AtomicInteger saves = new AtomicInteger();

    Counting(SessionStore store) {
      this.store = store;
    }

    @Override
    public void save(Stickiness.Sticky s) {
      saves.incrementAndGet();
      store.upsert(List.of(new SessionRow(s.alias(), s.keyHash(), s.modelId(), s.expiresAt(), s.renewedAt())));
    }

    @Override
    public List<Stickiness.Sticky> active(Instant now) {
      return store.active(now).stream()
          .map(r -> new Stickiness.Sticky(r.aliasName(), r.keyHash(), r.modelId(), r.expiresAt(), r.renewedAt()))
          .toList();
    }

    @Override
    public void purgeExpired(Instant now) {
      store.purgeExpired(now);
    }
  }

  @Test
  void theWindowSlidesWithAWriteAtMostOncePerHalfWindow() {
    try (Database db = TestDatabases.sqlite(dir)) {
      SecretBox box = SecretBox.load("a server secret", dir);
      Counting repo = new Counting(new SessionStore(db));
      Stickiness s = new Stickiness(clock, box::hmac, repo);
      Alias alias = alias(3600);
      String hash = s.keyHash(7, "conversation");
      assertNotEquals(hash, s.keyHash(8, "conversation"), "another caller, another session");
      s.served(alias, hash, 1);
      for (int i = 0; i < 100; i++) {
        clock.advance(Duration.ofSeconds(10));
        s.served(alias, hash, 1);
        assertEquals(Optional.of(1L), s.lookup(alias, hash));
      }
      s.close();
      assertEquals(1, repo.saves.get(), "1000 s of traffic inside the first half hour: one write");

      Stickiness again = new Stickiness(clock, box::hmac, repo);
      clock.advance(Duration.ofMinutes(15));
      again.load();
      assertEquals(Optional.of(1L), again.lookup(alias, hash), "read back from the table");
      again.served(alias, hash, 1);
      clock.advance(Duration.ofMinutes(61));
      assertEquals(Optional.empty(), again.lookup(alias, hash), "the window ended");
      again.purge();
      again.close();
      assertEquals(2, repo.saves.get(), "past half the window: renewed once");
      Stickiness third = new Stickiness(clock, box::hmac, repo);
      third.load();
      assertEquals(0, third.size());
      third.close();
    }
  }

  @Test
  void aZeroWindowOrOneTargetIsNotSticky() {
    try (Database db = TestDatabases.sqlite(dir)) {
      Counting repo = new Counting(new SessionStore(db));
      Stickiness s = new Stickiness(clock, m -> "h" + m.hashCode(), repo);
      s.served(alias(0), s.keyHash(1, "x"), 1);
      Alias single = new Alias(2, "one", null, null, List.of(new Target(1, 1, 1)), "failover", 3, 0, false, true,
          "api", Instant.EPOCH, Instant.EPOCH, null, 1, 1, 3600);
      s.served(single, s.keyHash(1, "x"), 1);
      s.close();
      assertEquals(0, repo.saves.get());
      assertTrue(s.lookup(alias(0), s.keyHash(1, "x")).isEmpty());
    }
  }
}
