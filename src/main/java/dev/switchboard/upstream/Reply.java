package dev.switchboard.upstream;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;

/**
 * An upstream's answer as far as it has been read.
 *
 * @param body the whole body, or {@code null} when {@code events} is set
 * @param events the event stream of an accepted streaming call, or {@code null}
 * @param ttfbNanos time from sending to the response headers
 */
public record Reply(int status, MultiMap headers, Buffer body, EventStream events, long ttfbNanos) {

  public boolean streaming() {
    return events != null;
  }
}
