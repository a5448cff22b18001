package dev.switchboard.e2e;

/** The main flows on the default store, SQLite. */
class SqliteGatewayTest extends GatewayFlows {

  @Override
  String databaseUrl() {
    return null;
  }
}
