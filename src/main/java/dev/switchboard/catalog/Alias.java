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
    Instant updatedAt) {

  public static final String DEFAULT_RULE = "failover";
  public static final int DEFAULT_MAX_ATTEMPTS = 3;

  public Alias {
    targets = List.copyOf(targets);
  }
}
