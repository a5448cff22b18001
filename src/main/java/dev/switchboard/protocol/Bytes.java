package dev.switchboard.protocol;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;

/** Byte-level edits of JSON documents: splice a span, quote a string. */
public final class Bytes {

  private Bytes() {}

  /** {@code source} with bytes {@code [start, end)} replaced by {@code replacement}. */
  public static Buffer splice(byte[] source, int start, int end, byte[] replacement) {
    Buffer out = Buffer.buffer(source.length - (end - start) + replacement.length);
    out.appendBytes(source, 0, start);
    out.appendBytes(replacement);
    out.appendBytes(source, end, source.length - end);
    return out;
  }

  /** {@code value} as a JSON string literal, quotes included, UTF-8. */
  public static byte[] quoted(String value) {
    byte[] inner = JsonStringEncoder.getInstance().quoteAsUTF8(value);
    byte[] out = new byte[inner.length + 2];
    out[0] = '"';
    System.arraycopy(inner, 0, out, 1, inner.length);
    out[out.length - 1] = '"';
    return out;
  }

  public static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
