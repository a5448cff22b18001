package dev.switchboard.store;

import dev.switchboard.catalog.Alias;
import dev.switchboard.catalog.ApiKey;
import dev.switchboard.catalog.Model;
import dev.switchboard.catalog.ModelKind;
import dev.switchboard.catalog.Provider;
import dev.switchboard.catalog.Secret;
import dev.switchboard.catalog.Target;
import dev.switchboard.catalog.Timeouts;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Builders for catalog records and raw-SQL peeks used by the store tests. */
final class Fixtures {
  static final Instant T0 = Instant.parse("2026-03-01T10:00:00.123Z");
  static final byte[] KEY_A = key('a');
  static final byte[] KEY_B = key('b');

  private Fixtures() {}

  static byte[] key(char fill) {
    return String.valueOf(fill).repeat(32).getBytes(StandardCharsets.US_ASCII);
  }

  static Provider provider(String name, String apiKey) {
    return new Provider(
        0,
        name,
        "openai",
        "http://127.0.0.1:9001/v1",
        Secret.of(apiKey),
        Map.of("x-team", "core"),
        new Timeouts(Duration.ofSeconds(2), null, null, Duration.ofSeconds(30)),
        true,
        "api",
        null,
        null);
  }

  static Model model(String name, long providerId) {
    return new Model(0, name, providerId, "gpt-4o-mini", ModelKind.CHAT, Timeouts.INHERIT, true, "api", null, null);
  }

  static Alias alias(String name, Model... targets) {
    List<Target> list = new ArrayList<>();
    for (int i = 0; i < targets.length; i++) {
      list.add(new Target(targets[i].id(), i + 1, 10 * (i + 1)));
    }
    return new Alias(0, name, "Fast", "the fast one", list, "failover", 3, 0, false, true, "api", null, null);
  }

  static ApiKey apiKey(String name, byte[] digest) {
    return new ApiKey(0, name, digest, "sk-sb-ab", true, "api", null);
  }

  static Audit audit(String action, String subject) {
    return new Audit("admin", action, subject, "{\"by\":\"test\"}");
  }

  static long count(Database db, String table) {
    return db.transaction(
        c -> {
          try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM " + table);
              ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
          }
        });
  }

  /** The first column of the first row of {@code sql} as text, or null when there is no row. */
  static String scalar(Database db, String sql, Object... args) {
    try (Connection c = db.dataSource().getConnection();
        PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < args.length; i++) {
        ps.setObject(i + 1, args[i]);
      }
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getString(1) : null;
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
