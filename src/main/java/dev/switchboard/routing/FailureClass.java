package dev.switchboard.routing;

/**
 * What one attempt's outcome means for the request and for the target (DESIGN §4.1). The attempt loop reads
 * only this, never raw statuses.
 */
public enum FailureClass {
  /** A result to relay. */
  OK(false, false, "ok"),
  /** 429 from the upstream: it refuses our key or quota, not the request. */
  RATE_LIMITED(true, true, "rate_limited"),
  /** 5xx (incl. 529) or 408: the upstream could not answer now. */
  UPSTREAM_ERROR(true, true, "upstream_error"),
  /** Our credential was refused (401, 402, billing or quota wording) or cannot be read. */
  CREDENTIAL(true, true, "upstream_error"),
  /** A 200 that is not a result: error-first event, empty stream, a body that is not JSON or an error. */
  BAD_ANSWER(true, true, "upstream_error"),
  /** No connection, or it broke before an answer. */
  UNREACHABLE(true, true, "unreachable"),
  /** Connect, first-byte, idle or total time ran out before the commit point. */
  TIMEOUT(true, true, "timeout"),
  /** Any other 4xx: the request itself is at fault, another target would say the same. */
  CLIENT_ERROR(false, false, "client_error"),
  /** The caller went away; not the target's fault. */
  CANCELED(false, false, "canceled"),
  /** The stream broke after bytes reached the caller: too late to fail over. */
  TRUNCATED(false, true, "truncated");

  private final boolean failsOver;
  private final boolean countsAgainstTarget;
  private final String ledgerStatus;

  FailureClass(boolean failsOver, boolean countsAgainstTarget, String ledgerStatus) {
    this.failsOver = failsOver;
    this.countsAgainstTarget = countsAgainstTarget;
    this.ledgerStatus = ledgerStatus;
  }

  /** True when another target may be tried (nothing has reached the caller yet). */
  public boolean failsOver() {
    return failsOver;
  }

  /** True when the failure says something about the target's health. */
  public boolean countsAgainstTarget() {
    return countsAgainstTarget;
  }

  /** The ledger's {@code status} word for an attempt that ended this way. */
  public String ledgerStatus() {
    return ledgerStatus;
  }
}
