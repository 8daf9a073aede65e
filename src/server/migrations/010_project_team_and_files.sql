-- Project team members and project file metadata (issue 12, docs/product/project-team-and-files.md).
-- Files themselves live in the storage interface (DATA_DIR/files or S3-compatible storage, ADR 0016); a row
-- here only names the stored object, its type, size and who uploaded it.

-- The stable public id of a project, used by the mobile-app upload path project-{hash}?project_uuid. Migration
-- 009 may add it with the project form; whichever lands first creates it.
ALTER TABLE projects ADD COLUMN IF NOT EXISTS uuid uuid NOT NULL DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX IF NOT EXISTS projects_uuid_key ON projects (uuid);

-- A team member: a user of the tenant with a project role. Default users are placed by the product (the
-- project's owner), not by the Assign Roles modal, and cannot be removed or re-assigned from the team tab.
CREATE TABLE project_team_members (
  tenant_id integer NOT NULL,
  project_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_id integer NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  assigned_by integer REFERENCES users (id) ON DELETE SET NULL,
  assigned_at timestamptz NOT NULL,
  PRIMARY KEY (project_id, user_id),
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE,
  FOREIGN KEY (role_id, tenant_id) REFERENCES roles (id, tenant_id)
);
CREATE INDEX project_team_members_tenant_idx ON project_team_members (tenant_id, project_id);
CREATE INDEX project_team_members_user_idx ON project_team_members (user_id);
SELECT app_enable_tenant_rls('project_team_members');

-- The current file of each kind of a project (an upload replaces the previous one of its kind). PENDING rows
-- belong to a signed upload URL handed out but not yet used (assets); downloads only see STORED rows.
CREATE TABLE project_files (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  project_id integer NOT NULL,
  file_type text NOT NULL
    CHECK (file_type IN ('ISW_XLSX', 'SUPERVISOR_XLSX', 'MOBILE_APP_XLSX', 'QUESTIONS_AUDIO', 'ASSETS_ZIP')),
  file_name text NOT NULL CHECK (file_name ~ '^[^/\\\x01-\x1f]{1,200}$'),
  storage_key text NOT NULL,
  media_type text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  status text NOT NULL CHECK (status IN ('PENDING', 'STORED')),
  uploaded_by integer REFERENCES users (id) ON DELETE SET NULL,
  uploaded_at timestamptz NOT NULL,
  UNIQUE (project_id, file_type),
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE
);
CREATE INDEX project_files_tenant_idx ON project_files (tenant_id, project_id);
SELECT app_enable_tenant_rls('project_files');
