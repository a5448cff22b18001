package dev.switchboard.health;

import java.time.Instant;

/** Something the operator may want to watch live: a target changing state, an alias changing target. */
public sealed interface HealthEvent {

  Instant at();

  /** A target of an alias moved from one state to another. */
  record TargetChanged(Instant at, String alias, long modelId, TargetStatus from, TargetStatus to, String reason)
      implements HealthEvent {}

  /**
   * The target serving an alias changed.
   *
   * @param cause a short label for metrics: {@code failover}, {@code failback}, {@code pinned}, {@code unpinned}
   * @param reason one line for people
   */
  record AliasSwitched(Instant at, String alias, String from, String to, String state, String cause, String reason)
      implements HealthEvent {}
}
