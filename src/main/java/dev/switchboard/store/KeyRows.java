package dev.switchboard.store;

import dev.switchboard.catalog.ApiKey;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** SQL for the api_key table: digests and prefixes, never keys. */
final class KeyRows {
  private static final String SELECT = "SELECT id, name, digest, prefix, active, source, created_at FROM api_key";

  private KeyRows() {}

  static List<ApiKey> all(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(SELECT + " ORDER BY id");
        ResultSet rs = ps.executeQuery()) {
      List<ApiKey> out = new ArrayList<>();
      while (rs.next()) {
        out.add(read(rs));
      }
      return out;
    }
  }

  static Optional<ApiKey> byId(Connection c, long id) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(SELECT + " WHERE id = ?")) {
      ps.setLong(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.of(read(rs)) : Optional.empty();
      }
    }
  }

  static long insert(Connection c, ApiKey k, Instant now) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO api_key (name, digest, prefix, active, source, created_at) VALUES (?, ?, ?, ?, ?, ?)"
                + " RETURNING id")) {
      int i = bindCommon(ps, k);
      ps.setLong(++i, Sql.millis(now));
      return Sql.insertReturningId(ps);
    }
  }

  /** @return false when no key has that id */
  static boolean update(Connection c, ApiKey k) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "UPDATE api_key SET name = ?, digest = ?, prefix = ?, active = ?, source = ? WHERE id = ?")) {
      int i = bindCommon(ps, k);
      ps.setLong(++i, k.id());
      return ps.executeUpdate() == 1;
    }
  }

  static boolean delete(Connection c, long id) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("DELETE FROM api_key WHERE id = ?")) {
      ps.setLong(1, id);
      return ps.executeUpdate() == 1;
    }
  }

  private static int bindCommon(PreparedStatement ps, ApiKey k) throws SQLException {
    int i = 0;
    ps.setString(++i, k.name());
    ps.setBytes(++i, k.digest());
    ps.setString(++i, k.prefix());
    ps.setBoolean(++i, k.active());
    ps.setString(++i, k.source() == null || k.source().isBlank() ? "api" : k.source());
    return i;
  }

  private static ApiKey read(ResultSet rs) throws SQLException {
    return new ApiKey(
        rs.getLong("id"),
        rs.getString("name"),
        rs.getBytes("digest"),
        rs.getString("prefix"),
        rs.getBoolean("active"),
        rs.getString("source"),
        Sql.instant(rs, "created_at"));
  }
}
