-- The View Codes search at a project of 100,000 participants (issue 30, ADR 0231; docs/product/access-codes.md#list).
-- The search matched any part of an IRN or code, so it compared every code of the project, pool and participants'
-- own, for the page and again for its count: 4.9 s at 10 connections embedded, 1.8 s on PostgreSQL, for one whole
-- code pasted. It now searches as every other list does (ADR 0073): an IRN or code by its key (case, spaces and
-- hyphens ignored, app_code_key), whole or from its start, read from indexes of the account.
--
-- The pool's codes get their key index; the participants' codes and IRNs have theirs (migration 066), and a pool code
-- is found by its participant's IRN through access_codes_participant_idx (migration 039).
CREATE INDEX access_codes_code_search_idx ON access_codes (tenant_id, app_code_key(access_code));

-- The ids of the View Codes rows of `project` that the key may match, read as the owner and kept to the operating
-- tenant by hand (row-level security keeps a function of a row from an index, ADR 0057): `match_part` 'pool' names a
-- pool code (by its code, or by the IRN of the participant it went to), 'participant' a participant (by its own code
-- or its IRN). Those equal to the key ('exact', by plans kept for the session, migration 128) and then nothing else;
-- otherwise those starting with it ('code', planned for the value: a prefix is a range of the key index only when the
-- planner sees it), at most `code_cap` + 1 of each branch. Callers keep the exact rule on the ids. No operating tenant
-- (the system role): none.
CREATE FUNCTION app_access_code_search(project bigint, key text, code_cap integer)
RETURNS TABLE (match_id bigint, match_how text, match_part text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public SET plan_cache_mode = force_generic_plan ROWS 100
AS $$
DECLARE
  tenant integer := app_search_tenant();
BEGIN
  IF tenant IS NULL OR key = '' THEN RETURN; END IF;
  RETURN QUERY
    (SELECT c.id, 'exact'::text, 'pool'::text FROM access_codes c
      WHERE c.tenant_id = tenant AND app_code_key(c.access_code) = key AND c.project_id = project
      LIMIT code_cap + 1)
    UNION ALL
    (SELECT c.id, 'exact'::text, 'pool'::text
       FROM participants p JOIN access_codes c ON c.tenant_id = tenant AND c.participant_id = p.id
      WHERE p.tenant_id = tenant AND app_code_key(p.interview_ref_num) = key AND p.project_id = project
      LIMIT code_cap + 1)
    UNION ALL
    (SELECT p.id, 'exact'::text, 'participant'::text FROM participants p
      WHERE p.tenant_id = tenant AND (app_code_key(p.access_code) = key OR app_code_key(p.interview_ref_num) = key)
        AND p.project_id = project AND NOT p.is_hidden AND p.access_code IS NOT NULL
      LIMIT code_cap + 1);
  IF FOUND THEN RETURN; END IF;
  RETURN QUERY EXECUTE
    '(SELECT c.id, ''code''::text, ''pool''::text FROM access_codes c
       WHERE c.tenant_id = $2 AND app_code_key(c.access_code) ^@ $1 AND c.project_id = $4 LIMIT $3)
     UNION ALL
     (SELECT c.id, ''code''::text, ''pool''::text
        FROM participants p JOIN access_codes c ON c.tenant_id = $2 AND c.participant_id = p.id
       WHERE p.tenant_id = $2 AND app_code_key(p.interview_ref_num) ^@ $1 AND p.project_id = $4 LIMIT $3)
     UNION ALL
     (SELECT p.id, ''code''::text, ''participant''::text FROM participants p
       WHERE p.tenant_id = $2 AND (app_code_key(p.access_code) ^@ $1 OR app_code_key(p.interview_ref_num) ^@ $1)
         AND p.project_id = $4 AND NOT p.is_hidden AND p.access_code IS NOT NULL LIMIT $3)'
    USING key, tenant, code_cap + 1, project;
END $$;

-- The planner's statistics of the new index expression (the embedded database has no autovacuum to gather them).
ANALYZE access_codes;

REVOKE EXECUTE ON FUNCTION app_access_code_search(bigint, text, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_access_code_search(bigint, text, integer) TO voxscreen_app;
