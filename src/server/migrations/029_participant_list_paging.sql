-- The participants list at 100k rows (issue 13, ADR 0037, docs/product/participants.md#list): the list always
-- narrows to one project, visible rows (NOT is_hidden) and one side of the test toggle, then pages in one of
-- its sort orders with a keyset (sort value, id). These partial indexes match that prefix and order exactly, so
-- the first page, a deep keyset page and the count read only the rows they need.
CREATE INDEX participants_list_created_idx ON participants (tenant_id, project_id, is_test_participant,
  created_at DESC, id DESC) WHERE NOT is_hidden;
CREATE INDEX participants_list_irn_idx ON participants (tenant_id, project_id, is_test_participant,
  (COALESCE(interview_ref_num, '')), id) WHERE NOT is_hidden;
CREATE INDEX participants_list_status_idx ON participants (tenant_id, project_id, is_test_participant, status, id)
  WHERE NOT is_hidden;
