package dev.switchboard.store;

import dev.switchboard.catalog.Model;
import dev.switchboard.catalog.ModelKind;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** SQL for the model table (the shared name namespace is kept by {@link RouteNames}). */
final class ModelRows {
  private static final String SELECT =
      "SELECT id, name, provider_id, upstream_model, kind, timeouts_json, active, source, created_at, updated_at,"
          + " prices_json, capabilities_json, probe_request FROM model";

  private ModelRows() {}

  static List<Model> all(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(SELECT + " ORDER BY id");
        ResultSet rs = ps.executeQuery()) {
      List<Model> out = new ArrayList<>();
      while (rs.next()) {
        out.add(read(rs));
      }
      return out;
    }
  }

  static Optional<Model> byId(Connection c, long id) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(SELECT + " WHERE id = ?")) {
      ps.setLong(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.of(read(rs)) : Optional.empty();
      }
    }
  }

  static Optional<String> name(Connection c, long id) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT name FROM model WHERE id = ?")) {
      ps.setLong(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
      }
    }
  }

  static long insert(Connection c, Model m, Instant now) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO model (name, provider_id, upstream_model, kind, timeouts_json, active, source, prices_json,"
                + " capabilities_json, probe_request, created_at, updated_at)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id")) {
      int i = bindCommon(ps, m);
      ps.setLong(++i, Sql.millis(now));
      ps.setLong(++i, Sql.millis(now));
      return Sql.insertReturningId(ps);
    }
  }

  static void update(Connection c, Model m, Instant now) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "UPDATE model SET name = ?, provider_id = ?, upstream_model = ?, kind = ?, timeouts_json = ?,"
                + " active = ?, source = ?, prices_json = ?, capabilities_json = ?, probe_request = ?, updated_at = ?"
                + " WHERE id = ?")) {
      int i = bindCommon(ps, m);
      ps.setLong(++i, Sql.millis(now));
      ps.setLong(++i, m.id());
      ps.executeUpdate();
    }
  }

  static void delete(Connection c, long id) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("DELETE FROM model WHERE id = ?")) {
      ps.setLong(1, id);
      ps.executeUpdate();
    }
  }

  private static int bindCommon(PreparedStatement ps, Model m) throws SQLException {
    int i = 0;
    ps.setString(++i, m.name());
    ps.setLong(++i, m.providerId());
    ps.setString(++i, m.upstreamModel());
    ps.setString(++i, m.kind().wire());
    ps.setString(++i, Json.timeouts(m.timeouts()));
    ps.setBoolean(++i, m.active());
    ps.setString(++i, m.source() == null || m.source().isBlank() ? "api" : m.source());
    ps.setString(++i, Json.prices(m.prices()));
    ps.setString(++i, Json.capabilities(m.capabilities()));
    ps.setString(++i, m.probeRequest());
    return i;
  }

  private static Model read(ResultSet rs) throws SQLException {
    String kind = rs.getString("kind");
    return new Model(
        rs.getLong("id"),
        rs.getString("name"),
        rs.getLong("provider_id"),
        rs.getString("upstream_model"),
        ModelKind.parse(kind).orElseThrow(() -> new IllegalStateException("unknown model kind stored: " + kind)),
        Json.timeouts(rs.getString("timeouts_json")),
        rs.getBoolean("active"),
        rs.getString("source"),
        Sql.instant(rs, "created_at"),
        Sql.instant(rs, "updated_at"),
        Json.prices(rs.getString("prices_json")),
        Json.capabilities(rs.getString("capabilities_json")),
        rs.getString("probe_request"));
  }
}
