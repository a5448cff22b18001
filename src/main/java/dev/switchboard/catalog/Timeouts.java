package dev.switchboard.catalog;

import java.time.Duration;

/**
 * The four limits of one upstream attempt (DESIGN §4.2); {@code null} fields in an override mean "inherit".
 *
 * @param connect time to open the TCP connection
 * @param firstByte time to the response headers (non-stream) or to the first event (stream)
 * @param idle longest gap between two stream events
 * @param total the whole attempt
 */
public record Timeouts(Duration connect, Duration firstByte, Duration idle, Duration total) {

  public static final Timeouts DEFAULTS =
      new Timeouts(
          Duration.ofSeconds(5), Duration.ofSeconds(60), Duration.ofSeconds(60), Duration.ofSeconds(600));

  public static final Timeouts INHERIT = new Timeouts(null, null, null, null);

  /** This set with every {@code null} field taken from {@code base}. */
  public Timeouts over(Timeouts base) {
    return new Timeouts(
        connect != null ? connect : base.connect,
        firstByte != null ? firstByte : base.firstByte,
        idle != null ? idle : base.idle,
        total != null ? total : base.total);
  }
}
