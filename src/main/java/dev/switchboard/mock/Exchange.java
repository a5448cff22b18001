package dev.switchboard.mock;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.util.List;

/**
 * One inference request from arrival to its single exit — completed, closed by the client, or cut
 * by the mock — with the one timer it may be waiting on.
 *
 * <p>All methods run on the request's event loop, so plain fields suffice; only {@link Counters} is
 * read from other threads.
 */
final class Exchange {
  private static final long NO_TIMER = -1;

  private final Vertx vertx;
  private final HttpServerRequest request;
  private final HttpServerResponse response;
  private final Counters counters;
  private boolean finished;
  private long timerId = NO_TIMER;
  private Future<Void> lastWrite = Future.succeededFuture();

  Exchange(Vertx vertx, HttpServerRequest request, Counters counters) {
    this.vertx = vertx;
    this.request = request;
    this.response = request.response();
    this.counters = counters;
    counters.arrived();
    // Fires only while the response still owns the connection, i.e. before end() for HTTP/1.x.
    response.closeHandler(ignored -> clientGone());
  }

  HttpServerResponse response() {
    return response;
  }

  /** Runs {@code step} after {@code delayMs}, unless the exchange has finished by then. */
  void later(long delayMs, Runnable step) {
    if (finished) {
      return;
    }
    if (delayMs <= 0) {
      step.run();
      return;
    }
    timerId =
        vertx.setTimer(
            delayMs,
            id -> {
              timerId = NO_TIMER;
              if (!finished) {
                step.run();
              }
            });
  }

  /** Sends the status line and headers now and nothing else, leaving the body open. */
  void sendHeadersOnly() {
    if (!finished) {
      response.setChunked(true);
      lastWrite = response.writeHead();
    }
  }

  void write(Buffer data) {
    if (!finished) {
      lastWrite = response.write(data);
    }
  }

  /** Writes {@code events} with {@code intervalMs} between them, then ends or cuts the answer. */
  void writeEvents(List<Buffer> events, long intervalMs, boolean thenEnd) {
    writeEventsFrom(events, 0, intervalMs, thenEnd);
  }

  private void writeEventsFrom(List<Buffer> events, int next, long intervalMs, boolean thenEnd) {
    if (next == events.size()) {
      if (thenEnd) {
        end(Buffer.buffer());
      } else {
        cut();
      }
      return;
    }
    write(events.get(next));
    boolean last = next + 1 == events.size();
    later(last ? 0 : intervalMs, () -> writeEventsFrom(events, next + 1, intervalMs, thenEnd));
  }

  /** Ends the answer; it counts as completed once the last byte is written. */
  void end(Buffer body) {
    if (finished) {
      return;
    }
    finished = true;
    response
        .end(body)
        .onComplete(ignored -> counters.completed(), failure -> counters.clientClosed());
  }

  /**
   * Closes the connection without finishing the answer, after what was written so far is flushed.
   */
  void cut() {
    if (finished) {
      return;
    }
    finished = true;
    counters.abandoned();
    lastWrite.onComplete(ignored -> request.connection().close());
  }

  private void clientGone() {
    if (finished) {
      return;
    }
    finished = true;
    if (timerId != NO_TIMER) {
      vertx.cancelTimer(timerId);
      timerId = NO_TIMER;
    }
    counters.clientClosed();
  }
}
