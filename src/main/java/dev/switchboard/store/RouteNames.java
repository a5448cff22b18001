package dev.switchboard.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The route_name table: one row per model or alias name, so that the database itself refuses a model and an
 * alias with the same name, even when two replicas write at once. Every write goes in the caller's transaction.
 */
final class RouteNames {
  static final String MODEL = "model";
  static final String ALIAS = "alias";

  private RouteNames() {}

  /** Claims {@code name}; fails with a unique violation when a model or alias already has it. */
  static void claim(Connection c, String name, String kind) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO route_name (name, kind) VALUES (?, ?)")) {
      ps.setString(1, name);
      ps.setString(2, kind);
      ps.executeUpdate();
    }
  }

  /** Moves a claim to a new name; fails with a unique violation when the new name is taken. */
  static void rename(Connection c, String from, String to, String kind) throws SQLException {
    if (from.equals(to)) {
      return;
    }
    try (PreparedStatement ps = c.prepareStatement("UPDATE route_name SET name = ? WHERE name = ? AND kind = ?")) {
      ps.setString(1, to);
      ps.setString(2, from);
      ps.setString(3, kind);
      if (ps.executeUpdate() != 1) {
        throw new SQLException("route_name has no " + kind + " named '" + from + "'");
      }
    }
  }

  static void release(Connection c, String name, String kind) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("DELETE FROM route_name WHERE name = ? AND kind = ?")) {
      ps.setString(1, name);
      ps.setString(2, kind);
      ps.executeUpdate();
    }
  }
}
