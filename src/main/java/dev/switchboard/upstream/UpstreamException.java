package dev.switchboard.upstream;

/** An attempt that ended without an HTTP answer to classify: a transport failure, a timeout, a cancel. */
public final class UpstreamException extends RuntimeException {

  /** What went wrong, in the words the classifier reads. */
  public enum Kind {
    /** The connection could not be opened or was refused/reset before an answer. */
    CONNECT,
    TIMEOUT_CONNECT,
    TIMEOUT_FIRST_BYTE,
    TIMEOUT_IDLE,
    TIMEOUT_TOTAL,
    /** The connection broke while the answer was being read. */
    BROKEN,
    /** The provider's credential could not be read. */
    CREDENTIAL,
    /** The caller went away and the attempt was stopped on purpose. */
    CANCELED
  }

  private final Kind kind;

  public UpstreamException(Kind kind, String message) {
    super(message, null, false, false);
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }

  public boolean timeout() {
    return kind.name().startsWith("TIMEOUT_");
  }
}
