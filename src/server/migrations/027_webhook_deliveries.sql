-- Signed webhooks to a project's callback URLs (issue 14, ADR 0035, docs/product/webhooks.md). One row per
-- delivery: what was sent where, and how it went. A job of the jobs table (ADR 0021) sends it with retries.
CREATE TABLE webhook_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  project_id integer NOT NULL,
  event text NOT NULL CHECK (event IN ('participant', 'result', 'project')),
  url text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_status_code integer,
  last_error text,
  -- A replay is a new delivery of the same payload; it names the one it repeats.
  replay_of bigint,
  created_at timestamptz NOT NULL,
  delivered_at timestamptz,
  UNIQUE (id, tenant_id),
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE
);
CREATE INDEX webhook_deliveries_project_idx ON webhook_deliveries (tenant_id, project_id, created_at DESC, id DESC);
SELECT app_enable_tenant_rls('webhook_deliveries');
