package dev.switchboard.store;

import java.time.Instant;

/** One stored audit row, as read back for the admin API and console. */
public record AuditRow(
    long id, Instant createdAt, String actor, String action, String subject, String detailsJson) {}
