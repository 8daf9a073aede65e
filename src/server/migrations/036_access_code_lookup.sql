-- The intake names a participant by the access code as a caller keys it in: digits and letters, without the
-- separators codes are shown with ('123-456-789', 'P1-A0000001'). This index serves that comparison
-- (execution-service intake-store.ts findCaller; docs/product/results-intake.md#authorize).
CREATE INDEX participants_access_code_keyed_idx
  ON participants (tenant_id, (regexp_replace(access_code, '[[:space:]-]', '', 'g')));
