package dev.switchboard.health;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One target's health at one moment. Immutable: every transition returns a new value, so a board can swap it
 * with compare-and-set and readers never see half an update.
 *
 * <pre>
 *   up ──trip──▶ down ──recovery.probes passed──▶ recovering ──real success──▶ up
 *                 ▲  └─(probes off) cooldown over: half-open, a real success──▶ up
 *                 └──────────── any failure while down (after its cooldown) or recovering
 * </pre>
 *
 * @param recentFailures failure times still inside the trip window, oldest first
 * @param trips consecutive trips without a success in between (drives the doubling)
 * @param downUntil end of the current cooldown, or {@code null} when up
 * @param since when the status last changed
 * @param probesPassed recovery checks passed in a row while down
 * @param lastCheckAt the last passed check: a probe or a real request that succeeded
 * @param lastProbeAt the last probe sent, passed or not
 */
public record TargetState(TargetStatus status, List<Instant> recentFailures, int trips, Instant downUntil,
    Instant since, String lastError, Instant lastErrorAt, int probesPassed, Instant lastCheckAt,
    Instant lastProbeAt) {

  public static TargetState up(Instant now) {
    return new TargetState(TargetStatus.UP, List.of(), 0, null, now, null, null, 0, null, null);
  }

  public TargetState {
    recentFailures = List.copyOf(recentFailures);
  }

  /** True while the target is inside its cooldown. */
  public boolean coolingDown(Instant now) {
    return status == TargetStatus.DOWN && downUntil != null && now.isBefore(downUntil);
  }

  /**
   * May real traffic be sent here ahead of targets that are down? Up and recovering targets may; a down one only
   * half-open (probes off, cooldown over).
   */
  public boolean eligible(Instant now, HealthSettings s) {
    return status != TargetStatus.DOWN || (!s.probeEnabled() && !coolingDown(now));
  }

  /**
   * The state after a failure at {@code now}. {@code jitter} in [0, 1) spreads cooldowns ±15 % so that targets
   * tripped together do not come back together.
   */
  TargetState failed(Failure f, Instant now, HealthSettings s, double jitter) {
    List<Instant> window = new ArrayList<>();
    for (Instant t : recentFailures) {
      if (t.isAfter(now.minus(s.tripWindow()))) {
        window.add(t);
      }
    }
    window.add(now);
    boolean trialFailed = status == TargetStatus.RECOVERING
        || (status == TargetStatus.DOWN && !coolingDown(now));
    boolean trips = status == TargetStatus.UP && window.size() >= s.tripErrors();
    if (!trialFailed && !trips) {
      Instant until = status == TargetStatus.DOWN ? floor(downUntil, f, now) : downUntil;
      return new TargetState(status, window, this.trips, until, since, f.reason(), now, 0, lastCheckAt,
          lastProbeAt);
    }
    int n = this.trips + 1;
    Duration base = f.credential() ? s.credentialCooldown() : doubled(s, n);
    long ms = Math.round(base.toMillis() * (0.85 + 0.30 * jitter));
    Instant until = floor(now.plusMillis(Math.max(1, ms)), f, now);
    Instant changed = status == TargetStatus.DOWN ? since : now;
    return new TargetState(TargetStatus.DOWN, window, n, until, changed, f.reason(), now, 0, lastCheckAt,
        lastProbeAt);
  }

  /** The state after a passed check: a successful real request or probe. */
  TargetState succeeded(Instant now, HealthSettings s) {
    return switch (status) {
      case UP -> new TargetState(TargetStatus.UP, List.of(), 0, null, since, lastError, lastErrorAt, 0, now,
          lastProbeAt);
      case RECOVERING -> new TargetState(TargetStatus.UP, List.of(), 0, null, now, lastError, lastErrorAt, 0, now,
          lastProbeAt);
      case DOWN -> {
        if (!s.probeEnabled()) {
          yield new TargetState(TargetStatus.UP, List.of(), 0, null, now, lastError, lastErrorAt, 0, now,
              lastProbeAt);
        }
        int passed = probesPassed + 1;
        yield passed >= s.recoveryProbes()
            ? new TargetState(TargetStatus.RECOVERING, List.of(), trips, null, now, lastError, lastErrorAt, 0, now,
                lastProbeAt)
            : new TargetState(TargetStatus.DOWN, recentFailures, trips, downUntil, since, lastError, lastErrorAt,
                passed, now, lastProbeAt);
      }
    };
  }

  TargetState probed(Instant now) {
    return new TargetState(status, recentFailures, trips, downUntil, since, lastError, lastErrorAt, probesPassed,
        lastCheckAt, now);
  }

  private static Duration doubled(HealthSettings s, int trips) {
    Duration d = s.cooldown();
    // At most 32 doublings: a zero cooldown never reaches the cap and must not loop once per trip.
    for (int i = 1; i < Math.min(trips, 32) && d.compareTo(s.maxCooldown()) < 0; i++) {
      d = d.multipliedBy(2);
    }
    return d.compareTo(s.maxCooldown()) > 0 ? s.maxCooldown() : d;
  }

  private static Instant floor(Instant until, Failure f, Instant now) {
    if (f.retryAfterSeconds() < 0) {
      return until;
    }
    Instant floor = now.plusSeconds(f.retryAfterSeconds());
    return until == null || until.isBefore(floor) ? floor : until;
  }
}
