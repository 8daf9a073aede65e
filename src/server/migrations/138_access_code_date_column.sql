-- A deep View Codes page starts after a kept cut or from the list's far end (issue 30, ADR 0232; docs/product/
-- access-codes.md#list). A participant's own code is dated COALESCE(access_code_updated_at, created_at), and migration
-- 136's page index is over that expression: it serves the order, but row-level security keeps a bound on it from being
-- an index condition (a COALESCE counts as leaky to the planner, ADR 0057), so a page after a cut walked every code
-- before it. The date is now a stored column, which a bound reaches like any column; the index is the same over it.
ALTER TABLE participants
  ADD COLUMN access_code_date timestamptz GENERATED ALWAYS AS (COALESCE(access_code_updated_at, created_at)) STORED;

DROP INDEX participants_code_page_idx;
CREATE INDEX participants_code_page_idx ON participants
  (tenant_id, project_id, is_test_participant, access_code_date DESC, id DESC)
  WHERE NOT is_hidden AND access_code IS NOT NULL;

ANALYZE participants;
