-- Analytic reports (issue 15, ADR 0041, docs/product/analytic-reports.md): a provider administrator asks for a
-- report of one type over projects and a date range; a job of the jobs table (ADR 0021) writes the file to the
-- file storage (ADR 0016) and moves the request from requested through processing to succeeded or failed.
CREATE TABLE analytic_reports (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  report_type text NOT NULL,
  report_name text NOT NULL,
  project_ids integer[] NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL CHECK (end_date >= start_date),
  attributes text[] NOT NULL,
  file_format text NOT NULL CHECK (file_format IN ('xlsx', 'csv')),
  status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'processing', 'succeeded', 'failed')),
  row_count integer,
  storage_key text,
  error text,
  requested_by integer REFERENCES users (id) ON DELETE SET NULL,
  -- Kept with the row: the requester (a provider administrator) is a user of the system tenant, which the
  -- account's row-level security does not show.
  requested_by_email text,
  requested_at timestamptz NOT NULL,
  finished_at timestamptz,
  UNIQUE (id, tenant_id)
);
CREATE INDEX analytic_reports_history_idx ON analytic_reports (tenant_id, requested_at DESC, id DESC);
SELECT app_enable_tenant_rls('analytic_reports');
