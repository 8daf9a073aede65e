-- Invitations as jobs (issue 13, ADR 0044, docs/product/participants.md#invitations): a bulk invite (or a
-- reminder sweep) is one invitation job; its recipients are rows of participant_invitations written when the job
-- is queued, and a worker turns them into outbox messages batch by batch. The key (job, participant, channel) is
-- the idempotency key: a row gets its outbox message in the same transaction that marks it, so a job resumed after
-- a restart never sends a message twice.
CREATE TABLE invitation_jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  project_id integer NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  kind text NOT NULL DEFAULT 'invite' CHECK (kind IN ('invite', 'reminder')),
  -- Recipients (rows of participant_invitations); processed: those whose message is queued or given no action.
  total integer NOT NULL CHECK (total >= 0),
  processed integer NOT NULL DEFAULT 0 CHECK (processed >= 0),
  -- Selected participants that were not eligible when the job was queued (reported as "no action").
  no_action integer NOT NULL DEFAULT 0 CHECK (no_action >= 0),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done')),
  created_by integer REFERENCES users (id),
  created_at timestamptz NOT NULL,
  finished_at timestamptz,
  UNIQUE (id, tenant_id),
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE
);
CREATE INDEX invitation_jobs_project_idx ON invitation_jobs (tenant_id, project_id, created_at DESC);
SELECT app_enable_tenant_rls('invitation_jobs');

CREATE TABLE participant_invitations (
  tenant_id integer NOT NULL,
  invitation_job_id bigint NOT NULL,
  participant_id bigint NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  -- The status before the invitation was scheduled: a participant invited before becomes RESENT, else SENT.
  previous_status text NOT NULL,
  -- pending: not yet in the outbox or not yet delivered; sent / undelivered: the outbox's final word;
  -- no_action: no longer eligible when the worker reached it.
  outcome text NOT NULL DEFAULT 'pending' CHECK (outcome IN ('pending', 'sent', 'undelivered', 'no_action')),
  outbox_message_id bigint REFERENCES outbox_messages (id),
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  -- Set when a reminder of this invitation is queued (one reminder per invitation).
  reminded_at timestamptz,
  PRIMARY KEY (invitation_job_id, participant_id, channel),
  FOREIGN KEY (invitation_job_id, tenant_id) REFERENCES invitation_jobs (id, tenant_id) ON DELETE CASCADE,
  FOREIGN KEY (participant_id, tenant_id) REFERENCES participants (id, tenant_id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX participant_invitations_outbox_key ON participant_invitations (outbox_message_id);
CREATE INDEX participant_invitations_participant_idx ON participant_invitations (tenant_id, participant_id);
CREATE INDEX participant_invitations_unqueued_idx ON participant_invitations (invitation_job_id, participant_id)
  WHERE outbox_message_id IS NULL AND outcome = 'pending';
CREATE INDEX participant_invitations_remindable_idx ON participant_invitations (sent_at)
  WHERE outcome = 'sent' AND reminded_at IS NULL;
SELECT app_enable_tenant_rls('participant_invitations');

-- Delivery events of outbox messages (the tracking tabs): the dispatcher records what the transport reports
-- (the local transport: processed/delivered for e-mail, queued/sent/delivered for SMS) and every failure.
CREATE TABLE outbox_delivery_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer REFERENCES tenants (id),
  outbox_message_id bigint NOT NULL REFERENCES outbox_messages (id),
  event text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL
);
CREATE INDEX outbox_delivery_events_message_idx ON outbox_delivery_events (outbox_message_id, id);
SELECT app_enable_tenant_rls('outbox_delivery_events', 'SELECT, INSERT');
