package dev.switchboard.mock;

import java.util.concurrent.atomic.AtomicLong;

/** The mock's live counters; every request that arrives leaves through exactly one exit. */
final class Counters {
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong completed = new AtomicLong();
  private final AtomicLong clientClosed = new AtomicLong();
  private final AtomicLong inFlight = new AtomicLong();

  void arrived() {
    requests.incrementAndGet();
    inFlight.incrementAndGet();
  }

  void completed() {
    completed.incrementAndGet();
    inFlight.decrementAndGet();
  }

  void clientClosed() {
    clientClosed.incrementAndGet();
    inFlight.decrementAndGet();
  }

  /**
   * The mock cut the connection itself: the request is neither completed nor closed by the client.
   */
  void abandoned() {
    inFlight.decrementAndGet();
  }

  /**
   * Zeroes the totals. In-flight requests are still open, so they stay counted; when they finish
   * the totals may show an exit without its arrival, which is the honest reading of a mid-flight
   * reset.
   */
  void reset() {
    requests.set(0);
    completed.set(0);
    clientClosed.set(0);
  }

  MockStats snapshot() {
    return new MockStats(requests.get(), completed.get(), clientClosed.get(), inFlight.get());
  }
}
