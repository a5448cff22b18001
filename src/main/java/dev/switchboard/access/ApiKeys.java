package dev.switchboard.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/** Making and digesting caller keys ({@code sk-sb-…}); the plaintext exists only at creation. */
public final class ApiKeys {

  public static final String PREFIX = "sk-sb-";
  private static final SecureRandom RANDOM = new SecureRandom();

  private ApiKeys() {}

  /** A new random key: {@code sk-sb-} and 32 random bytes, base64url. */
  public static String generate() {
    byte[] raw = new byte[32];
    RANDOM.nextBytes(raw);
    return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
  }

  public static byte[] digest(String key) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  /** The part of a key that is safe to show in lists. */
  public static String visiblePrefix(String key) {
    return key.substring(0, Math.min(key.length(), PREFIX.length() + 4));
  }
}
