package dev.switchboard.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Objects;
import java.util.Optional;

/** Server-wide key/value settings kept in the database, such as the admin-token digest. */
public final class SettingStore {
  private final Database db;

  public SettingStore(Database db) {
    this.db = Objects.requireNonNull(db);
  }

  public Optional<String> get(String key) {
    return db.snapshot(
        c -> {
          try (PreparedStatement ps = c.prepareStatement("SELECT value FROM setting WHERE key = ?")) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
              return rs.next() ? Optional.of(rs.getString(1)) : Optional.<String>empty();
            }
          }
        });
  }

  /** Stores {@code value} unless the key already has one; true when this call wrote it (first replica wins). */
  public boolean putIfAbsent(String key, String value) {
    return db.transaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement("INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING")) {
            ps.setString(1, key);
            ps.setString(2, value);
            return ps.executeUpdate() == 1;
          }
        });
  }

  /** Stores {@code value}, replacing any previous one. */
  public void put(String key, String value) {
    db.transaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "INSERT INTO setting (key, value) VALUES (?, ?)"
                      + " ON CONFLICT (key) DO UPDATE SET value = excluded.value")) {
            ps.setString(1, key);
            ps.setString(2, value);
            ps.executeUpdate();
            return null;
          }
        });
  }
}
