package dev.switchboard.protocol;

/** A caller's request that cannot be served as written; carries what the caller needs to fix it. */
public final class InvalidRequest extends Exception {

  private final String param;
  private final String code;

  public InvalidRequest(String message, String param, String code) {
    super(message, null, false, false);
    this.param = param;
    this.code = code;
  }

  public String param() {
    return param;
  }

  public String code() {
    return code;
  }
}
