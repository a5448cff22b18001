package dev.switchboard.store;

/** The database failed in a way the caller cannot fix by changing its request (connection lost, bad SQL, …). */
public final class StoreException extends RuntimeException {
  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
