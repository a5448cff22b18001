package dev.switchboard.catalog;

import java.time.Instant;

/**
 * A caller's key as stored: its SHA-256 digest and a short visible prefix, never the key itself.
 *
 * @param prefix the first characters of the key, for people to recognise it in lists
 */
public record ApiKey(
    long id, String name, byte[] digest, String prefix, boolean active, String source, Instant createdAt) {}
