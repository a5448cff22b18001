-- Model prices and capabilities; alias cooldown and the price weights of the cheapest rule. SQLite dialect.
-- Keep in step with ../postgresql/V2__prices_capabilities.sql.

-- JSON objects; NULL means unpriced / capabilities unknown.
ALTER TABLE model ADD COLUMN prices_json TEXT;
ALTER TABLE model ADD COLUMN capabilities_json TEXT;

-- NULL cooldown: the gateway's default. Existing aliases weigh input and output prices 1:1.
ALTER TABLE alias ADD COLUMN cooldown_seconds INTEGER;
ALTER TABLE alias ADD COLUMN input_price_weight REAL NOT NULL DEFAULT 1;
ALTER TABLE alias ADD COLUMN output_price_weight REAL NOT NULL DEFAULT 1;
