package dev.switchboard.health;

import java.time.Duration;

/**
 * How quickly a target trips and how long it stays out.
 *
 * @param tripErrors failures within {@code tripWindow} that mark a target down
 * @param cooldown the first cooldown; doubled on each consecutive trip up to {@code maxCooldown}
 * @param credentialCooldown the cooldown when the provider refused our credential (it rarely fixes itself)
 */
public record HealthSettings(int tripErrors, Duration tripWindow, Duration cooldown, Duration maxCooldown,
    Duration credentialCooldown) {

  public static final HealthSettings DEFAULTS = new HealthSettings(1, Duration.ofSeconds(30),
      Duration.ofSeconds(30), Duration.ofMinutes(5), Duration.ofMinutes(5));

  public HealthSettings withCooldown(Duration c) {
    return new HealthSettings(tripErrors, tripWindow, c, maxCooldown.compareTo(c) < 0 ? c : maxCooldown,
        credentialCooldown);
  }
}
