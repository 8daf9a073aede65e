-- Project lookups: the per-language interview configuration of a project (project code, dial-in number, IVR
-- option, call delay; docs/product/project-lookups.md#language-config "projectMultiLanguageConfig"), the cross-tenant
-- project-code and dial-in checks (docs/product/project-lookups.md#project-check project/check), the business-line
-- taxonomy (docs/product/project-lookups.md#business-lines), result-configuration templates
-- (docs/product/result-config.md#list, docs/product/result-config.md#modal) and stored import error files
-- (docs/product/project-lookups.md#project-check, docs/product/project-lookups.md#error-file-download).

-- One row per project language already exists; its interview configuration lives on it.
ALTER TABLE project_languages
  ADD COLUMN project_code text CHECK (project_code ~ '^\S{1,50}$'),
  ADD COLUMN dial_in_number text CHECK (dial_in_number ~ '^\+[0-9]{7,15}$'),
  ADD COLUMN ivr_option integer CHECK (ivr_option BETWEEN 1 AND 15),
  -- In units of 3 seconds (docs/product/project-lookups.md#language-config: "shown in units of 3 seconds"), default 5.
  ADD COLUMN call_delay_by integer NOT NULL DEFAULT 5 CHECK (call_delay_by BETWEEN 1 AND 15);
-- A participant dials a number and keys a project code: the code names one project language on the whole
-- platform, so it is unique across ALL tenants (case-insensitively). The index holds regardless of row-level
-- security; a duplicate from another tenant fails on insert, and the check below finds it beforehand.
CREATE UNIQUE INDEX project_languages_code_key ON project_languages (lower(project_code)) WHERE project_code IS NOT NULL;
-- Dial-in numbers may be shared (the console asks for confirmation), so they are only indexed for the check.
CREATE INDEX project_languages_dial_in_idx ON project_languages (dial_in_number) WHERE dial_in_number IS NOT NULL;

-- The project-code and dial-in checks must see other tenants' projects (docs/product/project-lookups.md#project-check:
-- the message names the project and the tenant already using the code or number), which row-level security hides from
-- voxscreen_app. These two SECURITY DEFINER functions are the only cross-tenant read a tenant-scoped request may make:
-- they run as the schema owner (policy system_access), take exact codes or numbers, and answer only the code or number,
-- project id, project name and tenant name of the matching rows, never a listing.
CREATE FUNCTION app_project_code_users(codes text[])
RETURNS TABLE (project_code text, project_id integer, tenant_id integer, project_name text, tenant_name text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT pl.project_code, p.id, p.tenant_id, p.name, t.name
  FROM project_languages pl
  JOIN projects p ON p.id = pl.project_id
  JOIN tenants t ON t.id = p.tenant_id
  WHERE pl.project_code IS NOT NULL
    AND lower(pl.project_code) IN (SELECT lower(c) FROM unnest(codes) AS c)
  ORDER BY lower(pl.project_code), p.id
$$;
REVOKE ALL ON FUNCTION app_project_code_users(text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_project_code_users(text[]) TO voxscreen_app;

CREATE FUNCTION app_dial_in_number_users(numbers text[])
RETURNS TABLE (dial_in_number text, project_id integer, tenant_id integer, project_name text, tenant_name text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT DISTINCT pl.dial_in_number, p.id, p.tenant_id, p.name, t.name
  FROM project_languages pl
  JOIN projects p ON p.id = pl.project_id
  JOIN tenants t ON t.id = p.tenant_id
  WHERE pl.dial_in_number = ANY (numbers)
  ORDER BY pl.dial_in_number, p.id
$$;
REVOKE ALL ON FUNCTION app_dial_in_number_users(text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_dial_in_number_users(text[]) TO voxscreen_app;

-- Business-line taxonomy of the project form (docs/product/project-lookups.md#business-lines): Industry → Business Unit
-- → Business Function → Use Case. Provider reference data, the same for every tenant.
CREATE TABLE business_lines (
  id integer PRIMARY KEY,
  parent_id integer REFERENCES business_lines (id),
  level text NOT NULL CHECK (level IN ('INDUSTRY', 'BUSINESS_UNIT', 'BUSINESS_FUNCTION', 'USE_CASE')),
  value text NOT NULL CHECK (value ~ '^[A-Z0-9_]+$'),
  label text NOT NULL,
  sequence integer NOT NULL,
  CHECK ((level = 'INDUSTRY') = (parent_id IS NULL)),
  UNIQUE (parent_id, value)
);
CREATE UNIQUE INDEX business_lines_industry_key ON business_lines (value) WHERE parent_id IS NULL;
CREATE INDEX business_lines_parent_idx ON business_lines (parent_id, sequence);
GRANT SELECT ON business_lines TO voxscreen_app;

INSERT INTO business_lines (id, parent_id, level, value, label, sequence) VALUES
  (1, NULL, 'INDUSTRY', 'INSURANCE', 'Insurance', 1),
  (2, NULL, 'INDUSTRY', 'BANKING', 'Banking and Financial Services', 2),
  (3, NULL, 'INDUSTRY', 'LOGISTICS', 'Transportation and Logistics', 3),
  (4, NULL, 'INDUSTRY', 'PUBLIC_SECTOR', 'Public Sector', 4),
  -- Insurance
  (101, 1, 'BUSINESS_UNIT', 'PROPERTY_CASUALTY', 'Property and Casualty', 1),
  (102, 1, 'BUSINESS_UNIT', 'LIFE_HEALTH', 'Life and Health', 2),
  (1011, 101, 'BUSINESS_FUNCTION', 'CLAIMS', 'Claims', 1),
  (1012, 101, 'BUSINESS_FUNCTION', 'UNDERWRITING', 'Underwriting', 2),
  (1021, 102, 'BUSINESS_FUNCTION', 'CLAIMS', 'Claims', 1),
  (1022, 102, 'BUSINESS_FUNCTION', 'UNDERWRITING', 'Underwriting', 2),
  (10111, 1011, 'USE_CASE', 'FIRST_NOTICE_OF_LOSS', 'First notice of loss', 1),
  (10112, 1011, 'USE_CASE', 'CLAIM_FRAUD_SCREENING', 'Claim fraud screening', 2),
  (10121, 1012, 'USE_CASE', 'APPLICATION_VERIFICATION', 'Application verification', 1),
  (10211, 1021, 'USE_CASE', 'DISABILITY_CLAIM_REVIEW', 'Disability claim review', 1),
  (10221, 1022, 'USE_CASE', 'HEALTH_DISCLOSURE', 'Health disclosure verification', 1),
  -- Banking
  (201, 2, 'BUSINESS_UNIT', 'RETAIL_BANKING', 'Retail Banking', 1),
  (202, 2, 'BUSINESS_UNIT', 'LENDING', 'Lending', 2),
  (2011, 201, 'BUSINESS_FUNCTION', 'ACCOUNT_OPENING', 'Account Opening', 1),
  (2021, 202, 'BUSINESS_FUNCTION', 'LOAN_ORIGINATION', 'Loan Origination', 1),
  (20111, 2011, 'USE_CASE', 'KYC_VERIFICATION', 'Know-your-customer verification', 1),
  (20211, 2021, 'USE_CASE', 'INCOME_VERIFICATION', 'Income verification', 1),
  (20212, 2021, 'USE_CASE', 'LOAN_APPLICATION_FRAUD', 'Loan application fraud screening', 2),
  -- Logistics
  (301, 3, 'BUSINESS_UNIT', 'FLEET_OPERATIONS', 'Fleet Operations', 1),
  (302, 3, 'BUSINESS_UNIT', 'WAREHOUSING', 'Warehousing', 2),
  (3011, 301, 'BUSINESS_FUNCTION', 'DRIVER_MANAGEMENT', 'Driver Management', 1),
  (3021, 302, 'BUSINESS_FUNCTION', 'WORKFORCE', 'Workforce', 1),
  (30111, 3011, 'USE_CASE', 'DRIVER_ONBOARDING', 'Driver onboarding', 1),
  (30112, 3011, 'USE_CASE', 'CONTRACTOR_VETTING', 'Contractor vetting', 2),
  (30211, 3021, 'USE_CASE', 'PRE_EMPLOYMENT_SCREENING', 'Pre-employment screening', 1),
  (30212, 3021, 'USE_CASE', 'SAFETY_COMPLIANCE', 'Safety compliance review', 2),
  -- Public sector
  (401, 4, 'BUSINESS_UNIT', 'BENEFITS_ADMINISTRATION', 'Benefits Administration', 1),
  (4011, 401, 'BUSINESS_FUNCTION', 'ELIGIBILITY', 'Eligibility', 1),
  (40111, 4011, 'USE_CASE', 'BENEFIT_ELIGIBILITY_REVIEW', 'Benefit eligibility review', 1),
  (40112, 4011, 'USE_CASE', 'OVERPAYMENT_INVESTIGATION', 'Overpayment investigation', 2);

-- Tags a business line can carry (docs/product/project-lookups.md#business-lines "plus tags"); the console also accepts
-- its own tags for 'other'.
CREATE TABLE business_line_tags (
  value text PRIMARY KEY CHECK (value ~ '^[A-Z0-9_]+$'),
  label text NOT NULL,
  sequence integer NOT NULL
);
GRANT SELECT ON business_line_tags TO voxscreen_app;
INSERT INTO business_line_tags (value, label, sequence) VALUES
  ('FRAUD', 'Fraud', 1),
  ('COMPLIANCE', 'Compliance', 2),
  ('HIRING', 'Hiring', 3),
  ('SECURITY', 'Security', 4),
  ('OTHER', 'Other', 5);

-- Result-configuration templates of a tenant (docs/product/result-config.md#list, docs/product/result-config.md#modal):
-- a name and, per template type, the display rows of each result code. Written by the store function in
-- result-config-store.ts, which checks the shape.
CREATE TABLE result_config_templates (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  template_name text NOT NULL CHECK (length(btrim(template_name)) > 0),
  template_type jsonb NOT NULL CHECK (jsonb_typeof(template_type) = 'object'),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (id, tenant_id)
);
CREATE UNIQUE INDEX result_config_templates_name_key ON result_config_templates (tenant_id, lower(template_name));
-- The list: newest first.
CREATE INDEX result_config_templates_page_idx ON result_config_templates (tenant_id, created_at DESC, id DESC);
SELECT app_enable_tenant_rls('result_config_templates');

-- Error files of participant and result imports (docs/product/project-lookups.md#error-file-download 'Import Errors
-- File.txt', docs/product/project-lookups.md#error-file-download duplicates file), written by the import in its
-- transaction, downloaded by name and type.
CREATE TABLE import_error_files (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  error_type text NOT NULL CHECK (error_type IN ('participant', 'result')),
  file_name text NOT NULL CHECK (file_name ~ '^[A-Za-z0-9][A-Za-z0-9._ -]{0,199}$'),
  project_id integer,
  mime_type text NOT NULL,
  content bytea NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (tenant_id, error_type, file_name),
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE
);
SELECT app_enable_tenant_rls('import_error_files');
