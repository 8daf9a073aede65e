-- The execution-service intake (issue 14, ADR 0034, docs/product/results-intake.md): what the telephony platform
-- posts about interviews (call records, interview results, incomplete calls), the raw log of every accepted
-- post, and the caller-given request ids that make a replayed post change nothing.

-- IRN blocking (docs/product/project-form.md#fields flags block_irn_on_call_logs, unblock_irn_after_nc_result,
-- unblock_irn_after_dc_result, retake_restricted_24_hours): whether the participant may take the questionnaire now, and
-- when they last did.
ALTER TABLE participants
  ADD COLUMN is_allowed_questionnaire boolean NOT NULL DEFAULT true,
  ADD COLUMN last_interview_at timestamptz;

CREATE TABLE call_records (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  project_id integer NOT NULL,
  participant_id bigint,
  call_id text NOT NULL,
  interview_reference_number text,
  access_code text,
  call_at timestamptz NOT NULL,
  dial_in_number text,
  duration_seconds integer NOT NULL CHECK (duration_seconds >= 0),
  dtmfs text,
  provider_name text,
  caller_number text,
  destination_number text,
  created_at timestamptz NOT NULL,
  UNIQUE (id, tenant_id),
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE,
  FOREIGN KEY (participant_id, tenant_id) REFERENCES participants (id, tenant_id) ON DELETE SET NULL (participant_id)
);
CREATE UNIQUE INDEX call_records_call_id_key ON call_records (tenant_id, call_id);
CREATE INDEX call_records_tenant_time_idx ON call_records (tenant_id, call_at DESC, id DESC);
CREATE INDEX call_records_participant_idx ON call_records (tenant_id, participant_id, call_at);
SELECT app_enable_tenant_rls('call_records');

CREATE TABLE incomplete_calls (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  project_id integer NOT NULL,
  participant_id bigint,
  interview_reference_number text,
  access_code text,
  caller_id text,
  interrupt_code text NOT NULL,
  call_at timestamptz NOT NULL,
  duration_seconds integer NOT NULL CHECK (duration_seconds >= 0),
  interview_result_id bigint,
  created_at timestamptz NOT NULL,
  UNIQUE (id, tenant_id),
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE,
  FOREIGN KEY (participant_id, tenant_id) REFERENCES participants (id, tenant_id) ON DELETE SET NULL (participant_id),
  FOREIGN KEY (interview_result_id, tenant_id) REFERENCES interview_results (id, tenant_id)
    ON DELETE SET NULL (interview_result_id)
);
CREATE INDEX incomplete_calls_tenant_time_idx ON incomplete_calls (tenant_id, call_at DESC, id DESC);
SELECT app_enable_tenant_rls('incomplete_calls');

-- The backend data log (docs/product/results-intake.md#backend-data-log "Backend log record";
-- docs/product/project-form.md#fields "Backend data"): every accepted intake post as it arrived, with the caller's run
-- id. A repost replays it through the same write path.
CREATE TABLE backend_data_logs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('RESULT', 'CALL_RECORD', 'INCOMPLETE_CALL')),
  project_id integer,
  participant_id bigint,
  run_id text NOT NULL,
  payload jsonb NOT NULL,
  uploaded_at timestamptz NOT NULL,
  UNIQUE (id, tenant_id),
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE,
  FOREIGN KEY (participant_id, tenant_id) REFERENCES participants (id, tenant_id) ON DELETE SET NULL (participant_id)
);
CREATE INDEX backend_data_logs_tenant_time_idx ON backend_data_logs (tenant_id, uploaded_at DESC, id DESC);
CREATE INDEX backend_data_logs_participant_idx ON backend_data_logs (tenant_id, participant_id, uploaded_at);
SELECT app_enable_tenant_rls('backend_data_logs', 'SELECT, INSERT');

-- Idempotency: one row per caller-given request id and tenant, with a hash of the body and the answer given.
CREATE TABLE intake_requests (
  tenant_id integer NOT NULL,
  request_id text NOT NULL,
  kind text NOT NULL,
  body_hash text NOT NULL,
  answer jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, request_id)
);
SELECT app_enable_tenant_rls('intake_requests', 'SELECT, INSERT, UPDATE');

-- Interview results keep the call they came from (the question detail and the recording find it by this).
ALTER TABLE interview_results ADD COLUMN call_id text;
