package dev.switchboard.ledger;

import java.time.Instant;

/**
 * One upstream attempt as the ledger records it (DESIGN §7).
 *
 * @param requestedModel the name the caller sent when it was an alias; {@code null} for a model name
 * @param routeAttempt 1 for the first target tried; {@code null} for a direct call or a one-target alias
 * @param failedOver true when another attempt followed this one (such rows are not counted as requests)
 * @param status {@code ok}, {@code upstream_error}, {@code rate_limited}, {@code timeout}, {@code unreachable},
 *     {@code client_error}, {@code canceled} or {@code truncated}
 */
public record UsageEvent(
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
