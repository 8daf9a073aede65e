-- Which outbox messages went to which participant (issue 13, docs/product/participants.md#detail): the detail
-- modal's SMS Tracking and Email Tracking tabs read the delivery state of these messages from the outbox. The
-- participant-service writes a row in the transaction that queues the message (recordParticipantMessage).
CREATE TABLE participant_messages (
  tenant_id integer NOT NULL,
  participant_id bigint NOT NULL,
  outbox_message_id bigint NOT NULL REFERENCES outbox_messages (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, outbox_message_id),
  FOREIGN KEY (participant_id, tenant_id) REFERENCES participants (id, tenant_id) ON DELETE CASCADE
);
CREATE INDEX participant_messages_participant_idx ON participant_messages (tenant_id, participant_id, created_at);
SELECT app_enable_tenant_rls('participant_messages', 'SELECT, INSERT, DELETE');
