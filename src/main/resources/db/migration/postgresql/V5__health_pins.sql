-- Target health (DESIGN §6): an alias's own health settings (JSON, NULL = the gateway's defaults), the operator's
-- pin (only that target serves), and a model's own recovery probe body (NULL = a one-token completion).
ALTER TABLE alias ADD COLUMN health_json TEXT;
ALTER TABLE alias ADD COLUMN pinned_model_id BIGINT;
ALTER TABLE model ADD COLUMN probe_request TEXT;
