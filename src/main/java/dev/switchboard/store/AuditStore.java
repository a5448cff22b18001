package dev.switchboard.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Reads the audit trail and appends rows for changes that are not catalog writes (pins, grants, …). */
public final class AuditStore {
  private final Database db;
  private final Clock clock;

  public AuditStore(Database db) {
    this(db, Clock.systemUTC());
  }

  public AuditStore(Database db, Clock clock) {
    this.db = Objects.requireNonNull(db);
    this.clock = Objects.requireNonNull(clock);
  }

  /** Writes one audit row stamped with the current time. */
  public void append(Audit a) {
    Objects.requireNonNull(a);
    db.transaction(
        c -> {
          AuditRows.insert(c, a, clock.instant());
          return null;
        });
  }

  /** The newest {@code limit} rows, newest first. */
  public List<AuditRow> recent(int limit) {
    if (limit < 0) {
      throw new IllegalArgumentException("limit must be ≥ 0, was " + limit);
    }
    return db.snapshot(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "SELECT id, created_at, actor, action, subject, details_json FROM audit_event"
                      + " ORDER BY created_at DESC, id DESC LIMIT ?")) {
            ps.setInt(1, limit);
            List<AuditRow> rows = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                rows.add(
                    new AuditRow(
                        rs.getLong("id"),
                        Sql.instant(rs, "created_at"),
                        rs.getString("actor"),
                        rs.getString("action"),
                        rs.getString("subject"),
                        rs.getString("details_json")));
              }
            }
            return rows;
          }
        });
  }
}
