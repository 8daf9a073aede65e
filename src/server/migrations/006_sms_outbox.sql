-- SMS in the outbox carry the sender type and provider of their template
-- (docs/product/communication-templates.md#test-message), for the provider adapter.
ALTER TABLE outbox_messages
  ADD COLUMN sms_sender text CHECK (sms_sender IN ('ALPHANUMERIC_NUMBER', 'PHONE_NUMBER')),
  ADD COLUMN sms_provider text,
  ADD CONSTRAINT outbox_messages_sms_fields CHECK (channel = 'sms' OR (sms_sender IS NULL AND sms_provider IS NULL));
