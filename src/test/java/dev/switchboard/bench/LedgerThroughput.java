package dev.switchboard.bench;

import dev.switchboard.ledger.LedgerWriter;
import dev.switchboard.ledger.UsageEvent;
import dev.switchboard.ledger.UsageRows;
import dev.switchboard.store.Database;
import dev.switchboard.store.UsageStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * Ledger throughput on SQLite (run by bench/run.sh, not a test): the gateway's own writer settings (200 ms
 * batches of up to 500) over a fresh SQLite file.
 *
 * <ol>
 *   <li><b>sustained</b>: events offered at {@code RATE}/s for {@code SECONDS} s; the queue is sampled every
 *       100 ms; it is "not growing" when it never holds more than one second of events and ends below one batch
 *       interval's worth plus a batch.
 *   <li><b>capacity</b>: {@code BURST} events enqueued at once; attempts/s = BURST / time until all are rows.
 * </ol>
 *
 * <p>Prints one JSON line. Arguments: {@code [RATE=5000] [SECONDS=4] [BURST=50000]}.
 */
public final class LedgerThroughput {

  private LedgerThroughput() {}

  public static void main(String[] args) throws Exception {
    int rate = args.length > 0 ? Integer.parseInt(args[0]) : 5000;
    int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 4;
    int burst = args.length > 2 ? Integer.parseInt(args[2]) : 50_000;
    Path dir = Files.createTempDirectory("sb-ledger-bench");
    try (Database db = Database.open("jdbc:sqlite:" + dir.resolve("ledger.db"))) {
      UsageStore store = new UsageStore(db);
      LedgerWriter ledger = new LedgerWriter(UsageRows.sink(store), Duration.ofMillis(200), 500);
      // Warm the insert path (JIT, SQLite page cache) before measuring.
      for (int i = 0; i < 20_000; i++) {
        ledger.record(event(i));
      }
      waitFor(store, 20_000, Duration.ofSeconds(60));

      // 1. Sustained rate.
      long total = (long) rate * seconds;
      long base = store.count();
      long t0 = System.nanoTime();
      int maxPending = 0;
      long nextSample = t0;
      for (long i = 0; i < total; i++) {
        long due = t0 + i * 1_000_000_000L / rate;
        long now = System.nanoTime();
        if (due > now) {
          LockSupport.parkNanos(due - now);
        }
        ledger.record(event(i));
        if (System.nanoTime() >= nextSample) {
          maxPending = Math.max(maxPending, ledger.pending());
          nextSample += 100_000_000L;
        }
      }
      double offered = total / ((System.nanoTime() - t0) / 1e9);
      int endPending = ledger.pending();
      long caughtUp = waitFor(store, base + total, Duration.ofSeconds(60));
      boolean sustained = maxPending <= rate && endPending <= rate / 5 + 500;

      // 2. Capacity: a burst, drained as fast as the writer can.
      base = store.count();
      long b0 = System.nanoTime();
      for (int i = 0; i < burst; i++) {
        ledger.record(event(i));
      }
      waitFor(store, base + burst, Duration.ofSeconds(120));
      double capacity = burst / ((System.nanoTime() - b0) / 1e9);
      ledger.close();
      System.out.printf(
          "LEDGERJSON {\"rate\":%d,\"offered_per_s\":%.0f,\"max_pending\":%d,\"end_pending\":%d,"
              + "\"catch_up_ms\":%d,\"sustained\":%b,\"burst\":%d,\"capacity_per_s\":%.0f}%n",
          rate, offered, maxPending, endPending, caughtUp, sustained, burst, capacity);
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** Milliseconds until the table holds {@code rows} rows. */
  private static long waitFor(UsageStore store, long rows, Duration limit) throws InterruptedException {
    long t0 = System.nanoTime();
    while (store.count() < rows) {
      if (System.nanoTime() - t0 > limit.toNanos()) {
        throw new IllegalStateException("ledger did not catch up within " + limit);
      }
      Thread.sleep(5);
    }
    return (System.nanoTime() - t0) / 1_000_000;
  }

  private static UsageEvent event(long i) {
    return new UsageEvent("req-" + Long.toHexString(System.nanoTime()) + "-" + i, Instant.now(), "chat", 1L, "bench",
        "fast", 11L, "m-primary", 1L, "primary", 1, false, "ok", 200, null, 12, 48, 0.000031, "USD", 3, 2L, false);
  }
}
