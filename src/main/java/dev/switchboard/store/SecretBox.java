package dev.switchboard.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Set;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Encrypts provider credentials at rest with AES-256-GCM under the server secret; sealed text is
 * {@code v1:} + base64(IV ‖ ciphertext ‖ tag) with a fresh 12-byte IV per seal. It also keys the HMAC that
 * stands in for session keys, under a MAC key derived from (never equal to) the AES key.
 */
public final class SecretBox {
  private static final Logger log = LoggerFactory.getLogger(SecretBox.class);
  private static final String VERSION = "v1:";
  private static final String KEY_FILE = "secret.key";
  private static final int KEY_BYTES = 32;
  private static final int IV_BYTES = 12;
  private static final int TAG_BITS = 128;
  private static final String HMAC = "HmacSHA256";
  // Domain separation: one key must not serve both AES-GCM and HMAC, so the MAC key is HMAC(aesKey, label).
  private static final byte[] SESSION_LABEL = "switchboard-session-v1".getBytes(StandardCharsets.US_ASCII);
  private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

  private final SecretKey key;
  private final SecretKey macKey;
  private final SecureRandom random = new SecureRandom();

  private SecretBox(byte[] key) {
    if (key.length != KEY_BYTES) {
      throw new IllegalArgumentException("an AES-256 key has 32 bytes, not " + key.length);
    }
    this.key = new SecretKeySpec(key, "AES");
    this.macKey = new SecretKeySpec(mac(new SecretKeySpec(key, HMAC), SESSION_LABEL), HMAC);
  }

  /**
   * The box for this server: keyed by SHA-256 of {@code secretOrNull} when it is not blank (the
   * {@code SWITCHBOARD_SECRET} setting, so that replicas share it), else by {@code dataDir/secret.key},
   * which is created with owner-only permissions on first use.
   */
  public static SecretBox load(String secretOrNull, Path dataDir) {
    if (secretOrNull != null && !secretOrNull.isBlank()) {
      return new SecretBox(sha256(secretOrNull.getBytes(StandardCharsets.UTF_8)));
    }
    return new SecretBox(keyFile(dataDir.resolve(KEY_FILE)));
  }

  /** A box with exactly this 32-byte key (tests, key rotation tools). */
  static SecretBox ofKey(byte[] key) {
    return new SecretBox(key.clone());
  }

  private static byte[] keyFile(Path file) {
    try {
      if (Files.notExists(file)) {
        byte[] fresh = new byte[KEY_BYTES];
        new SecureRandom().nextBytes(fresh);
        if (create(file, Base64.getEncoder().encodeToString(fresh) + "\n")) {
          log.info("generated a new secret key at {}; back it up: stored credentials cannot be read without it", file);
          return fresh;
        }
      }
      byte[] key = Base64.getDecoder().decode(Files.readString(file, StandardCharsets.US_ASCII).strip());
      if (key.length != KEY_BYTES) {
        throw new IllegalStateException(file + " must hold 32 base64-encoded bytes, found " + key.length);
      }
      return key;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read or create the secret key " + file, e);
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(file + " is not valid base64", e);
    }
  }

  /** Writes a new file only if none exists; false when another process created it first. */
  private static boolean create(Path file, String content) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    boolean posix = file.getFileSystem().supportedFileAttributeViews().contains("posix");
    FileAttribute<?>[] attrs =
        posix
            ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OWNER_ONLY)}
            : new FileAttribute<?>[0];
    try {
      Files.createFile(file, attrs);
    } catch (FileAlreadyExistsException e) {
      return false;
    }
    Files.writeString(file, content, StandardCharsets.US_ASCII);
    return true;
  }

  /** Encrypts {@code plaintext}; two seals of the same text differ. */
  public String seal(String plaintext) {
    byte[] iv = new byte[IV_BYTES];
    random.nextBytes(iv);
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, iv));
      byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
      byte[] out = ByteBuffer.allocate(IV_BYTES + sealed.length).put(iv).put(sealed).array();
      return VERSION + Base64.getEncoder().encodeToString(out);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM is not available in this JDK", e);
    }
  }

  /**
   * Decrypts text made by {@link #seal}.
   *
   * @throws UnreadableSecretException when the text was sealed under another key, was altered, or is not sealed text
   */
  public String open(String sealed) throws UnreadableSecretException {
    if (sealed == null || !sealed.startsWith(VERSION)) {
      throw new UnreadableSecretException("not a sealed secret (expected the prefix " + VERSION + ")");
    }
    byte[] raw;
    try {
      raw = Base64.getDecoder().decode(sealed.substring(VERSION.length()));
    } catch (IllegalArgumentException e) {
      throw new UnreadableSecretException("sealed secret is not valid base64");
    }
    if (raw.length < IV_BYTES + TAG_BITS / 8) {
      throw new UnreadableSecretException("sealed secret is too short");
    }
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, raw, 0, IV_BYTES));
      byte[] plain = cipher.doFinal(raw, IV_BYTES, raw.length - IV_BYTES);
      return new String(plain, StandardCharsets.UTF_8);
    } catch (AEADBadTagException e) {
      throw new UnreadableSecretException("sealed secret does not match the server key (another key, or altered)");
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM is not available in this JDK", e);
    }
  }

  /**
   * Lowercase hex HMAC-SHA256 of the UTF-8 {@code message} under this box's derived MAC key: the same box
   * always gives the same value, another server secret a different one.
   */
  public String hmac(String message) {
    return HexFormat.of().formatHex(mac(macKey, message.getBytes(StandardCharsets.UTF_8)));
  }

  private static byte[] mac(SecretKey macKey, byte[] message) {
    try {
      // Mac instances are not thread-safe; a fresh one per call is cheap next to a request.
      Mac mac = Mac.getInstance(HMAC);
      mac.init(macKey);
      return mac.doFinal(message);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HMAC-SHA256 is not available in this JDK", e);
    }
  }

  private static byte[] sha256(byte[] input) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(input);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is not available in this JDK", e);
    } finally {
      Arrays.fill(input, (byte) 0);
    }
  }
}
