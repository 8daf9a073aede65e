-- Participant guide page events (docs/product/results-intake.md#guide-logs "Guide log": sessionId, createTs, ipAddress,
-- buttonName, pageName), posted by the telephony platform through the intake (postGuideLogs,
-- docs/product/results-intake.md#guide-logs) and read by the participant detail modal's Participant Guide tab
-- (docs/product/participants.md#detail). Idempotent by the caller's event id within the tenant; the participant's
-- events go with the participant.
CREATE TABLE guide_logs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  project_id integer NOT NULL,
  participant_id bigint NOT NULL,
  event_id text NOT NULL,
  call_id text,
  session_id text NOT NULL,
  page_name text,
  button_name text,
  ip_address text,
  event_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE,
  FOREIGN KEY (participant_id, tenant_id) REFERENCES participants (id, tenant_id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX guide_logs_event_key ON guide_logs (tenant_id, event_id);
CREATE INDEX guide_logs_participant_idx ON guide_logs (tenant_id, participant_id, event_at);
SELECT app_enable_tenant_rls('guide_logs');
