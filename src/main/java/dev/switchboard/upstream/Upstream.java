package dev.switchboard.upstream;

import io.vertx.core.Future;

/**
 * One provider kind's way of making an upstream call. Narrow on purpose: timeouts, credentials and
 * failover live around it, not inside a wider interface.
 */
public interface Upstream {

  /**
   * Sends the call. The future completes when the upstream has answered: for a non-stream call or a
   * non-2xx status with the whole body read; for a stream that was accepted, at its response headers, with
   * {@link Reply#events()} to read the events from. Transport failures and timeouts fail the future with an
   * {@link UpstreamException}.
   */
  Future<Reply> send(UpstreamCall call);
}
