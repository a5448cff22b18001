package dev.switchboard.health;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.DoubleSupplier;
import java.util.function.UnaryOperator;

/**
 * Every target's health on this replica; lock-free reads, CAS transitions, time from the injected clock.
 * A transition that changes a target's status is published as a {@link HealthEvent.TargetChanged}.
 */
public final class HealthBoard {

  private final Map<TargetKey, AtomicReference<TargetState>> states = new ConcurrentHashMap<>();
  private final Clock clock;
  private final DoubleSupplier jitter;
  private final HealthEvents events;

  /** @param jitter values in [0, 1) that spread cooldowns */
  public HealthBoard(Clock clock, DoubleSupplier jitter, HealthEvents events) {
    this.clock = clock;
    this.jitter = jitter;
    this.events = events;
  }

  public HealthBoard(Clock clock, DoubleSupplier jitter) {
    this(clock, jitter, new HealthEvents());
  }

  public Instant now() {
    return clock.instant();
  }

  public HealthEvents events() {
    return events;
  }

  /** The current state; a target never seen is up. */
  public TargetState state(TargetKey key) {
    AtomicReference<TargetState> ref = states.get(key);
    return ref == null ? TargetState.up(Instant.EPOCH) : ref.get();
  }

  public boolean coolingDown(TargetKey key) {
    return state(key).coolingDown(clock.instant());
  }

  public boolean eligible(TargetKey key, HealthSettings settings) {
    return state(key).eligible(clock.instant(), settings);
  }

  public TargetState failure(TargetKey key, Failure failure, HealthSettings settings) {
    Instant now = clock.instant();
    double j = jitter.getAsDouble();
    return update(key, now, s -> s.failed(failure, now, settings, j), failure.reason());
  }

  /** A passed check: a real request that succeeded, or a probe. */
  public TargetState success(TargetKey key, HealthSettings settings) {
    Instant now = clock.instant();
    return update(key, now, s -> s.succeeded(now, settings), "check passed");
  }

  /** Records that a probe was sent now (whatever its outcome). */
  public void probed(TargetKey key) {
    Instant now = clock.instant();
    ref(key, now).updateAndGet(s -> s.probed(now));
  }

  /** Forgets a target (its alias or model was deleted). */
  public void forget(TargetKey key) {
    states.remove(key);
  }

  private TargetState update(TargetKey key, Instant now, UnaryOperator<TargetState> f, String reason) {
    AtomicReference<TargetState> ref = ref(key, now);
    TargetState before;
    TargetState after;
    do {
      before = ref.get();
      after = f.apply(before);
    } while (!ref.compareAndSet(before, after));
    if (before.status() != after.status()) {
      events.publish(new HealthEvent.TargetChanged(now, key.alias(), key.modelId(), before.status(), after.status(),
          reason));
    }
    return after;
  }

  private AtomicReference<TargetState> ref(TargetKey key, Instant now) {
    return states.computeIfAbsent(key, k -> new AtomicReference<>(TargetState.up(now)));
  }
}
