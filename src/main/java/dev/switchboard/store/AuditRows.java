package dev.switchboard.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;

/** The audit_event insert, shared by the catalog writes (same transaction) and {@link AuditStore}. */
final class AuditRows {
  private AuditRows() {}

  static void insert(Connection c, Audit a, Instant at) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO audit_event (created_at, actor, action, subject, details_json) VALUES (?, ?, ?, ?, ?)")) {
      ps.setLong(1, Sql.millis(at));
      ps.setString(2, a.actor());
      ps.setString(3, a.action());
      ps.setString(4, a.subject());
      ps.setString(5, a.detailsJson());
      ps.executeUpdate();
    }
  }
}
