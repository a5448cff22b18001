package dev.switchboard.store;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Fresh, migrated databases for tests of any package: SQLite in a given folder, or a new database on one
 * embedded PostgreSQL server that starts on first use and stops when the test JVM exits.
 */
public final class TestDatabases {
  private static final AtomicInteger SEQUENCE = new AtomicInteger();
  private static EmbeddedPostgres server;

  private TestDatabases() {}

  /** A new SQLite database file inside {@code dir}. */
  public static Database sqlite(Path dir) {
    return Database.open(sqliteUrl(dir));
  }

  /** The URL of the SQLite database file {@link #sqlite} uses inside {@code dir}. */
  public static String sqliteUrl(Path dir) {
    return "jdbc:sqlite:" + dir.resolve("data").resolve("switchboard.db");
  }

  /** A new, empty PostgreSQL database on the shared embedded server, migrated. */
  public static Database postgres() {
    return Database.open(postgresUrl());
  }

  /** Creates a new, empty PostgreSQL database on the shared embedded server and returns its URL. */
  public static String postgresUrl() {
    EmbeddedPostgres pg = server();
    String name = "sb_" + ProcessHandle.current().pid() + "_" + SEQUENCE.incrementAndGet();
    try (Connection c = pg.getPostgresDatabase().getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create test database " + name, e);
    }
    return "jdbc:postgresql://localhost:" + pg.getPort() + "/" + name + "?user=postgres";
  }

  private static synchronized EmbeddedPostgres server() {
    if (server == null) {
      try {
        server = EmbeddedPostgres.start();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot start embedded PostgreSQL", e);
      }
      EmbeddedPostgres started = server;
      Runtime.getRuntime()
          .addShutdownHook(
              Thread.ofPlatform()
                  .unstarted(
                      () -> {
                        try {
                          started.close();
                        } catch (IOException ignored) {
                          // The JVM is exiting; the server's folder is temporary.
                        }
                      }));
    }
    return server;
  }
}
