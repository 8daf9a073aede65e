-- Searches by kind (ADR 0073, issue 30). A list's search was one "contains" (ILIKE '%text%') over codes, names and
-- numbers, answered through trigram indexes (migration 053, ADR 0061). For codes that is the trigram index's worst
-- case: the trigrams of an access code or IRN ('000', 'a00') are in nearly every code, so a whole code took 26-45 ms
-- alone and a prefix cost what a scan did (1.1 s at 10 concurrent requests on the 1M-result tenant). Now:
--   - an access code or IRN is compared by its key: case, spaces and hyphens ignored (app_code_key). A search that
--     equals a key finds those rows only (an equality lookup); otherwise codes match from their start (a prefix,
--     read from a btree in C order, which serves a prefix as a range);
--   - names, e-mail addresses, telephone numbers and call ids still match anywhere in them, through trigram indexes.
-- A part that matches more rows than its cap is broad: the caller then tests that part row by row.
-- Row-level security keeps expression indexes from the application role (regexp_replace and upper are not
-- leakproof), so, as in migration 053, SECURITY DEFINER functions find the candidate ids as the owner, kept to the
-- operating tenant by hand (app_search_tenant), and callers keep an exact predicate on them. Each query is planned
-- with its values (EXECUTE ... USING). Each function answers rows (match_id, match_how): 'exact' (and then nothing
-- else) or 'code' (at most code_cap + 1 per branch), 'text' (at most text_cap), or one (NULL, 'broad') for a text
-- part that found more than text_cap.

CREATE FUNCTION app_code_key(code text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN upper(regexp_replace(code, '[[:space:]-]', '', 'g')) COLLATE "C";

CREATE INDEX participants_code_key_idx ON participants (tenant_id, app_code_key(access_code));
CREATE INDEX participants_irn_key_idx ON participants (tenant_id, app_code_key(interview_ref_num));
CREATE INDEX interview_results_code_key_idx ON interview_results (tenant_id, app_code_key(access_code));
CREATE INDEX interview_results_irn_key_idx ON interview_results (tenant_id, app_code_key(interview_reference_number));
CREATE INDEX call_records_code_key_idx ON call_records (tenant_id, app_code_key(access_code));
CREATE INDEX call_records_irn_key_idx ON call_records (tenant_id, app_code_key(interview_reference_number));
-- Find Participant also reads e-mail addresses and telephone numbers (names are in participants_search_idx).
CREATE INDEX participants_contact_search_idx ON participants USING gin (
  email gin_trgm_ops,
  phone_number gin_trgm_ops
);

-- The ids of `key_sql`, a query of ids in which %1$s stands for the comparison with the key ($1); $2 is the tenant
-- (NULL: every tenant), $3 the cap + 1. Those whose keys equal the key, as 'exact'; when there are none, those whose
-- keys start with it, as 'code'. Only the search functions below call it (as its owner).
CREATE FUNCTION app_code_matches(key_sql text, key text, cap integer)
RETURNS TABLE (match_id bigint, match_how text)
LANGUAGE plpgsql STABLE SET search_path = public AS $$
BEGIN
  RETURN QUERY EXECUTE 'SELECT id, ''exact''::text FROM (' || format(key_sql, '= $1') || ') AS m'
    USING key, app_search_tenant(), cap + 1;
  IF FOUND THEN RETURN; END IF;
  RETURN QUERY EXECUTE 'SELECT id, ''code''::text FROM (' || format(key_sql, '^@ $1') || ') AS m'
    USING key, app_search_tenant(), cap + 1;
END $$;

-- The ids of `text_sql` (a query of ids; $1 the pattern, $2 the tenant or NULL, $3 the cap + 1) as 'text', or one
-- row (NULL, 'broad') when it finds more than cap. Only the search functions below call it.
CREATE FUNCTION app_text_matches(text_sql text, pattern text, cap integer)
RETURNS TABLE (match_id bigint, match_how text)
LANGUAGE plpgsql STABLE SET search_path = public AS $$
DECLARE
  ids bigint[];
BEGIN
  EXECUTE 'SELECT array_agg(id) FROM (' || text_sql || ') AS part' INTO ids USING pattern, app_search_tenant(), cap + 1;
  IF coalesce(cardinality(ids), 0) > cap THEN
    RETURN QUERY SELECT NULL::bigint, 'broad'::text;
  ELSE
    RETURN QUERY SELECT unnest(ids), 'text'::text;
  END IF;
END $$;

-- Results (the Results tab, the results report): by the IRN and, with `access_codes`, the access code (the result's
-- own, as recorded, or its participant's); unless a key matched exactly, the participants whose name contains
-- `pattern` (three characters or more; NULL: names are not searched): their ids, not their results', as 'text'.
CREATE FUNCTION app_result_search(pattern text, key text, access_codes boolean, code_cap integer, text_cap integer)
RETURNS TABLE (match_id bigint, match_how text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public ROWS 100 AS $$
DECLARE
  exact boolean := false;
BEGIN
  IF key <> '' AND access_codes THEN
    FOR match_id, match_how IN SELECT * FROM app_code_matches(
      '(SELECT r.id FROM interview_results r WHERE ($2 IS NULL OR r.tenant_id = $2)
          AND (app_code_key(r.interview_reference_number) %1$s OR app_code_key(r.access_code) %1$s) LIMIT $3)
       UNION
       (SELECT r.id FROM (SELECT p.id FROM participants p WHERE ($2 IS NULL OR p.tenant_id = $2)
                            AND (app_code_key(p.interview_ref_num) %1$s OR app_code_key(p.access_code) %1$s)
                          LIMIT $3) AS p,
          LATERAL (SELECT r.id FROM interview_results r WHERE r.participant_id = p.id) AS r
        LIMIT $3)', key, code_cap)
    LOOP
      exact := match_how = 'exact';
      RETURN NEXT;
    END LOOP;
  ELSIF key <> '' THEN
    FOR match_id, match_how IN SELECT * FROM app_code_matches(
      '(SELECT r.id FROM interview_results r WHERE ($2 IS NULL OR r.tenant_id = $2)
          AND app_code_key(r.interview_reference_number) %1$s LIMIT $3)
       UNION
       (SELECT r.id FROM (SELECT p.id FROM participants p WHERE ($2 IS NULL OR p.tenant_id = $2)
                            AND app_code_key(p.interview_ref_num) %1$s LIMIT $3) AS p,
          LATERAL (SELECT r.id FROM interview_results r WHERE r.participant_id = p.id) AS r
        LIMIT $3)', key, code_cap)
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

-- Call records (the Call Records report): by the IRN and access code; unless one matched exactly, by the caller,
-- dialled and destination numbers and the call id (`pattern`).
CREATE FUNCTION app_call_record_search(pattern text, key text, code_cap integer, text_cap integer)
RETURNS TABLE (match_id bigint, match_how text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public ROWS 100 AS $$
DECLARE
  exact boolean := false;
BEGIN
  IF key <> '' THEN
    FOR match_id, match_how IN SELECT * FROM app_code_matches(
      'SELECT c.id FROM call_records c WHERE ($2 IS NULL OR c.tenant_id = $2)
         AND (app_code_key(c.interview_reference_number) %1$s OR app_code_key(c.access_code) %1$s) LIMIT $3',
      key, code_cap)
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

-- Participants (Find Participant): by the IRN; unless it matched exactly, by first or last name, e-mail address or
-- telephone number (`pattern`).
CREATE FUNCTION app_participant_search(pattern text, key text, code_cap integer, text_cap integer)
RETURNS TABLE (match_id bigint, match_how text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public ROWS 100 AS $$
DECLARE
  exact boolean := false;
BEGIN
  IF key <> '' THEN
    FOR match_id, match_how IN SELECT * FROM app_code_matches(
      'SELECT p.id FROM participants p WHERE ($2 IS NULL OR p.tenant_id = $2)
         AND app_code_key(p.interview_ref_num) %1$s LIMIT $3', key, code_cap)
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

-- The planner's statistics of the new index expressions (the embedded database has no autovacuum to gather them):
-- without them it guesses hundreds of rows for a key and reads whole tables.
ANALYZE participants, interview_results, call_records;

REVOKE EXECUTE ON FUNCTION app_code_matches(text, text, integer), app_text_matches(text, text, integer) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION app_result_search(text, text, boolean, integer, integer),
  app_call_record_search(text, text, integer, integer), app_participant_search(text, text, integer, integer)
  FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_result_search(text, text, boolean, integer, integer),
  app_call_record_search(text, text, integer, integer), app_participant_search(text, text, integer, integer)
  TO voxscreen_app;
