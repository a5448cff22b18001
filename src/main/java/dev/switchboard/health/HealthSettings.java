package dev.switchboard.health;

import dev.switchboard.catalog.HealthPolicy;
import java.time.Duration;

/**
 * How quickly a target trips, how long it stays out, and how it comes back (DESIGN §6).
 *
 * @param tripErrors failures within {@code tripWindow} that mark a target down
 * @param cooldown the first cooldown; doubled on each consecutive trip up to {@code maxCooldown}
 * @param credentialCooldown the cooldown when the provider refused our credential (it rarely fixes itself)
 * @param probeEnabled with probes a down target needs {@code recoveryProbes} passed probes to come back;
 *     without them it is tried half-open by a real request once its cooldown is over
 * @param minDwell how long a fallback target stays active before traffic moves back up (failover rule)
 */
public record HealthSettings(int tripErrors, Duration tripWindow, Duration cooldown, Duration maxCooldown,
    Duration credentialCooldown, boolean probeEnabled, Duration probeInterval, Duration probeTimeout,
    int recoveryProbes, Duration minDwell) {

  public static final HealthSettings DEFAULTS = new HealthSettings(1, Duration.ofSeconds(30),
      Duration.ofSeconds(30), Duration.ofMinutes(5), Duration.ofMinutes(5), true, Duration.ofSeconds(15),
      Duration.ofSeconds(5), 3, Duration.ofSeconds(60));

  public HealthSettings withCooldown(Duration c) {
    return new HealthSettings(tripErrors, tripWindow, c, maxCooldown.compareTo(c) < 0 ? c : maxCooldown,
        credentialCooldown, probeEnabled, probeInterval, probeTimeout, recoveryProbes, minDwell);
  }

  /** These settings with an alias's own values laid over them. */
  public HealthSettings over(HealthPolicy p) {
    if (p == null || p.inherits()) {
      return this;
    }
    Duration cd = p.cooldown() != null ? p.cooldown() : cooldown;
    return new HealthSettings(
        p.tripErrors() != null ? p.tripErrors() : tripErrors,
        p.tripWindow() != null ? p.tripWindow() : tripWindow,
        cd,
        maxCooldown.compareTo(cd) < 0 ? cd : maxCooldown,
        credentialCooldown,
        p.probeEnabled() != null ? p.probeEnabled() : probeEnabled,
        p.probeInterval() != null ? p.probeInterval() : probeInterval,
        p.probeTimeout() != null ? p.probeTimeout() : probeTimeout,
        p.recoveryProbes() != null ? p.recoveryProbes() : recoveryProbes,
        p.minDwell() != null ? p.minDwell() : minDwell);
  }
}
