package dev.switchboard.catalog;

import java.time.Instant;

/**
 * A direct binding of a unique name to one provider's upstream model.
 *
 * @param timeouts per-model overrides of the provider's timeouts ({@link Timeouts#INHERIT} for none)
 */
public record Model(
    long id,
    String name,
    long providerId,
    String upstreamModel,
    ModelKind kind,
    Timeouts timeouts,
    boolean active,
    String source,
    Instant createdAt,
    Instant updatedAt) {}
