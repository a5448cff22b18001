-- Switchboard schema, SQLite dialect. Timestamps are epoch milliseconds; booleans are INTEGER 0/1.
-- Keep in step with ../postgresql/V1__init.sql: same tables, columns and constraints.

CREATE TABLE provider (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  name          TEXT    NOT NULL UNIQUE,
  kind          TEXT    NOT NULL,
  base_url      TEXT    NOT NULL,
  api_key_enc   TEXT,
  headers_json  TEXT    NOT NULL DEFAULT '{}',
  timeouts_json TEXT    NOT NULL DEFAULT '{}',
  active        INTEGER NOT NULL DEFAULT 1,
  source        TEXT    NOT NULL DEFAULT 'api',
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL
);

CREATE TABLE model (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  name           TEXT    NOT NULL UNIQUE,
  provider_id    INTEGER NOT NULL REFERENCES provider (id),
  upstream_model TEXT    NOT NULL,
  kind           TEXT    NOT NULL,
  timeouts_json  TEXT    NOT NULL DEFAULT '{}',
  active         INTEGER NOT NULL DEFAULT 1,
  source         TEXT    NOT NULL DEFAULT 'api',
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL
);
CREATE INDEX model_provider_idx ON model (provider_id);

CREATE TABLE alias (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  name         TEXT    NOT NULL UNIQUE,
  display_name TEXT,
  description  TEXT,
  rule         TEXT    NOT NULL DEFAULT 'failover',
  max_attempts INTEGER NOT NULL DEFAULT 3,
  retries      INTEGER NOT NULL DEFAULT 0,
  hide_targets INTEGER NOT NULL DEFAULT 0,
  active       INTEGER NOT NULL DEFAULT 1,
  source       TEXT    NOT NULL DEFAULT 'api',
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL
);

CREATE TABLE alias_target (
  alias_id INTEGER NOT NULL REFERENCES alias (id) ON DELETE CASCADE,
  model_id INTEGER NOT NULL REFERENCES model (id),
  position INTEGER NOT NULL,
  weight   INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (alias_id, position),
  UNIQUE (alias_id, model_id)
);
CREATE INDEX alias_target_model_idx ON alias_target (model_id);

-- Models and aliases share one name namespace; every write of either keeps this table in step.
CREATE TABLE route_name (
  name TEXT NOT NULL PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('model', 'alias'))
);

CREATE TABLE api_key (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT    NOT NULL UNIQUE,
  digest     BLOB    NOT NULL UNIQUE,
  prefix     TEXT    NOT NULL,
  active     INTEGER NOT NULL DEFAULT 1,
  source     TEXT    NOT NULL DEFAULT 'api',
  created_at INTEGER NOT NULL
);

CREATE TABLE usage_event (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  request_id      TEXT    NOT NULL,
  created_at      INTEGER NOT NULL,
  endpoint        TEXT    NOT NULL,
  key_id          INTEGER,
  key_name        TEXT,
  requested_model TEXT,
  model_id        INTEGER,
  served_model    TEXT,
  provider_id     INTEGER,
  provider        TEXT,
  route_attempt   INTEGER,
  failed_over     INTEGER NOT NULL DEFAULT 0,
  status          TEXT    NOT NULL,
  http_status     INTEGER,
  error_class     TEXT,
  input_tokens    INTEGER NOT NULL DEFAULT 0,
  output_tokens   INTEGER NOT NULL DEFAULT 0,
  cost            REAL,
  currency        TEXT,
  latency_ms      INTEGER NOT NULL DEFAULT 0,
  ttfb_ms         INTEGER,
  stream          INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX usage_event_created_idx ON usage_event (created_at);

CREATE TABLE audit_event (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  created_at   INTEGER NOT NULL,
  actor        TEXT    NOT NULL,
  action       TEXT    NOT NULL,
  subject      TEXT    NOT NULL,
  details_json TEXT    NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_event_created_idx ON audit_event (created_at);

CREATE TABLE setting (
  key   TEXT NOT NULL PRIMARY KEY,
  value TEXT NOT NULL
);
