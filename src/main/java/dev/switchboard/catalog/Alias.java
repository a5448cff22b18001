package dev.switchboard.catalog;

import java.time.Instant;
import java.util.List;

/**
 * A name that stands for one model or an ordered list of models.
 *
 * @param targets in listed order; may be empty when every target was force-deleted
 * @param rule how targets are ordered per request when there are two or more ({@code failover} by default)
 * @param maxAttempts cap on upstream attempts per request, retries included (1–16)
 * @param retries extra attempts on the same target for transient errors
 * @param hideTargets when true responses do not name the provider or served model
 * @param cooldownSeconds how long a failed target is skipped; {@code null} for the gateway's default
 * @param inputPriceWeight weight of the input price in the {@code cheapest} rule (1 by default)
 * @param outputPriceWeight weight of the output price in the {@code cheapest} rule (1 by default)
 * @param stickyTtlSeconds how long a session stays on the target that served it (0 = not sticky)
 * @param health the alias's own trip, cooldown, probe and recovery settings
 * @param pinnedModelId the operator's pin: only this target serves; {@code null} when unpinned
 */
public record Alias(
    long id,
    String name,
    String displayName,
    String description,
    List<Target> targets,
    String rule,
    int maxAttempts,
    int retries,
    boolean hideTargets,
    boolean active,
    String source,
    Instant createdAt,
    Instant updatedAt,
    Integer cooldownSeconds,
    double inputPriceWeight,
    double outputPriceWeight,
    int stickyTtlSeconds,
    HealthPolicy health,
    Long pinnedModelId) {

  public static final String DEFAULT_RULE = "failover";
  public static final int DEFAULT_STICKY_TTL_SECONDS = 3600;
  public static final int MAX_STICKY_TTL_SECONDS = 30 * 24 * 3600;
  public static final int DEFAULT_MAX_ATTEMPTS = 3;

  public Alias {
    targets = List.copyOf(targets);
    health = health == null ? HealthPolicy.INHERIT : health;
  }

  /** An alias with default health settings and no pin. */
  public Alias(long id, String name, String displayName, String description, List<Target> targets, String rule,
      int maxAttempts, int retries, boolean hideTargets, boolean active, String source, Instant createdAt,
      Instant updatedAt, Integer cooldownSeconds, double inputPriceWeight, double outputPriceWeight,
      int stickyTtlSeconds) {
    this(id, name, displayName, description, targets, rule, maxAttempts, retries, hideTargets, active, source,
        createdAt, updatedAt, cooldownSeconds, inputPriceWeight, outputPriceWeight, stickyTtlSeconds,
        HealthPolicy.INHERIT, null);
  }

  /** The same alias pinned to {@code modelId} ({@code null} unpins). */
  public Alias withPin(Long modelId) {
    return new Alias(id, name, displayName, description, targets, rule, maxAttempts, retries, hideTargets, active,
        source, createdAt, updatedAt, cooldownSeconds, inputPriceWeight, outputPriceWeight, stickyTtlSeconds, health,
        modelId);
  }

  /** An alias with the default cooldown and price weights. */
  public Alias(long id, String name, String displayName, String description, List<Target> targets, String rule,
      int maxAttempts, int retries, boolean hideTargets, boolean active, String source, Instant createdAt,
      Instant updatedAt) {
    this(id, name, displayName, description, targets, rule, maxAttempts, retries, hideTargets, active, source,
        createdAt, updatedAt, null, 1, 1, DEFAULT_STICKY_TTL_SECONDS, HealthPolicy.INHERIT, null);
  }

  /** Sticky only with two or more targets and a window. */
  public boolean sticky() {
    return stickyTtlSeconds > 0 && targets.size() >= 2;
  }
}
