package dev.switchboard.store;

/** Sealed text could not be opened: another key sealed it, it was altered, or it is not sealed text. */
public final class UnreadableSecretException extends Exception {
  public UnreadableSecretException(String message) {
    super(message);
  }
}
