package dev.switchboard.config;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The gateway's settings after the config file, {@code SWITCHBOARD_*} variables and flags are layered, in
 * that order.
 *
 * @param bodyLimit largest request body accepted, in bytes
 * @param adminToken the admin token from {@code SWITCHBOARD_ADMIN_TOKEN}, or {@code null} to use the stored one
 * @param secret the key material for credentials at rest from {@code SWITCHBOARD_SECRET}, or {@code null}
 * @param failoverCooldown how long a failed target is skipped unless its alias says otherwise
 *     ({@code SWITCHBOARD_FAILOVER_COOLDOWN}, seconds or a duration such as {@code 45s}; 30 s by default)
 * @param probeTick how often the prober looks for due probes (1 s; zero turns the prober off)
 */
public record Settings(
    String host,
    int port,
    String databaseUrl,
    Path dataDir,
    long bodyLimit,
    String adminToken,
    String secret,
    Duration failoverCooldown,
    Duration probeTick) {

  public static final long DEFAULT_BODY_LIMIT = 32L << 20;

  public static Settings defaults() {
    Path data = Path.of("data");
    return new Settings("127.0.0.1", 4000, "jdbc:sqlite:" + data.resolve("switchboard.db"), data,
        DEFAULT_BODY_LIMIT, null, null, Duration.ofSeconds(30),
        Duration.ofSeconds(1));
  }

  public Settings withHost(String v) {
    return new Settings(v, port, databaseUrl, dataDir, bodyLimit, adminToken, secret, failoverCooldown, probeTick);
  }

  public Settings withPort(int v) {
    return new Settings(host, v, databaseUrl, dataDir, bodyLimit, adminToken, secret, failoverCooldown, probeTick);
  }

  public Settings withDatabaseUrl(String v) {
    return new Settings(host, port, v, dataDir, bodyLimit, adminToken, secret, failoverCooldown, probeTick);
  }

  /** Moves the data folder and, when the database is the default SQLite file, the database with it. */
  public Settings withDataDir(Path v) {
    String db = databaseUrl.equals("jdbc:sqlite:" + dataDir.resolve("switchboard.db"))
        ? "jdbc:sqlite:" + v.resolve("switchboard.db") : databaseUrl;
    return new Settings(host, port, db, v, bodyLimit, adminToken, secret, failoverCooldown, probeTick);
  }

  public Settings withBodyLimit(long v) {
    return new Settings(host, port, databaseUrl, dataDir, v, adminToken, secret, failoverCooldown, probeTick);
  }

  public Settings withAdminToken(String v) {
    return new Settings(host, port, databaseUrl, dataDir, bodyLimit, v, secret, failoverCooldown, probeTick);
  }

  public Settings withSecret(String v) {
    return new Settings(host, port, databaseUrl, dataDir, bodyLimit, adminToken, v, failoverCooldown, probeTick);
  }

  public Settings withFailoverCooldown(Duration v) {
    return new Settings(host, port, databaseUrl, dataDir, bodyLimit, adminToken, secret, v, probeTick);
  }

  public Settings withProbeTick(Duration v) {
    return new Settings(host, port, databaseUrl, dataDir, bodyLimit, adminToken, secret, failoverCooldown, v);
  }

  /** Applies the {@code SWITCHBOARD_*} variables that are set. */
  public Settings withEnvironment(java.util.Map<String, String> env) {
    Settings s = this;
    if (env.get("SWITCHBOARD_DATA_DIR") != null) {
      s = s.withDataDir(Path.of(env.get("SWITCHBOARD_DATA_DIR")));
    }
    if (env.get("SWITCHBOARD_HOST") != null) {
      s = s.withHost(env.get("SWITCHBOARD_HOST"));
    }
    if (env.get("SWITCHBOARD_PORT") != null) {
      s = s.withPort(parseInt("SWITCHBOARD_PORT", env.get("SWITCHBOARD_PORT")));
    }
    if (env.get("SWITCHBOARD_DATABASE_URL") != null) {
      s = s.withDatabaseUrl(env.get("SWITCHBOARD_DATABASE_URL"));
    }
    if (env.get("SWITCHBOARD_BODY_LIMIT") != null) {
      s = s.withBodyLimit(parseInt("SWITCHBOARD_BODY_LIMIT", env.get("SWITCHBOARD_BODY_LIMIT")));
    }
    if (env.get("SWITCHBOARD_ADMIN_TOKEN") != null && !env.get("SWITCHBOARD_ADMIN_TOKEN").isBlank()) {
      s = s.withAdminToken(env.get("SWITCHBOARD_ADMIN_TOKEN"));
    }
    if (env.get("SWITCHBOARD_FAILOVER_COOLDOWN") != null) {
      s = s.withFailoverCooldown(Durations.parse("SWITCHBOARD_FAILOVER_COOLDOWN",
          env.get("SWITCHBOARD_FAILOVER_COOLDOWN")));
    }
    if (env.get("SWITCHBOARD_SECRET") != null && !env.get("SWITCHBOARD_SECRET").isBlank()) {
      s = s.withSecret(env.get("SWITCHBOARD_SECRET"));
    }
    return s;
  }

  private static int parseInt(String name, String value) {
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new ConfigException(name + " must be an integer, not '" + value + "'");
    }
  }
}
