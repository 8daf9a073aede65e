-- Approval of a project's questions (docs/product/project-questions.md#approval Questions,
-- docs/product/project-questions.md#approval Question, docs/product/project-questions.md#approval): who approved them
-- and when. One row per approved project; no row means not approved. A separate table rather than project columns, so
-- that a clone (which copies the project and its questions) starts unapproved and the project form never carries it.
-- The approver's name is kept as it was at approval time: the line 'Questions Approved by' names the person who
-- approved, even after the user is renamed or deleted (so approved_by_user_id has no foreign key).
CREATE TABLE project_question_approvals (
  tenant_id integer NOT NULL,
  project_id integer PRIMARY KEY,
  approved_by_user_id integer NOT NULL,
  approved_by_name text NOT NULL CHECK (length(btrim(approved_by_name)) > 0),
  approved_at timestamptz NOT NULL,
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE
);
CREATE INDEX project_question_approvals_tenant_idx ON project_question_approvals (tenant_id);
SELECT app_enable_tenant_rls('project_question_approvals');
