package dev.switchboard.store;

/** An update or delete named a row id that does not exist. */
public final class NotFoundException extends RuntimeException {
  private final String what;
  private final long id;

  public NotFoundException(String what, long id) {
    super(what + " " + id + " does not exist");
    this.what = what;
    this.id = id;
  }

  /** The kind of row: {@code provider}, {@code model}, {@code alias} or {@code key}. */
  public String what() {
    return what;
  }

  public long id() {
    return id;
  }
}
