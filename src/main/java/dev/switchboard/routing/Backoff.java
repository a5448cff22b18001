package dev.switchboard.routing;

import java.util.random.RandomGenerator;

/** Delays between retries on one target: exponential with full jitter, never under the upstream's Retry-After. */
final class Backoff {

  static final long BASE_MS = 250;
  static final long CAP_MS = 8_000;

  private Backoff() {}

  /** The wait before retry number {@code retry} (1 for the first retry). */
  static long delay(int retry, long retryAfterSeconds, RandomGenerator random) {
    long ceiling = Math.min(CAP_MS, BASE_MS << Math.min(20, retry - 1));
    long jittered = random.nextLong(ceiling + 1);
    return Math.max(jittered, retryAfterSeconds < 0 ? 0 : retryAfterSeconds * 1000);
  }

  /** Failures worth a second try on the same target; a refused credential will not change in a second. */
  static boolean transientFailure(FailureClass c) {
    return switch (c) {
      case RATE_LIMITED, UPSTREAM_ERROR, TIMEOUT, UNREACHABLE, BAD_ANSWER -> true;
      default -> false;
    };
  }
}
