-- Session stickiness window per alias (DESIGN §5): seconds, 0 = off, 3600 by default.
ALTER TABLE alias ADD COLUMN sticky_ttl_seconds INTEGER NOT NULL DEFAULT 3600;
