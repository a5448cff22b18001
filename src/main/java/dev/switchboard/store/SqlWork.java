package dev.switchboard.store;

import java.sql.Connection;
import java.sql.SQLException;

/** A unit of work run by {@link Database#transaction} on one connection inside one transaction. */
@FunctionalInterface
public interface SqlWork<T> {
  T run(Connection connection) throws SQLException;
}
