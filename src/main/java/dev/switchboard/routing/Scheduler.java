package dev.switchboard.routing;

/** Runs a task later on the caller's event loop (a Vert.x timer in production, a test's own in tests). */
@FunctionalInterface
public interface Scheduler {
  void schedule(long delayMillis, Runnable task);
}
