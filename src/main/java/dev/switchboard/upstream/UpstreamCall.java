package dev.switchboard.upstream;

import dev.switchboard.catalog.Model;
import dev.switchboard.catalog.Provider;
import dev.switchboard.catalog.Timeouts;
import dev.switchboard.protocol.Endpoint;
import io.vertx.core.buffer.Buffer;
import java.time.Duration;

/**
 * Everything one attempt sends: where, what, and how long it may take.
 *
 * @param body the request bytes as they go upstream (model already rewritten)
 * @param timeouts the effective timeouts (model over provider over defaults)
 * @param budget what is left of the request deadline; no timer of the attempt runs past it
 * @param cancellation fired when the caller goes away: the attempt stops at once
 */
public record UpstreamCall(
    String requestId,
    Provider provider,
    Model model,
    Endpoint endpoint,
    Buffer body,
    boolean stream,
    Timeouts timeouts,
    Duration budget,
    Cancellation cancellation) {

  /** The attempt's own total: its {@code total} timeout or the budget left, whichever is shorter. */
  public long totalMillis() {
    return Math.max(1, Math.min(timeouts.total().toMillis(), budget.toMillis()));
  }
}
