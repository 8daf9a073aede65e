-- Issue 11: a message that carries a one-time credential (set-password and reset links) keeps it only until it
-- is sent or given up on; the dispatcher then replaces the credential in its bodies with [redacted].
ALTER TABLE outbox_messages ADD COLUMN redact_after_send boolean NOT NULL DEFAULT false;

-- Messages sent before this migration: the same redaction for the two kinds that carry password links.
UPDATE outbox_messages
SET
  redact_after_send = true,
  body_text = regexp_replace(body_text, '([?&](amp;)?token=)[^&#[:space:]"''<>]*', '\1[redacted]', 'g'),
  body_html = regexp_replace(body_html, '([?&](amp;)?token=)[^&#[:space:]"''<>]*', '\1[redacted]', 'g')
WHERE template_type IN ('PASSWORD_RESET', 'USER_INVITATION') AND (status = 'sent' OR attempts >= 5);
UPDATE outbox_messages SET redact_after_send = true
WHERE template_type IN ('PASSWORD_RESET', 'USER_INVITATION');
