package dev.switchboard.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class HealthBoardTest {

  private static final TargetKey A = new TargetKey("ha", 1);
  private static final Failure BOOM = new Failure("http 503", -1, false);
  private static final HealthSettings NO_PROBES = new HealthSettings(1, Duration.ofSeconds(30),
      Duration.ofSeconds(30), Duration.ofMinutes(5), Duration.ofMinutes(5), false, Duration.ofSeconds(15),
      Duration.ofSeconds(5), 3, Duration.ofSeconds(60));

  private final MutableClock clock = new MutableClock(Instant.parse("2026-12-01T00:00:00Z"));
  private double jitter = 0.5; // the middle: no spread

  private final HealthBoard board = new HealthBoard(clock, () -> jitter);

  @Test
  void oneFailureTripsByDefaultAndTheCooldownEnds() {
    TargetState s = board.failure(A, BOOM, NO_PROBES);
    assertEquals(TargetStatus.DOWN, s.status());
    assertEquals(clock.instant().plusSeconds(30), s.downUntil());
    assertTrue(board.coolingDown(A));
    clock.advance(Duration.ofSeconds(29));
    assertTrue(board.coolingDown(A));
    clock.advance(Duration.ofSeconds(1));
    assertFalse(board.coolingDown(A), "half-open: the next request may try it");
  }

  @Test
  void tripNeedsTheConfiguredErrorsInsideTheWindow() {
    HealthSettings three = new HealthSettings(3, Duration.ofSeconds(10), Duration.ofSeconds(30),
        Duration.ofMinutes(5), Duration.ofMinutes(5), false, Duration.ofSeconds(15), Duration.ofSeconds(5), 3,
        Duration.ofSeconds(60));
    board.failure(A, BOOM, three);
    board.failure(A, BOOM, three);
    clock.advance(Duration.ofSeconds(11));
    assertEquals(TargetStatus.UP, board.failure(A, BOOM, three).status(), "the first two left the window");
    assertEquals(TargetStatus.UP, board.failure(A, BOOM, three).status());
    assertEquals(TargetStatus.DOWN, board.failure(A, BOOM, three).status(), "three inside ten seconds");
  }

  @Test
  void consecutiveTripsDoubleUpToTheCap() {
    long[] expected = {30, 60, 120, 240, 300, 300};
    for (long seconds : expected) {
      TargetState s = board.failure(A, BOOM, NO_PROBES);
      assertEquals(Duration.ofSeconds(seconds), Duration.between(clock.instant(), s.downUntil()));
      clock.advance(Duration.ofSeconds(seconds)); // the half-open trial fails again
    }
  }

  @Test
  void successAfterTheCooldownBringsItBackAndResetsTheDoubling() {
    board.failure(A, BOOM, NO_PROBES);
    clock.advance(Duration.ofSeconds(30));
    assertEquals(TargetStatus.UP, board.success(A, NO_PROBES).status());
    TargetState again = board.failure(A, BOOM, NO_PROBES);
    assertEquals(Duration.ofSeconds(30), Duration.between(clock.instant(), again.downUntil()));
  }

  @Test
  void jitterStaysWithinFifteenPercent() {
    jitter = 0.0;
    TargetState low = board.failure(A, BOOM, NO_PROBES);
    assertEquals(Duration.ofMillis(25_500), Duration.between(clock.instant(), low.downUntil()));
    jitter = 0.999_999;
    TargetState high = board.failure(new TargetKey("ha", 2), BOOM, NO_PROBES);
    assertTrue(Duration.between(clock.instant(), high.downUntil()).toMillis() <= 34_500);
  }

  @Test
  void retryAfterIsAFloor() {
    TargetState s = board.failure(A, new Failure("http 429", 120, false), NO_PROBES);
    assertEquals(clock.instant().plusSeconds(120), s.downUntil());
  }

  @Test
  void credentialRefusalsGetTheLongCooldown() {
    TargetState s = board.failure(A, new Failure("http 401", -1, true), NO_PROBES);
    assertEquals(clock.instant().plus(Duration.ofMinutes(5)), s.downUntil());
  }

  @Test
  void targetsOfDifferentAliasesAreIndependent() {
    board.failure(A, BOOM, NO_PROBES);
    assertFalse(board.coolingDown(new TargetKey("other", 1)));
  }

  @Test
  void withProbesADownTargetNeedsThePassedChecksInARowToRecover() {
    HealthSettings probes = HealthSettings.DEFAULTS;
    board.failure(A, BOOM, probes);
    clock.advance(Duration.ofSeconds(31));
    assertFalse(board.eligible(A, probes), "cooldown over, but probes decide");
    board.success(A, probes);
    board.success(A, probes);
    assertEquals(TargetStatus.DOWN, board.state(A).status());
    board.failure(A, BOOM, probes);
    assertEquals(0, board.state(A).probesPassed(), "a failed check starts the count again");
    clock.advance(Duration.ofMinutes(2));
    board.success(A, probes);
    board.success(A, probes);
    assertEquals(TargetStatus.RECOVERING, board.success(A, probes).status());
    assertTrue(board.eligible(A, probes));
    assertEquals(TargetStatus.UP, board.success(A, probes).status(), "a real success after recovering");
  }

  @Test
  void statusChangesArePublished() {
    java.util.List<HealthEvent> seen = new java.util.ArrayList<>();
    board.events().subscribe(seen::add);
    board.failure(A, BOOM, NO_PROBES);
    clock.advance(Duration.ofSeconds(31));
    board.success(A, NO_PROBES);
    assertEquals(2, seen.size());
    HealthEvent.TargetChanged down = (HealthEvent.TargetChanged) seen.get(0);
    assertEquals(TargetStatus.DOWN, down.to());
    assertEquals("http 503", down.reason());
    assertEquals(TargetStatus.UP, ((HealthEvent.TargetChanged) seen.get(1)).to());
  }
}
