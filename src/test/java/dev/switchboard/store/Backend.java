package dev.switchboard.store;

import java.nio.file.Path;

/** The two databases every storage test runs against. */
enum Backend {
  SQLITE,
  POSTGRESQL;

  /** The URL of a new, empty database (SQLite inside {@code dir}). */
  String freshUrl(Path dir) {
    return this == SQLITE ? TestDatabases.sqliteUrl(dir) : TestDatabases.postgresUrl();
  }

  Database open(Path dir) {
    return Database.open(freshUrl(dir));
  }
}
