package dev.switchboard.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/** Small JDBC helpers shared by the stores: nullable columns, timestamps and constraint errors. */
final class Sql {
  private static final String PG_UNIQUE_VIOLATION = "23505";
  private static final String PG_FOREIGN_KEY_VIOLATION = "23503";

  private Sql() {}

  /** True when {@code e} (or a cause) is a UNIQUE or PRIMARY KEY violation, in either dialect. */
  static boolean uniqueViolation(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLiteException s
          && (s.getResultCode() == SQLiteErrorCode.SQLITE_CONSTRAINT_UNIQUE
              || s.getResultCode() == SQLiteErrorCode.SQLITE_CONSTRAINT_PRIMARYKEY)) {
        return true;
      }
      if (t instanceof SQLException s && PG_UNIQUE_VIOLATION.equals(s.getSQLState())) {
        return true;
      }
    }
    return false;
  }

  /** True when {@code e} (or a cause) is a FOREIGN KEY violation, in either dialect. */
  static boolean foreignKeyViolation(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLiteException s && s.getResultCode() == SQLiteErrorCode.SQLITE_CONSTRAINT_FOREIGNKEY) {
        return true;
      }
      if (t instanceof SQLException s && PG_FOREIGN_KEY_VIOLATION.equals(s.getSQLState())) {
        return true;
      }
    }
    return false;
  }

  static long millis(Instant t) {
    return t.toEpochMilli();
  }

  static Instant instant(ResultSet rs, String column) throws SQLException {
    return Instant.ofEpochMilli(rs.getLong(column));
  }

  static void setLong(PreparedStatement ps, int i, Long v) throws SQLException {
    if (v == null) {
      ps.setNull(i, Types.BIGINT);
    } else {
      ps.setLong(i, v);
    }
  }

  static void setInt(PreparedStatement ps, int i, Integer v) throws SQLException {
    if (v == null) {
      ps.setNull(i, Types.INTEGER);
    } else {
      ps.setInt(i, v);
    }
  }

  static void setDouble(PreparedStatement ps, int i, Double v) throws SQLException {
    if (v == null) {
      ps.setNull(i, Types.DOUBLE);
    } else {
      ps.setDouble(i, v);
    }
  }

  static Long getLong(ResultSet rs, String column) throws SQLException {
    long v = rs.getLong(column);
    return rs.wasNull() ? null : v;
  }

  static Integer getInt(ResultSet rs, String column) throws SQLException {
    int v = rs.getInt(column);
    return rs.wasNull() ? null : v;
  }

  static Double getDouble(ResultSet rs, String column) throws SQLException {
    double v = rs.getDouble(column);
    return rs.wasNull() ? null : v;
  }

  /** Executes an {@code INSERT … RETURNING id} and gives the new id. */
  static long insertReturningId(PreparedStatement ps) throws SQLException {
    try (ResultSet rs = ps.executeQuery()) {
      if (!rs.next()) {
        throw new SQLException("INSERT … RETURNING id returned no row");
      }
      return rs.getLong(1);
    }
  }
}
