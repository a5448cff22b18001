package dev.switchboard.admin;

import dev.switchboard.access.ApiKeys;
import java.security.MessageDigest;

/** The admin token, held as its SHA-256 digest and compared in constant time. */
public final class AdminToken {

  private final byte[] digest;

  private AdminToken(byte[] digest) {
    this.digest = digest.clone();
  }

  public static AdminToken ofDigest(byte[] digest) {
    return new AdminToken(digest);
  }

  public static AdminToken ofPlaintext(String token) {
    return new AdminToken(ApiKeys.digest(token));
  }

  boolean accepts(String authorization) {
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return false;
    }
    return MessageDigest.isEqual(digest, ApiKeys.digest(authorization.substring(7).trim()));
  }
}
