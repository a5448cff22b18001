package dev.switchboard.store;

import java.time.Instant;

/**
 * One ledger row: one upstream attempt (DESIGN §7). Boxed fields may be {@code null}.
 *
 * @param id assigned by the database; ignored on insert
 * @param requestedModel the name the caller sent when it was an alias; {@code null} for a model name
 * @param routeAttempt 1 for the first target tried; {@code null} for a direct call or a one-target alias
 * @param failedOver true when another attempt followed this one
 * @param status {@code ok}, {@code upstream_error}, {@code rate_limited}, {@code timeout}, {@code unreachable},
 *     {@code client_error}, {@code canceled} or {@code truncated}
 */
public record UsageRow(
    long id,
    String requestId,
    Instant createdAt,
    String endpoint,
    Long keyId,
    String keyName,
    String requestedModel,
    Long modelId,
    String servedModel,
    Long providerId,
    String provider,
    Integer routeAttempt,
    boolean failedOver,
    String status,
    Integer httpStatus,
    String errorClass,
    long inputTokens,
    long outputTokens,
    Double cost,
    String currency,
    long latencyMs,
    Long ttfbMs,
    boolean stream) {}
