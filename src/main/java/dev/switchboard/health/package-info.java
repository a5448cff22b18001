/**
 * Target health: one small state machine per (alias, target), held as immutable {@link
 * dev.switchboard.health.TargetState} values swapped by compare-and-set, with time from an injected clock.
 *
 * <p>Today a target trips after {@code trip.errors} failures within {@code trip.window}, is skipped for a
 * cooldown that doubles with each consecutive trip (capped, jittered, never shorter than a {@code Retry-After}),
 * and is readmitted half-open when the cooldown has passed: the next real request may try it, and its success
 * brings the target back up. Probes, fail-back dwell and pins wrap this same state.
 */
package dev.switchboard.health;
