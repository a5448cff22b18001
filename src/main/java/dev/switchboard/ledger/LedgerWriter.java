package dev.switchboard.ledger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes usage events in batches on its own virtual thread, off the request path.
 *
 * <p>{@link #record} only enqueues. The writer drains up to {@code maxBatch} events at a time, at least every
 * {@code interval}; a failed batch is retried (the events stay queued in order) so a database hiccup delays
 * rows rather than losing them. {@link #close} stops intake, writes everything still queued and returns —
 * a clean shutdown loses nothing; a crash loses at most one interval.
 */
public final class LedgerWriter implements Ledger, AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(LedgerWriter.class);

  private static final int CLOSE_RETRIES = 20;
  /** Put on the queue by {@link #close} to wake a waiting writer at once; never written. */
  private static final UsageEvent WAKE = new UsageEvent("", java.time.Instant.EPOCH, "", null, null, null, null, null,
      null, null, null, false, "", null, null, 0, 0, null, null, 0, null, false);

  private final LinkedBlockingQueue<UsageEvent> queue = new LinkedBlockingQueue<>();
  private final Consumer<List<UsageEvent>> sink;
  private final Duration interval;
  private final int maxBatch;
  private final Thread thread;
  private volatile boolean closing;

  /** @param sink writes one batch in one transaction; throws to have it retried */
  public LedgerWriter(Consumer<List<UsageEvent>> sink, Duration interval, int maxBatch) {
    this.sink = sink;
    this.interval = interval;
    this.maxBatch = maxBatch;
    this.thread = Thread.ofVirtual().name("ledger-writer").start(this::loop);
  }

  @Override
  public void record(UsageEvent event) {
    queue.add(event);
  }

  /** Events accepted but not yet written. */
  public int pending() {
    return queue.size();
  }

  private void loop() {
    List<UsageEvent> batch = new ArrayList<>(maxBatch);
    int failures = 0;
    while (!closing || !queue.isEmpty() || !batch.isEmpty()) {
      try {
        if (batch.isEmpty()) {
          UsageEvent first = queue.poll(interval.toMillis(), TimeUnit.MILLISECONDS);
          if (first == null || first == WAKE) {
            continue;
          }
          batch.add(first);
          fill(batch);
        }
        queue.drainTo(batch, maxBatch - batch.size());
        batch.removeIf(e -> e == WAKE);
        sink.accept(batch);
        batch.clear();
      } catch (InterruptedException e) {
        closing = true;
      } catch (RuntimeException e) {
        failures++;
        if (closing && failures > CLOSE_RETRIES) {
          LOG.error("ledger gave up on {} rows at shutdown: {}", batch.size() + queue.size(), e.toString());
          return;
        }
        LOG.warn("ledger batch of {} rows not written, retrying: {}", batch.size(), e.toString());
        LockSupport.parkNanos(interval.toNanos());
        continue;
      }
      failures = 0;
    }
  }

  /**
   * Gathers a batch for up to one interval after its first event (or until it is full): one commit per interval
   * under load instead of one per request, which is what keeps the writer cheap. At shutdown it does not wait.
   */
  private void fill(List<UsageEvent> batch) throws InterruptedException {
    long deadline = System.nanoTime() + interval.toNanos();
    while (batch.size() < maxBatch && !closing) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return;
      }
      UsageEvent next = queue.poll(left, TimeUnit.NANOSECONDS);
      if (next == null || next == WAKE) {
        return;
      }
      batch.add(next);
      queue.drainTo(batch, maxBatch - batch.size());
    }
  }

  @Override
  public void close() {
    closing = true;
    queue.add(WAKE);
    try {
      thread.join(Duration.ofSeconds(30));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (!queue.isEmpty()) {
      LOG.error("ledger closed with {} rows unwritten", queue.size());
    }
  }
}
