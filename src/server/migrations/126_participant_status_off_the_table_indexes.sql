-- A participant's status change writes no index of participants (issue 30, ADR 0176): a heap-only (HOT) update.
--
-- The bulk invite changes every invitee's status twice (INVITATION_SCHEDULED at the call, INVITATION_SENT or
-- UNDELIVERED at the outcome) and the intake changes it as a call goes (ATTEMPTED_*, INTERVIEWED). PostgreSQL can
-- write an updated row without touching any index only when no indexed column changed (key, INCLUDE, expression or
-- partial-index predicate) and the new version fits on the old one's page. `status` was in two of the table's 16
-- indexes (participants_list_status_idx of migration 029, participants_project_status_idx of 005), so every status
-- change wrote all 16, two of them trigram GIN (ADR 0172: two thirds of the embedded invite's engine time).
-- What a status change writes besides it: updated_at, email/sms_sent and email/sms_pending, none of them indexed.
--
-- 1. The status lives on in one narrow side table, participant_list_statuses: a row a participant with the columns
--    the list's fixed prefix reads (tenant, project, test side, hidden) and its status, kept by statement triggers
--    on participants in the statement that writes them. Its partial index is the old list index's order (tenant,
--    project, test side, status, id) for the list sorted by status and for a status filter (a semi-join). A status
--    change updates its row there: two small B-tree entries instead of sixteen.
-- 2. The two indexes with `status` are dropped; participants_project_page_idx (005) and participants_list_created_idx
--    (029) already hold the newest-first order the status index also served.
-- 3. fillfactor 50: a bulk invite changes every row of a page in one statement (the call) or one batch (the outcome),
--    and each new version needs room on its page until the statement's transaction ends; half a page free lets all of
--    them stay. Rows written from now on get it (the seed, imports, every non-HOT move); existing rows when rewritten.
--    Without it, a page's updates past its free room move to other pages and write every index again.
ALTER TABLE participants SET (fillfactor = 50);

CREATE TABLE participant_list_statuses (
  participant_id bigint PRIMARY KEY,
  tenant_id integer NOT NULL,
  project_id integer NOT NULL,
  is_test_participant boolean NOT NULL,
  is_hidden boolean NOT NULL,
  status text NOT NULL
);
CREATE INDEX participant_list_statuses_list_idx ON participant_list_statuses
  (tenant_id, project_id, is_test_participant, status, participant_id) WHERE NOT is_hidden;
SELECT app_enable_tenant_rls('participant_list_statuses');

INSERT INTO participant_list_statuses (participant_id, tenant_id, project_id, is_test_participant, is_hidden, status)
  SELECT id, tenant_id, project_id, is_test_participant, is_hidden, status FROM participants;

CREATE FUNCTION app_participant_list_statuses_insert() RETURNS trigger
LANGUAGE plpgsql SET plan_cache_mode = auto AS $$
BEGIN
  INSERT INTO participant_list_statuses (participant_id, tenant_id, project_id, is_test_participant, is_hidden, status)
    SELECT id, tenant_id, project_id, is_test_participant, is_hidden, status FROM new_rows;
  RETURN NULL;
END $$;

-- Only the rows where a copied column changed (a name, an e-mail flag or a code writes nothing here).
CREATE FUNCTION app_participant_list_statuses_update() RETURNS trigger
LANGUAGE plpgsql SET plan_cache_mode = auto AS $$
BEGIN
  UPDATE participant_list_statuses s
    SET tenant_id = n.tenant_id, project_id = n.project_id, is_test_participant = n.is_test_participant,
        is_hidden = n.is_hidden, status = n.status
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE s.participant_id = n.id
      AND (n.tenant_id, n.project_id, n.is_test_participant, n.is_hidden, n.status)
          IS DISTINCT FROM (o.tenant_id, o.project_id, o.is_test_participant, o.is_hidden, o.status);
  RETURN NULL;
END $$;

CREATE FUNCTION app_participant_list_statuses_delete() RETURNS trigger
LANGUAGE plpgsql SET plan_cache_mode = auto AS $$
BEGIN
  DELETE FROM participant_list_statuses s USING old_rows o WHERE s.participant_id = o.id;
  RETURN NULL;
END $$;

CREATE TRIGGER participant_list_statuses_insert AFTER INSERT ON participants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_participant_list_statuses_insert();
CREATE TRIGGER participant_list_statuses_update AFTER UPDATE ON participants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION app_participant_list_statuses_update();
CREATE TRIGGER participant_list_statuses_delete AFTER DELETE ON participants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_participant_list_statuses_delete();

DROP INDEX participants_list_status_idx;
DROP INDEX participants_project_status_idx;
