package dev.switchboard.health;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One target's health at one moment. Immutable: every transition returns a new value, so a board can swap it
 * with compare-and-set and readers never see half an update.
 *
 * @param recentFailures failure times still inside the trip window, oldest first
 * @param trips consecutive trips without a success in between (drives the doubling)
 * @param downUntil end of the current cooldown, or {@code null} when up
 * @param since when the status last changed
 */
public record TargetState(TargetStatus status, List<Instant> recentFailures, int trips, Instant downUntil,
    Instant since, String lastError, Instant lastErrorAt) {

  public static TargetState up(Instant now) {
    return new TargetState(TargetStatus.UP, List.of(), 0, null, now, null, null);
  }

  public TargetState {
    recentFailures = List.copyOf(recentFailures);
  }

  /** True while the target is inside its cooldown: plans move it to the end. */
  public boolean coolingDown(Instant now) {
    return status == TargetStatus.DOWN && downUntil != null && now.isBefore(downUntil);
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
    boolean trialFailed = status == TargetStatus.DOWN && !coolingDown(now);
    boolean trips = status != TargetStatus.DOWN && window.size() >= s.tripErrors();
    if (!trialFailed && !trips) {
      Instant until = status == TargetStatus.DOWN ? floor(downUntil, f, now) : downUntil;
      return new TargetState(status, window, this.trips, until, since, f.reason(), now);
    }
    int n = this.trips + 1;
    Duration base = f.credential() ? s.credentialCooldown() : doubled(s, n);
    long ms = Math.round(base.toMillis() * (0.85 + 0.30 * jitter));
    Instant until = floor(now.plusMillis(Math.max(1, ms)), f, now);
    return new TargetState(TargetStatus.DOWN, window, n, until, now, f.reason(), now);
  }

  /** The state after a success: up, trips forgotten. */
  TargetState succeeded(Instant now) {
    return status == TargetStatus.UP && recentFailures.isEmpty() ? this
        : new TargetState(TargetStatus.UP, List.of(), 0, null, status == TargetStatus.UP ? since : now, lastError,
            lastErrorAt);
  }

  private static Duration doubled(HealthSettings s, int trips) {
    Duration d = s.cooldown();
    for (int i = 1; i < trips && d.compareTo(s.maxCooldown()) < 0; i++) {
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
