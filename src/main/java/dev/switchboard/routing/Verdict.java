package dev.switchboard.routing;

/**
 * The classifier's answer: the class and a one-line reason for logs and the ledger's {@code error_class}.
 *
 * @param retryAfterSeconds the upstream's {@code Retry-After}, or {@code -1}
 */
public record Verdict(FailureClass failureClass, String reason, long retryAfterSeconds) {

  static final Verdict OK = new Verdict(FailureClass.OK, null, -1);

  public boolean ok() {
    return failureClass == FailureClass.OK;
  }
}
