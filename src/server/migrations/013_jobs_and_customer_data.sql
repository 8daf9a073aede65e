-- Background jobs (ADR 0021) and the customer data they sync from the CRM source (docs/product/customer-data-sync.md),
-- plus the index that lets an order change re-attribute a tenant's results by day (docs/product/admin-orders.md#current-order).

-- One row per job. Runners claim due rows with FOR UPDATE SKIP LOCKED and a lease (locked_until), so any number
-- of instances share the table without running a job twice at once; a crashed runner's lease lapses.
-- dedupe_key makes enqueueing idempotent: while a job with the same queue and key is queued or running, asking
-- again answers that job.
CREATE TABLE jobs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  queue text NOT NULL CHECK (queue ~ '^[a-z][a-z0-9-]*$'),
  tenant_id integer REFERENCES tenants (id),
  payload jsonb NOT NULL DEFAULT '{}',
  dedupe_key text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
  run_at timestamptz NOT NULL,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX jobs_due_idx ON jobs (run_at, id) WHERE status IN ('queued', 'running');
CREATE UNIQUE INDEX jobs_dedupe_key ON jobs (queue, dedupe_key) WHERE status IN ('queued', 'running');
SELECT app_enable_tenant_rls('jobs', 'SELECT, INSERT');

-- The account's companies and people as the CRM source last gave them; a refresh replaces a kind's rows.
CREATE TABLE customer_data_records (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  kind text NOT NULL CHECK (kind IN ('companies', 'people')),
  external_id text NOT NULL CHECK (length(btrim(external_id)) > 0),
  data jsonb NOT NULL,
  synced_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, kind, external_id)
);
SELECT app_enable_tenant_rls('customer_data_records');

CREATE INDEX interview_results_tenant_day_idx ON interview_results (tenant_id, completed_at);

-- Call center names are unique within an account (docs/product/admin-call-centers.md#rules: 409 CALL_CENTER_EXISTS).
CREATE UNIQUE INDEX call_centers_tenant_name_key ON call_centers (tenant_id, lower(btrim(name)));
