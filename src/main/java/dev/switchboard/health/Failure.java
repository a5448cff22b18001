package dev.switchboard.health;

/**
 * A failure that counts against a target.
 *
 * @param reason one line for the state API and logs
 * @param retryAfterSeconds the upstream's {@code Retry-After}, a floor for the cooldown; {@code -1} for none
 * @param credential true when the provider refused our credential (long cooldown)
 */
public record Failure(String reason, long retryAfterSeconds, boolean credential) {}
