package dev.switchboard.health;

import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A small publish/subscribe hub for {@link HealthEvent}s; listeners must not block. */
public final class HealthEvents {

  private static final Logger LOG = LoggerFactory.getLogger(HealthEvents.class);

  private final CopyOnWriteArrayList<Consumer<HealthEvent>> listeners = new CopyOnWriteArrayList<>();

  /** Adds a listener; the returned handle removes it. */
  public AutoCloseable subscribe(Consumer<HealthEvent> listener) {
    listeners.add(listener);
    return () -> listeners.remove(listener);
  }

  public void publish(HealthEvent event) {
    LOG.info("{}", event);
    for (Consumer<HealthEvent> l : listeners) {
      try {
        l.accept(event);
      } catch (RuntimeException e) {
        LOG.warn("health event listener failed: {}", e.toString());
      }
    }
  }
}
