package dev.switchboard.e2e;

import dev.switchboard.store.TestDatabases;

/** The main flows on PostgreSQL (embedded, a fresh database per test). */
class PostgresGatewayTest extends GatewayFlows {

  @Override
  String databaseUrl() {
    return TestDatabases.postgresUrl();
  }
}
