package dev.switchboard.upstream;

/**
 * A one-shot signal that the caller of an attempt has gone away. Used on one event loop only, like the
 * exchange it stops.
 */
public final class Cancellation {

  private Runnable action = () -> { };
  private boolean canceled;

  public void cancel() {
    if (!canceled) {
      canceled = true;
      action.run();
    }
  }

  public boolean canceled() {
    return canceled;
  }

  /** Runs {@code action} on cancel, or at once when already canceled. */
  void onCancel(Runnable action) {
    this.action = action;
    if (canceled) {
      action.run();
    }
  }
}
