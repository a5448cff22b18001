package dev.switchboard.protocol;

import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;

/**
 * One server-sent event as decoded from an upstream stream.
 *
 * @param event the {@code event:} name, or {@code null}
 * @param data the {@code data:} lines joined by newlines, or {@code null} for a comment-only block
 */
public record SseEvent(String event, String data) {

  public static final Buffer DONE = Buffer.buffer("data: [DONE]\n\n");

  public boolean isDone() {
    return "[DONE]".equals(data != null ? data.strip() : null);
  }

  public boolean isComment() {
    return data == null && event == null;
  }

  /** True when the event itself says it is an error: {@code event: error}. */
  public boolean namedError() {
    return "error".equals(event);
  }

  public byte[] dataBytes() {
    return data == null ? new byte[0] : data.getBytes(StandardCharsets.UTF_8);
  }

  /** Encodes an event with the given data payload (single line JSON). */
  public static Buffer encode(String event, Buffer data) {
    Buffer out = Buffer.buffer(data.length() + 32);
    if (event != null) {
      out.appendString("event: ").appendString(event).appendString("\n");
    }
    return out.appendString("data: ").appendBuffer(data).appendString("\n\n");
  }
}
