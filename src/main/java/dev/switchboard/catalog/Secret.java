package dev.switchboard.catalog;

/**
 * A decrypted credential held in memory; its {@code toString} never shows the value.
 *
 * @param value the plaintext, or {@code null} when there is none
 * @param unreadable true when a stored credential exists but could not be decrypted (misconfiguration)
 */
public record Secret(String value, boolean unreadable) {

  public static final Secret NONE = new Secret(null, false);

  public static Secret of(String value) {
    return value == null || value.isEmpty() ? NONE : new Secret(value, false);
  }

  public boolean present() {
    return value != null;
  }

  @Override
  public String toString() {
    return unreadable ? "Secret[unreadable]" : present() ? "Secret[***]" : "Secret[none]";
  }
}
