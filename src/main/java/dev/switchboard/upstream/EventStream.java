package dev.switchboard.upstream;

import dev.switchboard.protocol.SseEvent;
import java.util.function.Consumer;

/**
 * The events of an accepted streaming answer, delivered on the event loop as they arrive. The first-event
 * and idle timeouts are enforced here: a stall ends the stream through {@code onError}.
 */
public interface EventStream {

  /**
   * Starts delivery. Exactly one of {@code onEnd} (the upstream closed the body normally) or
   * {@code onError} ends it.
   */
  void start(Consumer<SseEvent> onEvent, Runnable onEnd, Consumer<UpstreamException> onError);

  /** Stops reading (the caller cannot take more yet); the idle timer does not run while paused. */
  void pause();

  void resume();

  /** Abandons the stream and closes the upstream call; no handler is called afterwards. */
  void cancel();
}
