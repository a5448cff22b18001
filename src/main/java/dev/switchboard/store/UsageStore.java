package dev.switchboard.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The ledger table: batch inserts from the ledger writer and reads for reports. */
public final class UsageStore {
  private static final String COLUMNS =
      "request_id, created_at, endpoint, key_id, key_name, requested_model, model_id, served_model, provider_id,"
          + " provider, route_attempt, failed_over, status, http_status, error_class, input_tokens, output_tokens,"
          + " cost, currency, latency_ms, ttfb_ms, stream";

  private final Database db;

  public UsageStore(Database db) {
    this.db = Objects.requireNonNull(db);
  }

  /** Inserts every row in one transaction: all of them are stored, or none. */
  public void insertBatch(List<UsageRow> rows) {
    if (rows.isEmpty()) {
      return;
    }
    db.transaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "INSERT INTO usage_event (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                      + " ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (UsageRow r : rows) {
              bind(ps, r);
              ps.addBatch();
            }
            ps.executeBatch();
          }
          return null;
        });
  }

  /** The newest {@code limit} rows, newest first (ties by insertion order, newest first). */
  public List<UsageRow> recent(int limit) {
    if (limit < 0) {
      throw new IllegalArgumentException("limit must be ≥ 0, was " + limit);
    }
    return db.snapshot(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "SELECT id, " + COLUMNS + " FROM usage_event ORDER BY created_at DESC, id DESC LIMIT ?")) {
            ps.setInt(1, limit);
            List<UsageRow> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                out.add(read(rs));
              }
            }
            return out;
          }
        });
  }

  /** How many rows the ledger holds. */
  public long count() {
    return db.snapshot(
        c -> {
          try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM usage_event");
              ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
          }
        });
  }

  private static void bind(PreparedStatement ps, UsageRow r) throws SQLException {
    int i = 0;
    ps.setString(++i, r.requestId());
    ps.setLong(++i, Sql.millis(r.createdAt()));
    ps.setString(++i, r.endpoint());
    Sql.setLong(ps, ++i, r.keyId());
    ps.setString(++i, r.keyName());
    ps.setString(++i, r.requestedModel());
    Sql.setLong(ps, ++i, r.modelId());
    ps.setString(++i, r.servedModel());
    Sql.setLong(ps, ++i, r.providerId());
    ps.setString(++i, r.provider());
    Sql.setInt(ps, ++i, r.routeAttempt());
    ps.setBoolean(++i, r.failedOver());
    ps.setString(++i, r.status());
    Sql.setInt(ps, ++i, r.httpStatus());
    ps.setString(++i, r.errorClass());
    ps.setLong(++i, r.inputTokens());
    ps.setLong(++i, r.outputTokens());
    Sql.setDouble(ps, ++i, r.cost());
    ps.setString(++i, r.currency());
    ps.setLong(++i, r.latencyMs());
    Sql.setLong(ps, ++i, r.ttfbMs());
    ps.setBoolean(++i, r.stream());
  }

  private static UsageRow read(ResultSet rs) throws SQLException {
    return new UsageRow(
        rs.getLong("id"),
        rs.getString("request_id"),
        Sql.instant(rs, "created_at"),
        rs.getString("endpoint"),
        Sql.getLong(rs, "key_id"),
        rs.getString("key_name"),
        rs.getString("requested_model"),
        Sql.getLong(rs, "model_id"),
        rs.getString("served_model"),
        Sql.getLong(rs, "provider_id"),
        rs.getString("provider"),
        Sql.getInt(rs, "route_attempt"),
        rs.getBoolean("failed_over"),
        rs.getString("status"),
        Sql.getInt(rs, "http_status"),
        rs.getString("error_class"),
        rs.getLong("input_tokens"),
        rs.getLong("output_tokens"),
        Sql.getDouble(rs, "cost"),
        rs.getString("currency"),
        rs.getLong("latency_ms"),
        Sql.getLong(rs, "ttfb_ms"),
        rs.getBoolean("stream"));
  }
}
