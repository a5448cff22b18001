package dev.switchboard.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.store.Database;
import dev.switchboard.store.TestDatabases;
import dev.switchboard.store.UsageStore;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class LedgerWriterTest {

  @TempDir Path dir;

  static UsageEvent event(int i) {
    return new UsageEvent("req-" + i, Instant.ofEpochMilli(1_000_000L + i), "chat", 1L, "k", null, 2L, "m", 3L, "p",
        null, false, "ok", 200, null, 5, 7, null, null, 12, 3L, false);
  }

  @Test
  void closeWritesEverythingQueued() {
    try (Database db = TestDatabases.sqlite(dir)) {
      UsageStore store = new UsageStore(db);
      LedgerWriter writer = new LedgerWriter(UsageRows.sink(store), Duration.ofSeconds(30), 50);
      for (int i = 0; i < 1234; i++) {
        writer.record(event(i));
      }
      writer.close();
      assertEquals(1234, store.count());
      assertEquals("req-1233", store.recent(1).getFirst().requestId());
    }
  }

  @Test
  void batchesAreBoundedAndAFailedBatchIsRetriedNotLost() {
    List<Integer> sizes = new ArrayList<>();
    List<String> written = new ArrayList<>();
    AtomicInteger calls = new AtomicInteger();
    Consumer<List<UsageEvent>> flaky = batch -> {
      if (calls.incrementAndGet() == 1) {
        throw new IllegalStateException("database briefly unavailable");
      }
      synchronized (written) {
        sizes.add(batch.size());
        batch.forEach(e -> written.add(e.requestId()));
      }
    };
    LedgerWriter writer = new LedgerWriter(flaky, Duration.ofMillis(10), 20);
    for (int i = 0; i < 100; i++) {
      writer.record(event(i));
    }
    writer.close();
    assertEquals(100, written.size());
    assertEquals("req-0", written.getFirst(), "order kept across the retry");
    assertEquals("req-99", written.getLast());
    assertTrue(sizes.stream().allMatch(s -> s <= 20), sizes.toString());
  }

  @Test
  void postgresReceivesTheSameRows() {
    try (Database db = TestDatabases.postgres()) {
      UsageStore store = new UsageStore(db);
      LedgerWriter writer = new LedgerWriter(UsageRows.sink(store), Duration.ofMillis(50), 100);
      for (int i = 0; i < 300; i++) {
        writer.record(event(i));
      }
      writer.close();
      assertEquals(300, store.count());
    }
  }
}
