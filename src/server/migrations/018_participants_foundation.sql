-- Participants foundation (issue 13, docs/product/participants.md): the participant fields of
-- docs/product/participants.md#fields that the core table lacked, and a status history that no write path can forget.
ALTER TABLE participants
  ADD COLUMN uuid uuid NOT NULL DEFAULT gen_random_uuid(),
  ADD COLUMN created_by integer REFERENCES users (id),
  ADD COLUMN timezone_id text,
  ADD COLUMN additional_description text,
  -- "Hide Selected Participants" (system tenant only): hidden rows leave every list, selection and export.
  ADD COLUMN is_hidden boolean NOT NULL DEFAULT false,
  -- Sent flags of docs/product/participants.md#fields: true sent, false failed, null none yet; *_pending while an
  -- invitation is scheduled.
  ADD COLUMN email_sent boolean,
  ADD COLUMN sms_sent boolean,
  ADD COLUMN email_pending boolean NOT NULL DEFAULT false,
  ADD COLUMN sms_pending boolean NOT NULL DEFAULT false,
  ADD COLUMN access_code_updated_at timestamptz;

CREATE UNIQUE INDEX participants_uuid_key ON participants (uuid);
CREATE INDEX participants_project_created_by_idx ON participants (tenant_id, project_id, created_by);

-- Participant status history (the detail modal's "Participant status" tab). Written by a trigger so that every
-- path that creates a participant or changes its status (console, import, invitations, intake) records it.
CREATE TABLE participant_status_logs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  participant_id bigint NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (participant_id, tenant_id) REFERENCES participants (id, tenant_id) ON DELETE CASCADE
);
CREATE INDEX participant_status_logs_participant_idx ON participant_status_logs (tenant_id, participant_id, created_at, id);
SELECT app_enable_tenant_rls('participant_status_logs', 'SELECT, INSERT, DELETE');

-- Statement-level with transition tables: a 50,000-row import logs its statuses in one INSERT.
CREATE FUNCTION app_log_participant_status_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO participant_status_logs (tenant_id, participant_id, status, created_at)
    SELECT tenant_id, id, status, created_at FROM new_rows;
  RETURN NULL;
END $$;

CREATE FUNCTION app_log_participant_status_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO participant_status_logs (tenant_id, participant_id, status, created_at)
    SELECT n.tenant_id, n.id, n.status, n.updated_at
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.status IS DISTINCT FROM o.status;
  RETURN NULL;
END $$;

CREATE TRIGGER participants_status_log_insert AFTER INSERT ON participants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_log_participant_status_insert();
CREATE TRIGGER participants_status_log_update AFTER UPDATE ON participants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION app_log_participant_status_update();
