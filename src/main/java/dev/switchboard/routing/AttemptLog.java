package dev.switchboard.routing;

import dev.switchboard.catalog.Binding;

/**
 * One finished (or committed) upstream attempt, as the ledger needs it.
 *
 * @param routeAttempt 1 for the first target tried
 * @param httpStatus the upstream's status, or {@code 0} when there was no HTTP answer
 * @param ttfbMs time to the response headers, or {@code -1}
 */
public record AttemptLog(
    Binding binding, int routeAttempt, Verdict verdict, int httpStatus, long latencyMs, long ttfbMs) {}
