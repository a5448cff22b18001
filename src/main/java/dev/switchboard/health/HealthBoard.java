package dev.switchboard.health;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.DoubleSupplier;

/** Every target's health on this replica; lock-free reads, CAS transitions, time from the injected clock. */
public final class HealthBoard {

  private final Map<TargetKey, AtomicReference<TargetState>> states = new ConcurrentHashMap<>();
  private final Clock clock;
  private final DoubleSupplier jitter;

  /** @param jitter values in [0, 1) that spread cooldowns */
  public HealthBoard(Clock clock, DoubleSupplier jitter) {
    this.clock = clock;
    this.jitter = jitter;
  }

  public Instant now() {
    return clock.instant();
  }

  /** The current state; a target never seen is up. */
  public TargetState state(TargetKey key) {
    AtomicReference<TargetState> ref = states.get(key);
    return ref == null ? TargetState.up(Instant.EPOCH) : ref.get();
  }

  public boolean coolingDown(TargetKey key) {
    AtomicReference<TargetState> ref = states.get(key);
    return ref != null && ref.get().coolingDown(clock.instant());
  }

  public TargetState failure(TargetKey key, Failure failure, HealthSettings settings) {
    Instant now = clock.instant();
    double j = jitter.getAsDouble();
    return ref(key, now).updateAndGet(s -> s.failed(failure, now, settings, j));
  }

  public TargetState success(TargetKey key) {
    AtomicReference<TargetState> ref = states.get(key);
    if (ref == null) {
      return TargetState.up(Instant.EPOCH); // never failed: nothing to record
    }
    Instant now = clock.instant();
    return ref.updateAndGet(s -> s.succeeded(now));
  }

  /** Forgets a target (its alias or model was deleted). */
  public void forget(TargetKey key) {
    states.remove(key);
  }

  private AtomicReference<TargetState> ref(TargetKey key, Instant now) {
    return states.computeIfAbsent(key, k -> new AtomicReference<>(TargetState.up(now)));
  }
}
