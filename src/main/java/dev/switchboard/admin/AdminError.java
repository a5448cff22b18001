package dev.switchboard.admin;

/** A refused admin request: HTTP status, a stable code, a message for people, and the field at fault. */
public final class AdminError extends RuntimeException {

  private final int status;
  private final String code;
  private final String param;

  public AdminError(int status, String code, String message, String param) {
    super(message, null, false, false);
    this.status = status;
    this.code = code;
    this.param = param;
  }

  static AdminError bad(String code, String message, String param) {
    return new AdminError(400, code, message, param);
  }

  public int status() {
    return status;
  }

  public String code() {
    return code;
  }

  public String param() {
    return param;
  }
}
