package dev.switchboard.routing;

import dev.switchboard.protocol.SseEvent;
import dev.switchboard.upstream.EventStream;
import dev.switchboard.upstream.UpstreamException;
import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * An upstream stream seen through its commit point. Events that arrive between the commit and the moment
 * the relay attaches are held (the upstream is paused meanwhile), so nothing is lost or reordered.
 */
public final class CommittedStream {

  private final EventStream upstream;
  private final java.util.function.Consumer<String> onClose;
  private boolean closed;
  private final ArrayDeque<SseEvent> held = new ArrayDeque<>();
  private Consumer<SseEvent> onEvent;
  private Runnable onEnd;
  private Consumer<UpstreamException> onError;
  private boolean ended;
  private UpstreamException error;
  private Consumer<SseEvent> beforeCommit;
  private boolean pausedByRelay;
  private boolean abandoned;

  /** @param onClose told once when the stream is over: {@code null}, or why the upstream broke it */
  CommittedStream(EventStream upstream, java.util.function.Consumer<String> onClose) {
    this.upstream = upstream;
    this.onClose = onClose;
  }

  /**
   * The relay is done with the stream. {@code upstreamFault} is {@code null} when it ended well or the caller
   * left, else why the upstream broke it (which counts against the target's health).
   */
  public void close(String upstreamFault) {
    if (!closed) {
      closed = true;
      onClose.accept(upstreamFault);
    }
  }

  /** Starts the upstream; events go to {@code beforeCommit} until {@link #commit()} is called. */
  void open(Consumer<SseEvent> beforeCommit, Runnable endBeforeCommit, Consumer<UpstreamException> errorBefore) {
    this.beforeCommit = beforeCommit;
    upstream.start(
        e -> {
          if (abandoned) {
            return;
          }
          if (this.beforeCommit != null) {
            this.beforeCommit.accept(e);
          } else if (onEvent != null) {
            onEvent.accept(e);
          } else {
            held.add(e);
          }
        },
        () -> {
          if (abandoned) {
            return;
          }
          if (this.beforeCommit != null) {
            endBeforeCommit.run();
          } else if (onEnd != null) {
            onEnd.run();
          } else {
            ended = true;
          }
        },
        e -> {
          if (abandoned) {
            return;
          }
          if (this.beforeCommit != null) {
            errorBefore.accept(e);
          } else if (onError != null) {
            onError.accept(e);
          } else {
            error = e;
          }
        });
  }

  /** Ends the pre-commit phase: later events are held until {@link #attach}. */
  void commit() {
    beforeCommit = null;
    upstream.pause();
  }

  /** Delivers held events, then the live ones, to the relay. */
  public void attach(Consumer<SseEvent> onEvent, Runnable onEnd, Consumer<UpstreamException> onError) {
    while (!held.isEmpty()) {
      onEvent.accept(held.poll());
    }
    this.onEvent = onEvent;
    this.onEnd = onEnd;
    this.onError = onError;
    if (error != null) {
      onError.accept(error);
    } else if (ended) {
      onEnd.run();
    } else if (!pausedByRelay) {
      upstream.resume();
    }
  }

  public void pause() {
    pausedByRelay = true;
    upstream.pause();
  }

  public void resume() {
    pausedByRelay = false;
    upstream.resume();
  }

  /** Closes the upstream call; no handler is called after this. */
  public void cancel() {
    abandoned = true;
    upstream.cancel();
  }
}
