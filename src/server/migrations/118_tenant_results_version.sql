-- The tenant's results version (issue 30, ADR 0148): beside the data version, which every write of the tenant moves,
-- a second counter moved only by the writes that can change which results a Results tab filter matches. The tab's
-- total (a count over every matching result, 1M on the benchmark project) and its search probe are kept under it, so
-- a note, a follow-up, an e-mail or an invitation no longer makes the next visitor count a million rows again.
--
-- What the count and the probe read (results-store.ts whereOf, app_result_search of migration 066):
--   * interview_results: which rows exist, and their tenant, project, participant, deleted, released, reviewed,
--     overall evaluation, completion time, IRN and access code;
--   * interview_question_results: which rows exist, and their result, question number and tenant;
--   * participants: which rows exist, and their tenant, project, names, language, creator, IRN and access code.
-- INSERT and DELETE always move it (a statement trigger, one call whatever the rows). UPDATE moves it only for a row
-- where one of those columns changed: a row trigger whose WHEN compares them, evaluated without calling a function
-- for the other rows (PostgreSQL allows no transition tables on a trigger with a column list, so the statement form
-- cannot be narrowed to columns). A participant's status or sent invitation, or a result's note, moves nothing here.
--
-- It moves once per transaction and tenant, like the data version (migration 104): the transaction-local mark
-- app.results_moved_<tenant> names the transaction that moved it. It only updates the tenant's version row, never
-- inserts it: the data version's trigger does, in the same statement (a row trigger fires before it), with results
-- version 1, and a missing row reads as 0, so a tenant's first write moves both. The announcement at commit follows
-- only the data version's column, so this adds no notification.
ALTER TABLE tenant_data_versions ADD COLUMN results_version bigint NOT NULL DEFAULT 1;

DROP TRIGGER tenant_data_version_announce ON tenant_data_versions;
CREATE CONSTRAINT TRIGGER tenant_data_version_announce AFTER INSERT OR UPDATE OF version ON tenant_data_versions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app_announce_tenant_data_version();

-- Tenants of a statement's rows, for the statement triggers on INSERT and DELETE.
CREATE FUNCTION app_move_tenants_results_version(tenants integer[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public SET plan_cache_mode = auto AS $$
DECLARE
  tenant integer;
  moved text := pg_current_xact_id()::text || '|';
BEGIN
  FOREACH tenant IN ARRAY coalesce(tenants, '{}') LOOP
    IF NOT coalesce(starts_with(current_setting('app.results_moved_' || tenant, true), moved), false) THEN
      UPDATE tenant_data_versions SET results_version = results_version + 1 WHERE tenant_id = tenant;
      PERFORM set_config('app.results_moved_' || tenant, moved, true);
    END IF;
  END LOOP;
END $$;

CREATE FUNCTION app_results_version_statement() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public SET plan_cache_mode = auto AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM app_move_tenants_results_version(
      (SELECT array_agg(DISTINCT tenant_id ORDER BY tenant_id) FROM new_rows WHERE tenant_id IS NOT NULL));
  ELSE
    PERFORM app_move_tenants_results_version(
      (SELECT array_agg(DISTINCT tenant_id ORDER BY tenant_id) FROM old_rows WHERE tenant_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;

-- A row whose read columns changed (the trigger's WHEN): its old and new tenant.
CREATE FUNCTION app_results_version_row() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public SET plan_cache_mode = auto AS $$
BEGIN
  PERFORM app_move_tenants_results_version(
    CASE WHEN OLD.tenant_id = NEW.tenant_id THEN ARRAY[NEW.tenant_id]
         ELSE ARRAY[least(OLD.tenant_id, NEW.tenant_id), greatest(OLD.tenant_id, NEW.tenant_id)] END);
  RETURN NULL;
END $$;

DO $$
DECLARE
  read_columns jsonb := jsonb_build_object(
    'interview_results', ARRAY['tenant_id', 'project_id', 'participant_id', 'deleted', 'released', 'reviewed',
                               'overall_evaluation', 'completed_at', 'interview_reference_number', 'access_code'],
    'interview_question_results', ARRAY['tenant_id', 'interview_result_id', 'sequence', 'result'],
    'participants', ARRAY['tenant_id', 'project_id', 'first_name', 'last_name', 'participant_language_id',
                          'created_by', 'interview_ref_num', 'access_code']);
  target text;
  changed text;
BEGIN
  FOR target IN SELECT jsonb_object_keys(read_columns) LOOP
    SELECT string_agg(format('OLD.%1$I IS DISTINCT FROM NEW.%1$I', c), ' OR ') INTO changed
      FROM jsonb_array_elements_text(read_columns -> target) AS c;
    EXECUTE format('CREATE TRIGGER tenant_results_version_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION app_results_version_statement()', target);
    EXECUTE format('CREATE TRIGGER tenant_results_version_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION app_results_version_statement()', target);
    EXECUTE format('CREATE TRIGGER tenant_results_version_update AFTER UPDATE ON %I FOR EACH ROW WHEN (%s) '
      'EXECUTE FUNCTION app_results_version_row()', target, changed);
  END LOOP;
END $$;
