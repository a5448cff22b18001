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

  private final MutableClock clock = new MutableClock(Instant.parse("2026-12-01T00:00:00Z"));
  private double jitter = 0.5; // the middle: no spread

  private final HealthBoard board = new HealthBoard(clock, () -> jitter);

  @Test
  void oneFailureTripsByDefaultAndTheCooldownEnds() {
    TargetState s = board.failure(A, BOOM, HealthSettings.DEFAULTS);
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
        Duration.ofMinutes(5), Duration.ofMinutes(5));
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
      TargetState s = board.failure(A, BOOM, HealthSettings.DEFAULTS);
      assertEquals(Duration.ofSeconds(seconds), Duration.between(clock.instant(), s.downUntil()));
      clock.advance(Duration.ofSeconds(seconds)); // the half-open trial fails again
    }
  }

  @Test
  void successAfterTheCooldownBringsItBackAndResetsTheDoubling() {
    board.failure(A, BOOM, HealthSettings.DEFAULTS);
    clock.advance(Duration.ofSeconds(30));
    assertEquals(TargetStatus.UP, board.success(A).status());
    TargetState again = board.failure(A, BOOM, HealthSettings.DEFAULTS);
    assertEquals(Duration.ofSeconds(30), Duration.between(clock.instant(), again.downUntil()));
  }

  @Test
  void jitterStaysWithinFifteenPercent() {
    jitter = 0.0;
    TargetState low = board.failure(A, BOOM, HealthSettings.DEFAULTS);
    assertEquals(Duration.ofMillis(25_500), Duration.between(clock.instant(), low.downUntil()));
    jitter = 0.999_999;
    TargetState high = board.failure(new TargetKey("ha", 2), BOOM, HealthSettings.DEFAULTS);
    assertTrue(Duration.between(clock.instant(), high.downUntil()).toMillis() <= 34_500);
  }

  @Test
  void retryAfterIsAFloor() {
    TargetState s = board.failure(A, new Failure("http 429", 120, false), HealthSettings.DEFAULTS);
    assertEquals(clock.instant().plusSeconds(120), s.downUntil());
  }

  @Test
  void credentialRefusalsGetTheLongCooldown() {
    TargetState s = board.failure(A, new Failure("http 401", -1, true), HealthSettings.DEFAULTS);
    assertEquals(clock.instant().plus(Duration.ofMinutes(5)), s.downUntil());
  }

  @Test
  void targetsOfDifferentAliasesAreIndependent() {
    board.failure(A, BOOM, HealthSettings.DEFAULTS);
    assertFalse(board.coolingDown(new TargetKey("other", 1)));
  }
}
