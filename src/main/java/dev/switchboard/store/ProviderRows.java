package dev.switchboard.store;

import dev.switchboard.catalog.Provider;
import dev.switchboard.catalog.Secret;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** SQL for the provider table; credentials go in and come out through the {@link SecretBox}. */
final class ProviderRows {
  private static final Logger log = LoggerFactory.getLogger(ProviderRows.class);
  private static final String SELECT =
      "SELECT id, name, kind, base_url, api_key_enc, headers_json, timeouts_json, active, source, created_at,"
          + " updated_at FROM provider";

  private ProviderRows() {}

  static List<Provider> all(Connection c, SecretBox box) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(SELECT + " ORDER BY id");
        ResultSet rs = ps.executeQuery()) {
      List<Provider> out = new ArrayList<>();
      while (rs.next()) {
        out.add(read(rs, box));
      }
      return out;
    }
  }

  static Optional<Provider> byId(Connection c, SecretBox box, long id) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(SELECT + " WHERE id = ?")) {
      ps.setLong(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.of(read(rs, box)) : Optional.empty();
      }
    }
  }

  static Optional<String> name(Connection c, long id) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT name FROM provider WHERE id = ?")) {
      ps.setLong(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
      }
    }
  }

  static long insert(Connection c, Provider p, String sealedKey, Instant now) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO provider (name, kind, base_url, headers_json, timeouts_json, active, source, api_key_enc,"
                + " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id")) {
      int i = bindCommon(ps, p);
      ps.setString(++i, sealedKey);
      ps.setLong(++i, Sql.millis(now));
      ps.setLong(++i, Sql.millis(now));
      return Sql.insertReturningId(ps);
    }
  }

  /**
   * Updates every column but {@code created_at}; with {@code keepKey} the stored ciphertext stays as it is.
   *
   * @return false when no provider has that id
   */
  static boolean update(Connection c, Provider p, boolean keepKey, String sealedKey, Instant now)
      throws SQLException {
    String sql =
        "UPDATE provider SET name = ?, kind = ?, base_url = ?, headers_json = ?, timeouts_json = ?, active = ?,"
            + " source = ?,"
            + (keepKey ? "" : " api_key_enc = ?,")
            + " updated_at = ? WHERE id = ?";
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      int i = bindCommon(ps, p);
      if (!keepKey) {
        ps.setString(++i, sealedKey);
      }
      ps.setLong(++i, Sql.millis(now));
      ps.setLong(++i, p.id());
      return ps.executeUpdate() == 1;
    }
  }

  static boolean delete(Connection c, long id) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("DELETE FROM provider WHERE id = ?")) {
      ps.setLong(1, id);
      return ps.executeUpdate() == 1;
    }
  }

  /** Names of the models bound to this provider, sorted. */
  static List<String> modelsUsing(Connection c, long providerId) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT name FROM model WHERE provider_id = ? ORDER BY name")) {
      ps.setLong(1, providerId);
      List<String> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getString(1));
        }
      }
      return out;
    }
  }

  /** Binds name … source (the columns insert and update share, in that order); returns the last index. */
  private static int bindCommon(PreparedStatement ps, Provider p) throws SQLException {
    int i = 0;
    ps.setString(++i, p.name());
    ps.setString(++i, p.kind());
    ps.setString(++i, p.baseUrl());
    ps.setString(++i, Json.headers(p.headers()));
    ps.setString(++i, Json.timeouts(p.timeouts()));
    ps.setBoolean(++i, p.active());
    ps.setString(++i, source(p.source()));
    return i;
  }

  private static String source(String s) {
    return s == null || s.isBlank() ? "api" : s;
  }

  private static Provider read(ResultSet rs, SecretBox box) throws SQLException {
    String name = rs.getString("name");
    return new Provider(
        rs.getLong("id"),
        name,
        rs.getString("kind"),
        rs.getString("base_url"),
        secret(box, name, rs.getString("api_key_enc")),
        Json.headers(rs.getString("headers_json")),
        Json.timeouts(rs.getString("timeouts_json")),
        rs.getBoolean("active"),
        rs.getString("source"),
        Sql.instant(rs, "created_at"),
        Sql.instant(rs, "updated_at"));
  }

  private static Secret secret(SecretBox box, String provider, String sealed) {
    if (sealed == null) {
      return Secret.NONE;
    }
    try {
      return Secret.of(box.open(sealed));
    } catch (UnreadableSecretException e) {
      log.warn(
          "the credential of provider '{}' cannot be decrypted ({}); requests to it will fail over until"
              + " SWITCHBOARD_SECRET or secret.key is corrected or the credential is saved again",
          provider,
          e.getMessage());
      return new Secret(null, /* unreadable= */ true);
    }
  }
}
