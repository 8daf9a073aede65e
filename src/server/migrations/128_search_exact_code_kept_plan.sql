-- A whole code's lookup keeps its plan (ADR 0190, issue 30: "an exact access code or IRN ... an equality lookup on
-- the normalised key, before any trigram probe"). The search functions of migrations 066 and 107 read every query by
-- EXECUTE, planned for its values on each call: right for a prefix (`^@` is a range of the key index only when the
-- planner sees the text) and for the trigram probes, but a whole code's equality lookup was planned afresh on every
-- first read of a code, about half of what the function cost the embedded engine (0.54 ms against 0.28 ms for the
-- same lookup kept as a generic plan, ADR 0184). Its plan does not depend on the code: the key indexes
-- (tenant_id, app_code_key(...)) serve any value alike.
--
-- So each search function reads the equal keys of the operating tenant as a static query: PL/pgSQL prepares it once a
-- session and keeps it, and the function runs under plan_cache_mode = force_generic_plan, so its first call makes the
-- generic plan and every later call reuses it (under `auto`, PostgreSQL's first five calls would each be planned).
-- Only static statements follow the function's setting here: the prefixes and texts still go by EXECUTE in
-- app_code_matches and app_text_matches, each declared plan_cache_mode = auto, so they are planned for their values
-- as before. The system role (no tenant: every tenant, the provider's read across accounts) reads the equal keys
-- as before, by EXECUTE (`tenant_id = $2` is left out there, a plan no index serves either way).
--
-- Answers are unchanged: 'exact' rows (and then nothing else) when a key equals the text; otherwise the codes from
-- their start and the texts, as migration 066 says.

-- The ids of `key_sql` (as in 066's app_code_matches: %1$s is the comparison with the key, $1; $2 the tenant, NULL
-- for every tenant; $3 the cap + 1): with `equal`, those whose keys equal the key, as 'exact', and then nothing else
-- when there are any; then those whose keys start with it, as 'code'. A caller that has read the equal keys itself
-- (and found none) passes `equal` false.
CREATE FUNCTION app_code_matches(key_sql text, key text, cap integer, equal boolean)
RETURNS TABLE (match_id bigint, match_how text)
LANGUAGE plpgsql STABLE SET search_path = public SET plan_cache_mode = auto AS $$
BEGIN
  IF equal THEN
    RETURN QUERY EXECUTE 'SELECT id, ''exact''::text FROM (' || format(key_sql, '= $1') || ') AS m'
      USING key, app_search_tenant(), cap + 1;
    IF FOUND THEN RETURN; END IF;
  END IF;
  RETURN QUERY EXECUTE 'SELECT id, ''code''::text FROM (' || format(key_sql, '^@ $1') || ') AS m'
    USING key, app_search_tenant(), cap + 1;
END $$;

CREATE OR REPLACE FUNCTION app_result_search(pattern text, key text, access_codes boolean, code_cap integer,
                                             text_cap integer)
RETURNS TABLE (match_id bigint, match_how text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public SET plan_cache_mode = force_generic_plan ROWS 100
AS $$
DECLARE
  tenant integer := app_search_tenant();
  exact boolean := false;
BEGIN
  IF key <> '' AND tenant IS NOT NULL THEN
    -- The equal keys, by a kept plan: the results whose own IRN (or access code) is the key, and the results of the
    -- participants whose IRN (or access code) is.
    IF access_codes THEN
      RETURN QUERY
        (SELECT r.id, 'exact'::text FROM interview_results r
          WHERE r.tenant_id = tenant
            AND (app_code_key(r.interview_reference_number) = key OR app_code_key(r.access_code) = key)
          LIMIT code_cap + 1)
        UNION
        (SELECT pr.id, 'exact'::text
           FROM (SELECT p.id FROM participants p
                  WHERE p.tenant_id = tenant
                    AND (app_code_key(p.interview_ref_num) = key OR app_code_key(p.access_code) = key)
                  LIMIT code_cap + 1) AS p,
                LATERAL (SELECT r.id FROM interview_results r WHERE r.participant_id = p.id) AS pr
          LIMIT code_cap + 1);
    ELSE
      RETURN QUERY
        (SELECT r.id, 'exact'::text FROM interview_results r
          WHERE r.tenant_id = tenant AND app_code_key(r.interview_reference_number) = key
          LIMIT code_cap + 1)
        UNION
        (SELECT pr.id, 'exact'::text
           FROM (SELECT p.id FROM participants p
                  WHERE p.tenant_id = tenant AND app_code_key(p.interview_ref_num) = key
                  LIMIT code_cap + 1) AS p,
                LATERAL (SELECT r.id FROM interview_results r WHERE r.participant_id = p.id) AS pr
          LIMIT code_cap + 1);
    END IF;
    exact := FOUND;
  END IF;
  IF key <> '' AND NOT exact AND access_codes THEN
    FOR match_id, match_how IN SELECT * FROM app_code_matches(
      '(SELECT r.id FROM interview_results r WHERE ($2 IS NULL OR r.tenant_id = $2)
          AND (app_code_key(r.interview_reference_number) %1$s OR app_code_key(r.access_code) %1$s) LIMIT $3)
       UNION
       (SELECT r.id FROM (SELECT p.id FROM participants p WHERE ($2 IS NULL OR p.tenant_id = $2)
                            AND (app_code_key(p.interview_ref_num) %1$s OR app_code_key(p.access_code) %1$s)
                          LIMIT $3) AS p,
          LATERAL (SELECT r.id FROM interview_results r WHERE r.participant_id = p.id) AS r
        LIMIT $3)', key, code_cap, tenant IS NULL)
    LOOP
      exact := match_how = 'exact';
      RETURN NEXT;
    END LOOP;
  ELSIF key <> '' AND NOT exact THEN
    FOR match_id, match_how IN SELECT * FROM app_code_matches(
      '(SELECT r.id FROM interview_results r WHERE ($2 IS NULL OR r.tenant_id = $2)
          AND app_code_key(r.interview_reference_number) %1$s LIMIT $3)
       UNION
       (SELECT r.id FROM (SELECT p.id FROM participants p WHERE ($2 IS NULL OR p.tenant_id = $2)
                            AND app_code_key(p.interview_ref_num) %1$s LIMIT $3) AS p,
          LATERAL (SELECT r.id FROM interview_results r WHERE r.participant_id = p.id) AS r
        LIMIT $3)', key, code_cap, tenant IS NULL)
    LOOP
      exact := match_how = 'exact';
      RETURN NEXT;
    END LOOP;
  END IF;
  IF exact OR pattern IS NULL THEN RETURN; END IF;
  RETURN QUERY SELECT * FROM app_text_matches(
    'SELECT p.id FROM participants p WHERE ($2 IS NULL OR p.tenant_id = $2)
       AND (coalesce(p.first_name, '''') || '' '' || coalesce(p.last_name, '''')) ILIKE $1 LIMIT $3', pattern, text_cap);
END $$;

CREATE OR REPLACE FUNCTION app_call_record_search(pattern text, key text, code_cap integer, text_cap integer)
RETURNS TABLE (match_id bigint, match_how text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public SET plan_cache_mode = force_generic_plan ROWS 100
AS $$
DECLARE
  tenant integer := app_search_tenant();
  exact boolean := false;
BEGIN
  IF key <> '' AND tenant IS NOT NULL THEN
    -- The equal keys, by a kept plan.
    RETURN QUERY
      SELECT c.id, 'exact'::text FROM call_records c
       WHERE c.tenant_id = tenant
         AND (app_code_key(c.interview_reference_number) = key OR app_code_key(c.access_code) = key)
       LIMIT code_cap + 1;
    exact := FOUND;
  END IF;
  IF key <> '' AND NOT exact THEN
    FOR match_id, match_how IN SELECT * FROM app_code_matches(
      'SELECT c.id FROM call_records c WHERE ($2 IS NULL OR c.tenant_id = $2)
         AND (app_code_key(c.interview_reference_number) %1$s OR app_code_key(c.access_code) %1$s) LIMIT $3',
      key, code_cap, tenant IS NULL)
    LOOP
      exact := match_how = 'exact';
      RETURN NEXT;
    END LOOP;
  END IF;
  IF exact OR pattern IS NULL THEN RETURN; END IF;
  RETURN QUERY SELECT * FROM app_text_matches(
    'SELECT c.id FROM call_records c WHERE ($2 IS NULL OR c.tenant_id = $2)
       AND (c.caller_number ILIKE $1 OR c.dial_in_number ILIKE $1 OR c.destination_number ILIKE $1
            OR c.call_id ILIKE $1)
     LIMIT $3', pattern, text_cap);
END $$;

CREATE OR REPLACE FUNCTION app_participant_search(pattern text, key text, code_cap integer, text_cap integer)
RETURNS TABLE (match_id bigint, match_how text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public SET plan_cache_mode = force_generic_plan ROWS 100
AS $$
DECLARE
  tenant integer := app_search_tenant();
  exact boolean := false;
BEGIN
  IF key <> '' AND tenant IS NOT NULL THEN
    -- The equal keys, by a kept plan.
    RETURN QUERY
      SELECT p.id, 'exact'::text FROM participants p
       WHERE p.tenant_id = tenant AND (app_code_key(p.interview_ref_num) = key OR app_code_key(p.access_code) = key)
       LIMIT code_cap + 1;
    exact := FOUND;
  END IF;
  IF key <> '' AND NOT exact THEN
    FOR match_id, match_how IN SELECT * FROM app_code_matches(
      'SELECT p.id FROM participants p WHERE ($2 IS NULL OR p.tenant_id = $2)
         AND (app_code_key(p.interview_ref_num) %1$s OR app_code_key(p.access_code) %1$s) LIMIT $3',
      key, code_cap, tenant IS NULL)
    LOOP
      exact := match_how = 'exact';
      RETURN NEXT;
    END LOOP;
  END IF;
  IF exact OR pattern IS NULL THEN RETURN; END IF;
  RETURN QUERY SELECT * FROM app_text_matches(
    'SELECT p.id FROM participants p WHERE ($2 IS NULL OR p.tenant_id = $2)
       AND ((coalesce(p.first_name, '''') || '' '' || coalesce(p.last_name, '''')) ILIKE $1
            OR p.email ILIKE $1 OR p.phone_number ILIKE $1)
     LIMIT $3', pattern, text_cap);
END $$;

-- Migration 066's helper read the equal keys and the prefixes together; nothing calls it now.
DROP FUNCTION app_code_matches(text, text, integer);
REVOKE EXECUTE ON FUNCTION app_code_matches(text, text, integer, boolean) FROM PUBLIC;
