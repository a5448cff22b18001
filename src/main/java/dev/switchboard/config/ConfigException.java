package dev.switchboard.config;

/** A setting or catalog file that cannot be used as written; the message says where and why. */
public final class ConfigException extends RuntimeException {

  public ConfigException(String message) {
    super(message);
  }

  public ConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
