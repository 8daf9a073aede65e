-- The access-code pool (docs/product/access-codes.md#list Access Codes, docs/product/access-codes.md#files Access
-- codes, docs/product/access-codes.md#burn; docs/product/access-codes.md; ADR 0046). An uploaded access-code file is
-- one row of access_code_files; each of its codes one row of access_codes, Available until a new participant of the
-- project is given it (Assigned, participant_id set) or it is burnt (Burned); a deleted participant leaves its code
-- Assigned (it was given out). A participant's code stays in participants.access_code (the intake reads it there); the
-- pool row records where it came from. code_key is the code without spaces and hyphens (normalizeAccessCode), unique in
-- the tenant like the participants' codes.
CREATE TABLE access_code_files (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  project_id integer NOT NULL,
  original_file_name text NOT NULL CHECK (length(original_file_name) BETWEEN 1 AND 255),
  total_recorded integer NOT NULL CHECK (total_recorded >= 0),
  imported_by integer REFERENCES users (id) ON DELETE SET NULL,
  imported_at timestamptz NOT NULL,
  UNIQUE (id, tenant_id),
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE
);
CREATE INDEX access_code_files_project_idx ON access_code_files (tenant_id, project_id, imported_at DESC, id DESC);
SELECT app_enable_tenant_rls('access_code_files');

CREATE TABLE access_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  project_id integer NOT NULL,
  file_id integer NOT NULL,
  access_code text NOT NULL CHECK (length(access_code) BETWEEN 1 AND 50),
  code_key text NOT NULL CHECK (code_key ~ '^[A-Za-z0-9]{4,30}$'),
  is_backup boolean NOT NULL DEFAULT false,
  is_test boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'Available' CHECK (status IN ('Available', 'Assigned', 'Burned')),
  participant_id bigint,
  date_added timestamptz NOT NULL,
  date_used timestamptz,
  CHECK (status <> 'Available' OR participant_id IS NULL),
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE,
  FOREIGN KEY (file_id, tenant_id) REFERENCES access_code_files (id, tenant_id) ON DELETE CASCADE,
  FOREIGN KEY (participant_id, tenant_id) REFERENCES participants (id, tenant_id) ON DELETE SET NULL (participant_id)
);
CREATE UNIQUE INDEX access_codes_key ON access_codes (tenant_id, code_key);
CREATE INDEX access_codes_page_idx ON access_codes (tenant_id, project_id, date_added DESC, id DESC);
-- The next free code of a project, oldest first (assignment on participant creation).
CREATE INDEX access_codes_available_idx ON access_codes (tenant_id, project_id, is_test, is_backup, id)
  WHERE status = 'Available';
CREATE INDEX access_codes_participant_idx ON access_codes (tenant_id, participant_id) WHERE participant_id IS NOT NULL;
SELECT app_enable_tenant_rls('access_codes');
