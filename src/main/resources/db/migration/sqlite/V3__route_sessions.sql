-- Session stickiness (DESIGN §5): which target an (alias, session) pair was last served by. SQLite dialect.
-- Keep in step with ../postgresql/V3__route_sessions.sql.

-- key_hash is an HMAC of caller and session key, never the raw key. No foreign keys: the runtime addresses aliases
-- by name, and deleting an alias or model forgets its sessions through SessionStore.deleteAlias / deleteModel.
CREATE TABLE route_session (
  alias_name TEXT    NOT NULL,
  key_hash   TEXT    NOT NULL,
  model_id   INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  renewed_at INTEGER NOT NULL,
  PRIMARY KEY (alias_name, key_hash)
);
CREATE INDEX route_session_expires_idx ON route_session (expires_at);
