-- The project form (docs/product/project-form.md#sections "Project form", docs/product/project-form.md#fields "Project
-- (form)"): the fields a project is created, edited and cloned with, and the remaining columns of a Multi Language
-- Configuration row. ADR 0015.
--
-- Columns hold what other code filters, joins or enforces (ids, dates, names, the parent project); the
-- three groups the form edits as a whole and nothing queries inside are jsonb, each shaped by the contract
-- (additionalProperties: false) and by src/shared/project-rules.ts before it is written:
-- - internal_settings: the internal fields and flags (read and written only with the internal permissions),
-- - client_api: clientAPIUrl1 (webhooks, security, additional fields),
-- - business_line: the chosen business-line levels.

ALTER TABLE projects
  ADD COLUMN uuid uuid NOT NULL DEFAULT gen_random_uuid(),
  ADD COLUMN note text,
  ADD COLUMN language_id integer REFERENCES languages (id),
  ADD COLUMN location_id integer,
  ADD COLUMN type_id integer,
  ADD COLUMN department_id integer,
  ADD COLUMN external_risk_objective_id integer,
  ADD COLUMN currency_id integer,
  ADD COLUMN est_start_date date,
  ADD COLUMN est_end_date date,
  ADD COLUMN est_participant integer CHECK (est_participant >= 0),
  -- The File Download Password: read only with tenant.project.details.file.password.read.
  ADD COLUMN resources_password text,
  ADD COLUMN parent_id integer,
  ADD COLUMN tags text[] NOT NULL DEFAULT '{}',
  ADD COLUMN business_line jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(business_line) = 'array'),
  ADD COLUMN is_business_line_optional boolean NOT NULL DEFAULT true,
  ADD COLUMN internal_settings jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(internal_settings) = 'object'),
  ADD COLUMN client_api jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(client_api) = 'object'),
  ADD COLUMN configuration_json jsonb,
  ADD COLUMN updated_at timestamptz,
  ADD CONSTRAINT projects_name_length CHECK (length(name) <= 99) NOT VALID,
  -- A clone remembers its source; both belong to one tenant.
  ADD CONSTRAINT projects_parent_fkey FOREIGN KEY (parent_id, tenant_id) REFERENCES projects (id, tenant_id)
    ON DELETE SET NULL (parent_id);
CREATE UNIQUE INDEX projects_uuid_key ON projects (uuid);

-- The rest of a Multi Language Configuration row (docs/product/project-form.md#fields projectMultiLanguageConfig); the
-- row keeps its own id (languageConfigId) so the console can tell rows apart across saves.
ALTER TABLE project_languages
  ADD COLUMN id integer GENERATED ALWAYS AS IDENTITY,
  ADD COLUMN interview_server_primary text,
  ADD COLUMN interview_server_backup text,
  ADD COLUMN matching_phone_number text CHECK (matching_phone_number ~ '^\+[0-9]{7,15}$'),
  ADD COLUMN inbound_telco_id integer,
  ADD COLUMN phone_number_status_id integer,
  ADD COLUMN ivr_preamble_language_id integer REFERENCES languages (id);
CREATE UNIQUE INDEX project_languages_id_key ON project_languages (id);
