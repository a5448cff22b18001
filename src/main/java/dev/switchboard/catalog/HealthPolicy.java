package dev.switchboard.catalog;

import java.time.Duration;

/**
 * An alias's own health settings (DESIGN §6); every {@code null} field inherits the gateway's default.
 *
 * @param tripErrors failures within {@code tripWindow} that mark a target down
 * @param cooldown how long a down target is skipped before it may recover
 * @param probeInterval how often idle targets are checked
 * @param probeTimeout how long one probe may take
 * @param probeEnabled whether probes run (without them a target recovers half-open, by a real request)
 * @param recoveryProbes passed probes a down target needs to recover
 * @param minDwell how long a fallback target stays active before traffic moves back up
 */
public record HealthPolicy(Integer tripErrors, Duration tripWindow, Duration cooldown, Duration probeInterval,
    Duration probeTimeout, Boolean probeEnabled, Integer recoveryProbes, Duration minDwell) {

  public static final HealthPolicy INHERIT = new HealthPolicy(null, null, null, null, null, null, null, null);

  public boolean inherits() {
    return equals(INHERIT);
  }
}
