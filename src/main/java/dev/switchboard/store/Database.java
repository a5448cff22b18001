package dev.switchboard.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteDataSource;

/** A migrated connection pool for SQLite or PostgreSQL, chosen by JDBC URL; the only way to reach the database. */
public final class Database implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Database.class);
  private static final String SQLITE = "jdbc:sqlite:";
  private static final String POSTGRES = "jdbc:postgresql:";
  private static final int SQLITE_BUSY_TIMEOUT_MS = 5000;

  private final HikariDataSource pool;
  private final boolean postgres;

  private Database(HikariDataSource pool, boolean postgres) {
    this.pool = pool;
    this.postgres = postgres;
  }

  /**
   * Opens a pool for {@code jdbc:sqlite:PATH} or {@code jdbc:postgresql:…} and brings the schema up to date.
   *
   * @throws IllegalArgumentException for any other URL
   */
  public static Database open(String jdbcUrl) {
    if (jdbcUrl == null) {
      throw new IllegalArgumentException("database URL is missing: use jdbc:sqlite:PATH or jdbc:postgresql://…");
    }
    boolean postgres;
    HikariDataSource pool;
    if (jdbcUrl.startsWith(SQLITE)) {
      postgres = false;
      pool = sqlitePool(jdbcUrl);
    } else if (jdbcUrl.startsWith(POSTGRES)) {
      postgres = true;
      pool = postgresPool(jdbcUrl);
    } else {
      throw new IllegalArgumentException(
          "unsupported database URL '" + redact(jdbcUrl) + "': use jdbc:sqlite:PATH or jdbc:postgresql://HOST/DB");
    }
    try {
      migrate(pool, postgres);
    } catch (RuntimeException e) {
      pool.close();
      throw e;
    }
    return new Database(pool, postgres);
  }

  private static HikariDataSource sqlitePool(String jdbcUrl) {
    String rest = jdbcUrl.substring(SQLITE.length());
    int query = rest.indexOf('?');
    String path = query < 0 ? rest : rest.substring(0, query);
    // A private in-memory database exists once per connection, so it can only be pooled as one connection.
    boolean memory = path.isEmpty() || path.equals(":memory:") || path.startsWith("file::memory:");
    if (!memory && !path.startsWith("file:")) {
      Path parent = Path.of(path).toAbsolutePath().getParent();
      try {
        Files.createDirectories(parent);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot create the database folder " + parent, e);
      }
    }
    SQLiteConfig config = new SQLiteConfig();
    config.setJournalMode(SQLiteConfig.JournalMode.WAL);
    config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
    config.setBusyTimeout(SQLITE_BUSY_TIMEOUT_MS);
    config.enforceForeignKeys(true);
    // Writers take the lock at BEGIN: a deferred transaction that reads and then writes fails at once with
    // SQLITE_BUSY when another connection committed in between, without waiting for busy_timeout.
    config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
    SQLiteDataSource source = new SQLiteDataSource(config);
    source.setUrl(jdbcUrl);

    HikariConfig hikari = new HikariConfig();
    hikari.setPoolName("switchboard-sqlite");
    hikari.setDataSource(source);
    hikari.setMaximumPoolSize(memory ? 1 : 4);
    if (memory) {
      hikari.setMaxLifetime(0);
      hikari.setIdleTimeout(0);
    }
    return new HikariDataSource(hikari);
  }

  private static HikariDataSource postgresPool(String jdbcUrl) {
    HikariConfig hikari = new HikariConfig();
    hikari.setPoolName("switchboard-postgresql");
    hikari.setJdbcUrl(jdbcUrl);
    hikari.setMaximumPoolSize(8);
    return new HikariDataSource(hikari);
  }

  private static void migrate(DataSource source, boolean postgres) {
    String location = "classpath:db/migration/" + (postgres ? "postgresql" : "sqlite");
    var result = Flyway.configure().dataSource(source).locations(location).load().migrate();
    if (result.migrationsExecuted > 0) {
      log.info(
          "applied {} migration(s), schema now at version {}", result.migrationsExecuted, result.targetSchemaVersion);
    }
  }

  /** The URL without anything that looks like a password, for error messages. */
  private static String redact(String url) {
    return url.replaceAll("(?i)(password=)[^&;]*", "$1***").replaceAll("//[^/@]*@", "//***@");
  }

  /** True for PostgreSQL, false for SQLite. */
  public boolean postgres() {
    return postgres;
  }

  DataSource dataSource() {
    return pool;
  }

  /**
   * Runs {@code work} in one read-write transaction: commits when it returns, rolls back when it throws.
   * Exceptions thrown by {@code work} other than {@link SQLException} pass through unchanged.
   *
   * @throws StoreException wrapping an {@link SQLException}
   */
  public <T> T transaction(SqlWork<T> work) {
    return run(work, /* readOnly= */ false);
  }

  /** Runs {@code work} in one transaction that sees a single consistent snapshot and writes nothing. */
  <T> T snapshot(SqlWork<T> work) {
    return run(work, /* readOnly= */ true);
  }

  private <T> T run(SqlWork<T> work, boolean readOnly) {
    try (Connection c = pool.getConnection()) {
      try {
        prepare(c, readOnly);
        c.setAutoCommit(false);
        T result = work.run(c);
        c.commit();
        return result;
      } catch (SQLException | RuntimeException | Error e) {
        rollback(c, e);
        throw e;
      } finally {
        c.setAutoCommit(true);
        restore(c, readOnly);
      }
    } catch (SQLException e) {
      throw new StoreException("database transaction failed: " + e.getMessage(), e);
    }
  }

  private void prepare(Connection c, boolean readOnly) throws SQLException {
    if (!readOnly) {
      return;
    }
    if (postgres) {
      c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      c.setReadOnly(true);
    } else {
      // A reader need not take the write lock: a deferred transaction reads one WAL snapshot.
      c.unwrap(SQLiteConnection.class).setCurrentTransactionMode(SQLiteConfig.TransactionMode.DEFERRED);
    }
  }

  private void restore(Connection c, boolean readOnly) throws SQLException {
    if (!readOnly) {
      return;
    }
    if (postgres) {
      c.setReadOnly(false);
      c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
    } else {
      c.unwrap(SQLiteConnection.class).setCurrentTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
    }
  }

  private static void rollback(Connection c, Throwable cause) {
    try {
      c.rollback();
    } catch (SQLException e) {
      cause.addSuppressed(e);
    }
  }

  /** Closes the pool; running transactions finish first. */
  @Override
  public void close() {
    pool.close();
  }
}
