-- The View Codes list's first page at a project of 100,000 participants (issue 30, ADR 0230; docs/product/
-- access-codes.md): its rows are the pool's codes and the participants' own codes, newest first, and the statement
-- sorted every one of them for each page (473 ms of the embedded engine a page at the bench's project). Each part is
-- now cut in its own order before the two are merged; the pool's has its page index (migration 039), the
-- participants' gets this one: the codes of the visible participants of a project, live or test, by the code's date.
CREATE INDEX participants_code_page_idx ON participants
  (tenant_id, project_id, is_test_participant, (COALESCE(access_code_updated_at, created_at)) DESC, id DESC)
  WHERE NOT is_hidden AND access_code IS NOT NULL;
