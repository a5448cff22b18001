package dev.switchboard.routing;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What this replica has seen of each model: requests in flight (for {@code least_busy}) and an exponentially
 * weighted moving average of time to first byte (for {@code lowest_latency}).
 */
public final class TargetStats {

  /** Weight of the newest sample in the moving average. */
  private static final double ALPHA = 0.3;

  private final Map<Long, AtomicInteger> inFlight = new ConcurrentHashMap<>();
  private final Map<Long, AtomicLong> ttfbEwma = new ConcurrentHashMap<>();

  public int inFlight(long modelId) {
    AtomicInteger n = inFlight.get(modelId);
    return n == null ? 0 : n.get();
  }

  void begin(long modelId) {
    inFlight.computeIfAbsent(modelId, k -> new AtomicInteger()).incrementAndGet();
  }

  void end(long modelId) {
    AtomicInteger n = inFlight.get(modelId);
    if (n != null) {
      n.decrementAndGet();
    }
  }

  /** The moving average in milliseconds, or {@code -1} with no sample yet. */
  public double ttfbMillis(long modelId) {
    AtomicLong bits = ttfbEwma.get(modelId);
    return bits == null ? -1 : Double.longBitsToDouble(bits.get());
  }

  void sampleTtfb(long modelId, long millis) {
    AtomicLong bits = ttfbEwma.computeIfAbsent(modelId, k -> new AtomicLong(Double.doubleToLongBits(millis)));
    bits.updateAndGet(b -> Double.doubleToLongBits(ALPHA * millis + (1 - ALPHA) * Double.longBitsToDouble(b)));
  }
}
