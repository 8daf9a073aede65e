-- Core domain: project stage/status attributes, questions, participants, orders, interview results with their
-- per-question results, result rollups, communication templates.
--
-- Sized for a tenant with 100k participants and 1M results:
-- - every list has a composite index that matches its sort, ending in the primary key, for keyset paging;
-- - dashboard and project-card figures read result_rollups / question_result_rollups, which the one write path
--   (recordInterviewResults) keeps in the same transaction as the result rows. They are counts of stored rows,
--   not hand-kept counters: verifyResultRollups recomputes them from interview_results and reports any drift.
-- - child tables carry tenant_id and reference their parent by (id, tenant_id), so a row can never point into
--   another tenant, and row-level security applies to each table on its own.

-- Stage and status values of projects, per tenant and language (lookup types STATUS and STAGE, ordered by
-- sequence). Stage sequence 3 is execution and 4 is complete (docs/product/project-list.md#stages); status sequence 1
-- is Active.
CREATE TABLE project_attributes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  attribute_type text NOT NULL CHECK (attribute_type IN ('STATUS', 'STAGE')),
  attribute_id integer NOT NULL,
  language_id integer NOT NULL REFERENCES languages (id),
  description text NOT NULL CHECK (length(btrim(description)) > 0),
  sequence integer NOT NULL,
  active boolean NOT NULL DEFAULT true,
  UNIQUE (tenant_id, attribute_type, attribute_id, language_id)
);
CREATE INDEX project_attributes_lookup_idx ON project_attributes (tenant_id, language_id, attribute_type, sequence);
SELECT app_enable_tenant_rls('project_attributes');

ALTER TABLE projects
  ADD COLUMN status_id integer,
  ADD COLUMN stage_id integer,
  ADD COLUMN description text,
  ADD COLUMN questionnaire_type text NOT NULL DEFAULT 'PRECISION_QUESTIONNAIRE'
    CHECK (questionnaire_type IN ('PRECISION_QUESTIONNAIRE', 'EXPRESS_QUESTIONNAIRE', 'HYBRID_QUESTIONNAIRE',
      'PRECISION_RED_GREEN_QUESTIONNAIRE', 'SURGE_QUESTIONNAIRE', 'PROTECT_QUESTIONNAIRE')),
  ADD CONSTRAINT projects_id_tenant_key UNIQUE (id, tenant_id);
CREATE INDEX projects_tenant_filter_idx ON projects (tenant_id, status_id, stage_id);

CREATE TABLE project_languages (
  tenant_id integer NOT NULL,
  project_id integer NOT NULL,
  language_id integer NOT NULL REFERENCES languages (id),
  PRIMARY KEY (project_id, language_id),
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE
);
CREATE INDEX project_languages_tenant_idx ON project_languages (tenant_id);
SELECT app_enable_tenant_rls('project_languages');

CREATE TABLE project_questions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  project_id integer NOT NULL,
  question_text text NOT NULL CHECK (length(btrim(question_text)) > 0),
  is_pertinant boolean NOT NULL DEFAULT true,
  sequence integer NOT NULL,
  expected_answer text NOT NULL DEFAULT 'No' CHECK (expected_answer IN ('Yes', 'No', 'Narr')),
  pre_interview boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  UNIQUE (id, tenant_id),
  UNIQUE (id, project_id),
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE
);
CREATE INDEX project_questions_project_idx ON project_questions (tenant_id, project_id, sequence, id);
SELECT app_enable_tenant_rls('project_questions');

CREATE TABLE participants (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  project_id integer NOT NULL,
  interview_ref_num text,
  first_name text,
  last_name text,
  email text,
  phone_number text,
  participant_language_id integer REFERENCES languages (id),
  status text NOT NULL DEFAULT 'NEW_PARTICIPANT' CHECK (status IN ('NEW_PARTICIPANT', 'INVITATION_SCHEDULED',
    'INVITATION_SENT', 'INVITATION_RESENT', 'NON_RESPONSIVE_PARTICIPANT', 'ATTEMPTED_INCOMPLETE', 'ATTEMPTED_PARTIAL',
    'UNDELIVERED', 'INTERVIEWED', 'RESULT_PUBLISHED', 'ARCHIVED')),
  is_test_participant boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  access_code text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (id, tenant_id),
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE
);
-- Participant list: newest first, keyset on (created_at, id); filters by status narrow the same prefix.
CREATE INDEX participants_project_page_idx ON participants (tenant_id, project_id, created_at DESC, id DESC);
CREATE INDEX participants_project_status_idx ON participants (tenant_id, project_id, status, created_at DESC, id DESC);
CREATE UNIQUE INDEX participants_irn_key ON participants (tenant_id, project_id, interview_ref_num)
  WHERE interview_ref_num IS NOT NULL;
CREATE UNIQUE INDEX participants_access_code_key ON participants (tenant_id, access_code) WHERE access_code IS NOT NULL;
SELECT app_enable_tenant_rls('participants');

-- Orders of calls (docs/product/admin-orders.md#current-order). The current order of a tenant is its Active order with
-- the latest start date on or before today; each result is counted against the order that was current when it was
-- recorded.
CREATE TABLE orders (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  order_number text NOT NULL CHECK (order_number ~ '^[0-9]+$'),
  start_date date NOT NULL,
  end_date date NOT NULL,
  number_of_calls integer NOT NULL CHECK (number_of_calls >= 0),
  order_status text NOT NULL CHECK (order_status IN ('Active', 'Inactive', 'Complete')),
  created_at timestamptz NOT NULL,
  CHECK (end_date >= start_date),
  UNIQUE (id, tenant_id)
);
CREATE UNIQUE INDEX orders_tenant_number_key ON orders (tenant_id, order_number);
CREATE INDEX orders_tenant_current_idx ON orders (tenant_id, order_status, start_date DESC, id DESC);
SELECT app_enable_tenant_rls('orders');

-- Interview results as the execution-service receives them. overall_evaluation codes:
-- docs/product/platform.md#evaluation-codes.
CREATE TABLE interview_results (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  project_id integer NOT NULL,
  participant_id bigint NOT NULL,
  order_id integer,
  interview_reference_number text,
  access_code text,
  overall_evaluation text NOT NULL
    CHECK (overall_evaluation IN ('LR', 'AR', 'PR', 'HR', 'CM', 'AD', 'NC', 'PD', 'RJ', 'DC', 'NP', 'R', 'G')),
  completed_at timestamptz NOT NULL,
  released boolean NOT NULL DEFAULT true,
  deleted boolean NOT NULL DEFAULT false,
  reviewed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  UNIQUE (id, tenant_id),
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE,
  FOREIGN KEY (participant_id, tenant_id) REFERENCES participants (id, tenant_id) ON DELETE CASCADE,
  FOREIGN KEY (order_id, tenant_id) REFERENCES orders (id, tenant_id)
);
-- Results list of a project: newest first, keyset on (completed_at, id).
CREATE INDEX interview_results_project_page_idx ON interview_results (tenant_id, project_id, completed_at DESC, id DESC);
CREATE INDEX interview_results_participant_idx ON interview_results (participant_id);
CREATE INDEX interview_results_order_idx ON interview_results (order_id) WHERE order_id IS NOT NULL;
SELECT app_enable_tenant_rls('interview_results');

CREATE TABLE interview_question_results (
  tenant_id integer NOT NULL,
  interview_result_id bigint NOT NULL,
  project_question_id integer NOT NULL,
  sequence integer NOT NULL,
  result text NOT NULL
    CHECK (result IN ('LR', 'AR', 'PR', 'HR', 'CM', 'AD', 'NC', 'PD', 'RJ', 'DC', 'NP', 'R', 'G')),
  transcription text,
  PRIMARY KEY (interview_result_id, sequence),
  FOREIGN KEY (interview_result_id, tenant_id) REFERENCES interview_results (id, tenant_id) ON DELETE CASCADE,
  FOREIGN KEY (project_question_id, tenant_id) REFERENCES project_questions (id, tenant_id)
);
CREATE INDEX interview_question_results_question_idx ON interview_question_results (project_question_id);
SELECT app_enable_tenant_rls('interview_question_results');

-- Non-deleted results per project, order (null: recorded while no order was current), UTC month and overall
-- evaluation. Written only by recordInterviewResults, in the transaction that inserts the results.
CREATE TABLE result_rollups (
  tenant_id integer NOT NULL,
  project_id integer NOT NULL,
  order_id integer,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  overall_evaluation text NOT NULL,
  result_count bigint NOT NULL CHECK (result_count >= 0),
  CONSTRAINT result_rollups_key UNIQUE NULLS NOT DISTINCT (tenant_id, project_id, order_id, month, overall_evaluation),
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE,
  FOREIGN KEY (order_id, tenant_id) REFERENCES orders (id, tenant_id)
);
CREATE INDEX result_rollups_tenant_month_idx ON result_rollups (tenant_id, month);
CREATE INDEX result_rollups_tenant_order_idx ON result_rollups (tenant_id, order_id);
SELECT app_enable_tenant_rls('result_rollups');

-- Non-deleted per-question results per question and result code (the project card's Question Results bars).
CREATE TABLE question_result_rollups (
  tenant_id integer NOT NULL,
  project_id integer NOT NULL,
  project_question_id integer NOT NULL,
  result text NOT NULL,
  result_count bigint NOT NULL CHECK (result_count >= 0),
  PRIMARY KEY (project_question_id, result),
  FOREIGN KEY (project_question_id, tenant_id) REFERENCES project_questions (id, tenant_id) ON DELETE CASCADE,
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE
);
CREATE INDEX question_result_rollups_project_idx ON question_result_rollups (tenant_id, project_id);
SELECT app_enable_tenant_rls('question_result_rollups');

-- Email and SMS templates of a project, one per project, type and language
-- (docs/product/communication-templates.md#screen and docs/product/communication-templates.md#calls).
CREATE TABLE communication_templates (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  project_id integer NOT NULL,
  template_type text NOT NULL CHECK (template_type IN ('TEST_INVITATION_EMAIL', 'TEST_INVITATION_SMS')),
  language_id integer NOT NULL REFERENCES languages (id),
  template_name text,
  description text,
  email_subject text,
  template_content text NOT NULL DEFAULT '',
  sms_sender text CHECK (sms_sender IN ('ALPHANUMERIC_NUMBER', 'PHONE_NUMBER')),
  sms_provider text,
  updated_at timestamptz NOT NULL,
  UNIQUE (project_id, template_type, language_id),
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE
);
CREATE INDEX communication_templates_tenant_idx ON communication_templates (tenant_id, project_id);
SELECT app_enable_tenant_rls('communication_templates');

-- The placeholders a template type allows; default ones may also appear in an e-mail subject
-- (docs/product/communication-templates.md#placeholders).
CREATE TABLE template_placeholders (
  template_type text NOT NULL CHECK (template_type IN ('TEST_INVITATION_EMAIL', 'TEST_INVITATION_SMS')),
  placeholder text NOT NULL CHECK (placeholder ~ '^[A-Za-z_][A-Za-z0-9_]*$'),
  is_default_placeholder boolean NOT NULL,
  PRIMARY KEY (template_type, placeholder)
);
INSERT INTO template_placeholders (template_type, placeholder, is_default_placeholder) VALUES
  ('TEST_INVITATION_EMAIL', 'first_name', true),
  ('TEST_INVITATION_EMAIL', 'last_name', true),
  ('TEST_INVITATION_EMAIL', 'project_name', true),
  ('TEST_INVITATION_EMAIL', 'access_code', false),
  ('TEST_INVITATION_EMAIL', 'dial_in_number', false),
  ('TEST_INVITATION_EMAIL', 'interview_ref_num', false),
  ('TEST_INVITATION_SMS', 'first_name', true),
  ('TEST_INVITATION_SMS', 'access_code', false),
  ('TEST_INVITATION_SMS', 'dial_in_number', false);
GRANT SELECT ON template_placeholders TO voxscreen_app;
