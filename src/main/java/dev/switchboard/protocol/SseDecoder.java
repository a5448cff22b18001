package dev.switchboard.protocol;

import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Splits a byte stream into server-sent events as chunks arrive, whatever the chunk boundaries; accepts
 * {@code \n}, {@code \r\n} and {@code \r} line ends. Not thread-safe: one decoder per stream.
 */
public final class SseDecoder {

  private final Consumer<SseEvent> sink;
  private final StringBuilder data = new StringBuilder();
  private Buffer pending = Buffer.buffer();
  private String event;
  private boolean sawData;
  private boolean sawLine;
  private boolean lastWasCr;

  public SseDecoder(Consumer<SseEvent> sink) {
    this.sink = sink;
  }

  public void feed(Buffer chunk) {
    Buffer buf = pending.length() == 0 ? chunk : pending.appendBuffer(chunk);
    int start = 0;
    int n = buf.length();
    for (int i = 0; i < n; i++) {
      byte b = buf.getByte(i);
      if (b == '\n' && lastWasCr && i == start) {
        lastWasCr = false;
        start = i + 1;
        continue;
      }
      lastWasCr = false;
      if (b == '\n' || b == '\r') {
        lastWasCr = b == '\r';
        line(buf.getString(start, i, StandardCharsets.UTF_8.name()));
        start = i + 1;
      }
    }
    pending = start >= n ? Buffer.buffer() : buf.getBuffer(start, n);
  }

  /** True when bytes of an unfinished event are still held (the stream ended mid-event). */
  public boolean hasPartial() {
    return pending.length() > 0 || sawLine;
  }

  private void line(String line) {
    if (line.isEmpty()) {
      if (sawLine) {
        sink.accept(new SseEvent(event, sawData ? data.toString() : null));
      }
      data.setLength(0);
      event = null;
      sawData = false;
      sawLine = false;
      return;
    }
    sawLine = true;
    if (line.charAt(0) == ':') {
      return;
    }
    int colon = line.indexOf(':');
    String field = colon < 0 ? line : line.substring(0, colon);
    String value = colon < 0 ? "" : line.substring(colon + 1);
    if (value.startsWith(" ")) {
      value = value.substring(1);
    }
    switch (field) {
      case "data" -> {
        if (sawData) {
          data.append('\n');
        }
        data.append(value);
        sawData = true;
      }
      case "event" -> event = value;
      default -> { } // id and retry mean nothing to a relay of completions
    }
  }
}
