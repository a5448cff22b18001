package dev.switchboard.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The {@code route_session} table: sticky sessions written in batches and read back unexpired. */
public final class SessionStore {
  private static final String COLUMNS = "alias_name, key_hash, model_id, expires_at, renewed_at";
  // Both SQLite (≥ 3.24) and PostgreSQL (≥ 9.5) accept this text unchanged.
  private static final String UPSERT =
      "INSERT INTO route_session (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?)"
          + " ON CONFLICT (alias_name, key_hash) DO UPDATE SET model_id = excluded.model_id,"
          + " expires_at = excluded.expires_at, renewed_at = excluded.renewed_at";

  private final Database db;

  public SessionStore(Database db) {
    this.db = Objects.requireNonNull(db);
  }

  /** Inserts or replaces every row in one transaction; a later row for the same key wins over an earlier one. */
  public void upsert(List<SessionRow> rows) {
    if (rows.isEmpty()) {
      return;
    }
    db.transaction(
        c -> {
          try (PreparedStatement ps = c.prepareStatement(UPSERT)) {
            for (SessionRow r : rows) {
              ps.setString(1, r.aliasName());
              ps.setString(2, r.keyHash());
              ps.setLong(3, r.modelId());
              ps.setLong(4, Sql.millis(r.expiresAt()));
              ps.setLong(5, Sql.millis(r.renewedAt()));
              ps.addBatch();
            }
            ps.executeBatch();
          }
          return null;
        });
  }

  /** Every session that expires after {@code now}, ordered by alias then key hash. */
  public List<SessionRow> active(Instant now) {
    return db.snapshot(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "SELECT " + COLUMNS + " FROM route_session WHERE expires_at > ? ORDER BY alias_name, key_hash")) {
            ps.setLong(1, Sql.millis(now));
            List<SessionRow> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                out.add(read(rs));
              }
            }
            return out;
          }
        });
  }

  /** The session for this alias and key hash if it expires after {@code now}. */
  public Optional<SessionRow> find(String aliasName, String keyHash, Instant now) {
    return db.snapshot(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "SELECT " + COLUMNS + " FROM route_session"
                      + " WHERE alias_name = ? AND key_hash = ? AND expires_at > ?")) {
            ps.setString(1, aliasName);
            ps.setString(2, keyHash);
            ps.setLong(3, Sql.millis(now));
            try (ResultSet rs = ps.executeQuery()) {
              return rs.next() ? Optional.of(read(rs)) : Optional.empty();
            }
          }
        });
  }

  /** Forgets every session of the alias, expired or not; returns how many rows went. */
  public int deleteAlias(String aliasName) {
    return delete("DELETE FROM route_session WHERE alias_name = ?", ps -> ps.setString(1, aliasName));
  }

  /** Forgets every session pinned to the model, in any alias; returns how many rows went. */
  public int deleteModel(long modelId) {
    return delete("DELETE FROM route_session WHERE model_id = ?", ps -> ps.setLong(1, modelId));
  }

  /** Deletes the sessions that expired at or before {@code now}; returns how many rows went. */
  public int purgeExpired(Instant now) {
    return delete("DELETE FROM route_session WHERE expires_at <= ?", ps -> ps.setLong(1, Sql.millis(now)));
  }

  private int delete(String sql, Binder binder) {
    return db.transaction(
        c -> {
          try (PreparedStatement ps = c.prepareStatement(sql)) {
            binder.bind(ps);
            return ps.executeUpdate();
          }
        });
  }

  private static SessionRow read(ResultSet rs) throws SQLException {
    return new SessionRow(
        rs.getString("alias_name"),
        rs.getString("key_hash"),
        rs.getLong("model_id"),
        Sql.instant(rs, "expires_at"),
        Sql.instant(rs, "renewed_at"));
  }

  @FunctionalInterface
  private interface Binder {
    void bind(PreparedStatement ps) throws SQLException;
  }

  /** Inside a catalog transaction: the sessions of a deleted alias go with it. */
  static void forgetAlias(java.sql.Connection c, String aliasName) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("DELETE FROM route_session WHERE alias_name = ?")) {
      ps.setString(1, aliasName);
      ps.executeUpdate();
    }
  }

  /** Inside a catalog transaction: the sessions that stuck to a deleted model go with it. */
  static void forgetModel(java.sql.Connection c, long modelId) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("DELETE FROM route_session WHERE model_id = ?")) {
      ps.setLong(1, modelId);
      ps.executeUpdate();
    }
  }
}
