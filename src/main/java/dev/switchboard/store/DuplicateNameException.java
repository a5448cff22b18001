package dev.switchboard.store;

/** A write was refused because its name is already taken (models and aliases share one namespace). */
public final class DuplicateNameException extends RuntimeException {
  private final String name;

  public DuplicateNameException(String name, Throwable cause) {
    super("the name '" + name + "' is already in use", cause);
    this.name = name;
  }

  public String name() {
    return name;
  }
}
