package dev.switchboard.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/** The ledger table: batch inserts from the ledger writer and reads for reports. */
public final class UsageStore {
  private static final String COLUMNS =
      "request_id, created_at, endpoint, key_id, key_name, requested_model, model_id, served_model, provider_id,"
          + " provider, route_attempt, failed_over, status, http_status, error_class, input_tokens, output_tokens,"
          + " cost, currency, latency_ms, ttfb_ms, stream";

  /**
   * Booleans are compared with a bound {@code false} so that one statement serves INTEGER 0/1 (SQLite) and
   * BOOLEAN (PostgreSQL). {@code COUNT(DISTINCT currency)} turns a mix of currencies into NULL.
   */
  private static final String BY_MODEL =
      "SELECT served_model, provider,"
          + " SUM(CASE WHEN failed_over = ? THEN 1 ELSE 0 END) AS requests,"
          + " COUNT(*) AS attempts,"
          + " SUM(CASE WHEN status <> 'ok' THEN 1 ELSE 0 END) AS errors,"
          + " SUM(CASE WHEN failed_over = ? AND requested_model IS NOT NULL THEN 1 ELSE 0 END) AS via_alias,"
          + " SUM(input_tokens) AS input_tokens, SUM(output_tokens) AS output_tokens, SUM(cost) AS cost,"
          + " CASE WHEN COUNT(DISTINCT currency) = 1 THEN MAX(currency) END AS currency"
          + " FROM usage_event WHERE 1 = 1";

  // Sorted here rather than in SQL: the dialects disagree on where NULL goes and PostgreSQL sorts text by the
  // database's collation.
  private static final Comparator<String> NULLS_LAST = Comparator.nullsLast(Comparator.naturalOrder());
  private static final Comparator<ModelUsage> BY_SERVED_MODEL =
      Comparator.comparing(ModelUsage::servedModel, NULLS_LAST).thenComparing(ModelUsage::provider, NULLS_LAST);

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

  /**
   * Usage per served model and provider, ordered by served model then provider (attempts without one last).
   *
   * @param fromInclusive earliest {@code created_at} counted; {@code null} for no lower bound
   * @param toExclusive {@code created_at} bound not counted; {@code null} for no upper bound
   */
  public List<ModelUsage> usageByModel(Instant fromInclusive, Instant toExclusive) {
    StringBuilder sql = new StringBuilder(BY_MODEL);
    if (fromInclusive != null) {
      sql.append(" AND created_at >= ?");
    }
    if (toExclusive != null) {
      sql.append(" AND created_at < ?");
    }
    sql.append(" GROUP BY served_model, provider");
    return db.snapshot(
        c -> {
          try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
            int i = 0;
            ps.setBoolean(++i, false);
            ps.setBoolean(++i, false);
            if (fromInclusive != null) {
              ps.setLong(++i, Sql.millis(fromInclusive));
            }
            if (toExclusive != null) {
              ps.setLong(++i, Sql.millis(toExclusive));
            }
            List<ModelUsage> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                out.add(modelUsage(rs));
              }
            }
            out.sort(BY_SERVED_MODEL);
            return out;
          }
        });
  }

  private static ModelUsage modelUsage(ResultSet rs) throws SQLException {
    return new ModelUsage(
        rs.getString("served_model"),
        rs.getString("provider"),
        rs.getLong("requests"),
        rs.getLong("attempts"),
        rs.getLong("errors"),
        rs.getLong("via_alias"),
        rs.getLong("input_tokens"),
        rs.getLong("output_tokens"),
        Sql.getDouble(rs, "cost"),
        rs.getString("currency"));
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
