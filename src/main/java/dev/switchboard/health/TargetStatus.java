package dev.switchboard.health;

import java.util.Locale;

/** A target's state: serving, tripped, or on its way back. */
public enum TargetStatus {
  UP,
  DOWN,
  RECOVERING;

  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }
}
