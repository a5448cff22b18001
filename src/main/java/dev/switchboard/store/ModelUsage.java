package dev.switchboard.store;

/**
 * The ledger summed per served model and provider over a time range (DESIGN §7).
 *
 * @param servedModel the model that served the attempts; {@code null} for attempts that reached no model
 * @param requests attempts that ended their request ({@code failed_over = false}): one per request
 * @param attempts every attempt, failed over or not
 * @param errors attempts whose status is not {@code ok}, failed over or not
 * @param viaAlias requests that named an alias rather than the model
 * @param inputTokens summed over every attempt
 * @param outputTokens summed over every attempt
 * @param cost summed over every attempt (a failed attempt costs what it used); {@code null} when no attempt
 *     was priced
 * @param currency the attempts' currency; {@code null} when none has one or when they differ, in which case
 *     {@code cost} mixes currencies
 */
public record ModelUsage(
    String servedModel,
    String provider,
    long requests,
    long attempts,
    long errors,
    long viaAlias,
    long inputTokens,
    long outputTokens,
    Double cost,
    String currency) {}
