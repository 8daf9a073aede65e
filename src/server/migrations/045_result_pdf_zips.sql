-- Zips of PDF risk reports built as jobs (issue 14, ADR 0050, docs/product/results-downloads.md#zip-job): a
-- selection of more than 50 results is zipped by a job of the jobs table (ADR 0021), which counts its progress
-- here and keeps the finished zip in the file storage (ADR 0016) for its requester to download.
CREATE TABLE result_pdf_zips (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  project_id integer NOT NULL,
  -- The list's query at the request (filter, selection, newest result id, held rows only if allowed then).
  query jsonb NOT NULL,
  language text,
  file_name text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  total integer NOT NULL CHECK (total >= 0),
  done integer NOT NULL DEFAULT 0 CHECK (done >= 0),
  storage_key text,
  error text,
  requested_by integer REFERENCES users (id) ON DELETE SET NULL,
  requested_at timestamptz NOT NULL,
  finished_at timestamptz,
  UNIQUE (id, tenant_id),
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE
);
SELECT app_enable_tenant_rls('result_pdf_zips');
