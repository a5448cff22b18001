package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class SecretBoxTest {
  @TempDir Path dir;

  @Test
  void sealThenOpen_returnsThePlaintext() throws Exception {
    SecretBox box = SecretBox.ofKey(Fixtures.KEY_A);
    String sealed = box.seal("sk-upstream-ünïcode");
    assertTrue(sealed.startsWith("v1:"));
    assertEquals("sk-upstream-ünïcode", box.open(sealed));
  }

  @Test
  void seal_usesAFreshIvEachTime() {
    SecretBox box = SecretBox.ofKey(Fixtures.KEY_A);
    String a = box.seal("same");
    String b = box.seal("same");
    assertNotEquals(a, b);
    byte[] ivA = Arrays.copyOf(Base64.getDecoder().decode(a.substring(3)), 12);
    byte[] ivB = Arrays.copyOf(Base64.getDecoder().decode(b.substring(3)), 12);
    assertNotEquals(Base64.getEncoder().encodeToString(ivA), Base64.getEncoder().encodeToString(ivB));
  }

  @Test
  void open_tamperedText_isRefused() {
    SecretBox box = SecretBox.ofKey(Fixtures.KEY_A);
    byte[] raw = Base64.getDecoder().decode(box.seal("secret").substring(3));
    raw[raw.length - 1] ^= 1;
    String tampered = "v1:" + Base64.getEncoder().encodeToString(raw);
    assertThrows(UnreadableSecretException.class, () -> box.open(tampered));
  }

  @Test
  void open_underAnotherKey_isRefused() {
    String sealed = SecretBox.ofKey(Fixtures.KEY_A).seal("secret");
    assertThrows(UnreadableSecretException.class, () -> SecretBox.ofKey(Fixtures.KEY_B).open(sealed));
  }

  @Test
  void open_textThatWasNeverSealed_isRefused() {
    SecretBox box = SecretBox.ofKey(Fixtures.KEY_A);
    assertThrows(UnreadableSecretException.class, () -> box.open("sk-plaintext"));
    assertThrows(UnreadableSecretException.class, () -> box.open("v1:not base64!"));
    assertThrows(UnreadableSecretException.class, () -> box.open("v1:AAAA"));
  }

  @Test
  void load_withSecret_derivesTheSameKeyEveryTime() throws Exception {
    String sealed = SecretBox.load("correct horse", dir).seal("x");
    assertEquals("x", SecretBox.load("correct horse", dir.resolve("elsewhere")).open(sealed));
    assertThrows(UnreadableSecretException.class, () -> SecretBox.load("wrong horse", dir).open(sealed));
    assertTrue(Files.notExists(dir.resolve("secret.key")), "a given secret needs no key file");
  }

  @Test
  void load_withoutSecret_generatesAKeyFileOnceAndReusesIt() throws Exception {
    Path data = dir.resolve("data");
    SecretBox first = SecretBox.load(null, data);
    Path file = data.resolve("secret.key");
    assertTrue(Files.exists(file));
    byte[] key = Base64.getDecoder().decode(Files.readString(file).strip());
    assertEquals(32, key.length);
    if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    String sealed = first.seal("kept");
    SecretBox second = SecretBox.load("  ", data);
    assertEquals("kept", second.open(sealed));
    assertArrayEquals(key, Base64.getDecoder().decode(Files.readString(file).strip()), "the file is not rewritten");
  }

  @Test
  void load_keyFileOfTheWrongSize_failsClearly() throws Exception {
    Files.writeString(dir.resolve("secret.key"), Base64.getEncoder().encodeToString(new byte[16]));
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> SecretBox.load(null, dir));
    assertTrue(e.getMessage().contains("32"), e.getMessage());
  }

  @Test
  void hmac_isLowercaseHexAndTheSameForTheSameBox() {
    String mac = SecretBox.ofKey(Fixtures.KEY_A).hmac("caller-7:session-ünï");
    assertTrue(mac.matches("[0-9a-f]{64}"), mac);
    assertEquals(mac, SecretBox.ofKey(Fixtures.KEY_A).hmac("caller-7:session-ünï"));
    assertNotEquals(mac, SecretBox.ofKey(Fixtures.KEY_A).hmac("caller-7:session-ünx"));
    assertEquals(
        SecretBox.load("correct horse", dir).hmac("k"), SecretBox.load("correct horse", dir.resolve("x")).hmac("k"));
  }

  @Test
  void hmac_underAnotherKey_differs() {
    assertNotEquals(SecretBox.ofKey(Fixtures.KEY_A).hmac("k"), SecretBox.ofKey(Fixtures.KEY_B).hmac("k"));
  }

  @Test
  void hmac_usesAKeyDerivedFromTheAesKeyNotTheAesKeyItself() throws Exception {
    Mac direct = Mac.getInstance("HmacSHA256");
    direct.init(new SecretKeySpec(Fixtures.KEY_A, "HmacSHA256"));
    byte[] derived = direct.doFinal("switchboard-session-v1".getBytes(StandardCharsets.US_ASCII));
    Mac expected = Mac.getInstance("HmacSHA256");
    expected.init(new SecretKeySpec(derived, "HmacSHA256"));
    String want = HexFormat.of().formatHex(expected.doFinal("k".getBytes(StandardCharsets.UTF_8)));

    String got = SecretBox.ofKey(Fixtures.KEY_A).hmac("k");
    assertEquals(want, got);
    assertNotEquals(HexFormat.of().formatHex(direct.doFinal("k".getBytes(StandardCharsets.UTF_8))), got);
  }
}
