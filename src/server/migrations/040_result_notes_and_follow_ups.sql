-- Project results: notes and outcome tracking (docs/product/project-results.md#notes "Interview result"
-- audioQualityControlError, "Follow-up"; docs/product/project-results.md#outcome-tracking;
-- docs/product/project-results.md#result-email "Results"; docs/product/project-results.md#notes, #outcome-tracking; ADR
-- 0047). Both tables are append-only: the app role may insert and read, never update or delete, so a history row is
-- never overwritten. The current note of a result is its newest note; the newest follow-up sets the result's outcome
-- badge (docs/product/project-results.md#outcome-tracking).
CREATE TABLE interview_result_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  interview_result_id bigint NOT NULL,
  note text NOT NULL CHECK (length(btrim(note)) BETWEEN 1 AND 2000),
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  FOREIGN KEY (interview_result_id, tenant_id) REFERENCES interview_results (id, tenant_id) ON DELETE CASCADE
);
CREATE INDEX interview_result_notes_result_idx ON interview_result_notes (interview_result_id, id DESC);
SELECT app_enable_tenant_rls('interview_result_notes', 'SELECT, INSERT');

CREATE TABLE interview_result_follow_ups (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  interview_result_id bigint NOT NULL,
  -- OUTCOME_TRACKING_ACTION and RESULT_FOLLOW_UP_STATUS ids of src/shared/outcome-rules.ts.
  outcome_tracking_action_id integer NOT NULL,
  follow_up_status_id integer,
  follow_up_date timestamptz NOT NULL,
  note text NOT NULL CHECK (length(btrim(note)) BETWEEN 1 AND 2000),
  -- A CURRENCY attribute id (tenant_attributes); the amount only with a currency, and always with one.
  currency_id integer,
  amount numeric(14, 2) CHECK (amount >= 0),
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  CHECK ((currency_id IS NULL) = (amount IS NULL)),
  FOREIGN KEY (interview_result_id, tenant_id) REFERENCES interview_results (id, tenant_id) ON DELETE CASCADE
);
CREATE INDEX interview_result_follow_ups_result_idx ON interview_result_follow_ups (interview_result_id, id DESC);
SELECT app_enable_tenant_rls('interview_result_follow_ups', 'SELECT, INSERT');

-- Result e-mails (docs/product/project-results.md#result-email interview/result/email;
-- docs/product/project-results.md#result-email): one row per message queued in the outbox for a result, so the list can
-- show the newest message's status (the email status column).
CREATE TABLE interview_result_emails (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  interview_result_id bigint NOT NULL,
  outbox_message_id bigint NOT NULL REFERENCES outbox_messages (id) ON DELETE CASCADE,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  FOREIGN KEY (interview_result_id, tenant_id) REFERENCES interview_results (id, tenant_id) ON DELETE CASCADE
);
CREATE INDEX interview_result_emails_result_idx ON interview_result_emails (interview_result_id, id DESC);
SELECT app_enable_tenant_rls('interview_result_emails', 'SELECT, INSERT');
