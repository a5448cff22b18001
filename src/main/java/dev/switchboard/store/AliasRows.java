package dev.switchboard.store;

import dev.switchboard.catalog.Alias;
import dev.switchboard.catalog.Target;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** SQL for the alias and alias_target tables; targets always come back ordered by position. */
final class AliasRows {
  private static final String SELECT =
      "SELECT id, name, display_name, description, rule, max_attempts, retries, hide_targets, active, source,"
          + " cooldown_seconds, input_price_weight, output_price_weight, sticky_ttl_seconds, health_json, pinned_model_id,"
          + " created_at, updated_at FROM alias";

  private AliasRows() {}

  static List<Alias> all(Connection c) throws SQLException {
    Map<Long, List<Target>> targets = new HashMap<>();
    try (PreparedStatement ps =
            c.prepareStatement(
                "SELECT alias_id, model_id, position, weight FROM alias_target ORDER BY alias_id, position");
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        targets.computeIfAbsent(rs.getLong(1), k -> new ArrayList<>()).add(target(rs));
      }
    }
    try (PreparedStatement ps = c.prepareStatement(SELECT + " ORDER BY id");
        ResultSet rs = ps.executeQuery()) {
      List<Alias> out = new ArrayList<>();
      while (rs.next()) {
        out.add(read(rs, targets.getOrDefault(rs.getLong("id"), List.of())));
      }
      return out;
    }
  }

  static Optional<Alias> byId(Connection c, long id) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(SELECT + " WHERE id = ?")) {
      ps.setLong(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.of(read(rs, targets(c, id))) : Optional.empty();
      }
    }
  }

  static Optional<String> name(Connection c, long id) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT name FROM alias WHERE id = ?")) {
      ps.setLong(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
      }
    }
  }

  static List<Target> targets(Connection c, long aliasId) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT alias_id, model_id, position, weight FROM alias_target WHERE alias_id = ? ORDER BY position")) {
      ps.setLong(1, aliasId);
      List<Target> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(target(rs));
        }
      }
      return out;
    }
  }

  /** Ids and names of the aliases that target this model, by name. */
  static Map<Long, String> targeting(Connection c, long modelId) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT a.id, a.name FROM alias a JOIN alias_target t ON t.alias_id = a.id WHERE t.model_id = ?"
                + " ORDER BY a.name")) {
      ps.setLong(1, modelId);
      Map<Long, String> out = new LinkedHashMap<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.put(rs.getLong(1), rs.getString(2));
        }
      }
      return out;
    }
  }

  static long insert(Connection c, Alias a, Instant now) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO alias (name, display_name, description, rule, max_attempts, retries, hide_targets, active,"
                + " source, cooldown_seconds, input_price_weight, output_price_weight, sticky_ttl_seconds, health_json,"
                + " pinned_model_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                + " RETURNING id")) {
      int i = bindCommon(ps, a);
      ps.setLong(++i, Sql.millis(now));
      ps.setLong(++i, Sql.millis(now));
      return Sql.insertReturningId(ps);
    }
  }

  static void update(Connection c, Alias a, Instant now) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "UPDATE alias SET name = ?, display_name = ?, description = ?, rule = ?, max_attempts = ?, retries = ?,"
                + " hide_targets = ?, active = ?, source = ?, cooldown_seconds = ?, input_price_weight = ?,"
                + " output_price_weight = ?, sticky_ttl_seconds = ?, health_json = ?, pinned_model_id = ?,"
                + " updated_at = ? WHERE id = ?")) {
      int i = bindCommon(ps, a);
      ps.setLong(++i, Sql.millis(now));
      ps.setLong(++i, a.id());
      ps.executeUpdate();
    }
  }

  static void touch(Connection c, long id, Instant now) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("UPDATE alias SET updated_at = ? WHERE id = ?")) {
      ps.setLong(1, Sql.millis(now));
      ps.setLong(2, id);
      ps.executeUpdate();
    }
  }

  /** Replaces the alias's targets with {@code targets}, renumbered 1..n in list order. */
  static void replaceTargets(Connection c, long aliasId, List<Target> targets) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("DELETE FROM alias_target WHERE alias_id = ?")) {
      ps.setLong(1, aliasId);
      ps.executeUpdate();
    }
    if (targets.isEmpty()) {
      return;
    }
    try (PreparedStatement ps =
        c.prepareStatement("INSERT INTO alias_target (alias_id, model_id, position, weight) VALUES (?, ?, ?, ?)")) {
      int position = 0;
      for (Target t : targets) {
        ps.setLong(1, aliasId);
        ps.setLong(2, t.modelId());
        ps.setInt(3, ++position);
        ps.setInt(4, t.weight());
        ps.addBatch();
      }
      ps.executeBatch();
    }
  }

  static void delete(Connection c, long id) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("DELETE FROM alias WHERE id = ?")) {
      ps.setLong(1, id);
      ps.executeUpdate();
    }
  }

  private static int bindCommon(PreparedStatement ps, Alias a) throws SQLException {
    int i = 0;
    ps.setString(++i, a.name());
    ps.setString(++i, a.displayName());
    ps.setString(++i, a.description());
    ps.setString(++i, a.rule() == null || a.rule().isBlank() ? Alias.DEFAULT_RULE : a.rule());
    ps.setInt(++i, a.maxAttempts());
    ps.setInt(++i, a.retries());
    ps.setBoolean(++i, a.hideTargets());
    ps.setBoolean(++i, a.active());
    ps.setString(++i, a.source() == null || a.source().isBlank() ? "api" : a.source());
    Sql.setInt(ps, ++i, a.cooldownSeconds());
    ps.setDouble(++i, a.inputPriceWeight());
    ps.setDouble(++i, a.outputPriceWeight());
    ps.setInt(++i, a.stickyTtlSeconds());
    ps.setString(++i, Json.health(a.health()));
    if (a.pinnedModelId() == null) {
      ps.setNull(++i, java.sql.Types.BIGINT);
    } else {
      ps.setLong(++i, a.pinnedModelId());
    }
    return i;
  }

  private static Target target(ResultSet rs) throws SQLException {
    return new Target(rs.getLong("model_id"), rs.getInt("position"), rs.getInt("weight"));
  }

  private static Alias read(ResultSet rs, List<Target> targets) throws SQLException {
    return new Alias(
        rs.getLong("id"),
        rs.getString("name"),
        rs.getString("display_name"),
        rs.getString("description"),
        targets,
        rs.getString("rule"),
        rs.getInt("max_attempts"),
        rs.getInt("retries"),
        rs.getBoolean("hide_targets"),
        rs.getBoolean("active"),
        rs.getString("source"),
        Sql.instant(rs, "created_at"),
        Sql.instant(rs, "updated_at"),
        Sql.getInt(rs, "cooldown_seconds"),
        rs.getDouble("input_price_weight"),
        rs.getDouble("output_price_weight"),
        rs.getInt("sticky_ttl_seconds"),
        Json.health(rs.getString("health_json")),
        rs.getObject("pinned_model_id") == null ? null : rs.getLong("pinned_model_id"));
  }
}
