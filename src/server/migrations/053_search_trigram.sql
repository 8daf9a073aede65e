-- Text search of the reports and the Results tab (ADR 0061): a search is a case-insensitive "contains" (ILIKE
-- '%text%'), which no btree serves, so each search read every row of the window: 0.9 s (Call Records) and 3.7 s
-- (Results report) at 1,000,000 rows (docs/bench.md, 2026-11-27). Trigram indexes (pg_trgm, a trusted extension
-- of PostgreSQL's contrib and one of PGlite's) answer "contains" for three characters or more.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX participants_search_idx ON participants USING gin (
  access_code gin_trgm_ops,
  interview_ref_num gin_trgm_ops,
  (coalesce(first_name, '') || ' ' || coalesce(last_name, '')) gin_trgm_ops
);
CREATE INDEX interview_results_search_idx ON interview_results USING gin (
  access_code gin_trgm_ops,
  interview_reference_number gin_trgm_ops
);
CREATE INDEX call_records_search_idx ON call_records USING gin (
  interview_reference_number gin_trgm_ops,
  access_code gin_trgm_ops,
  caller_number gin_trgm_ops,
  dial_in_number gin_trgm_ops,
  destination_number gin_trgm_ops,
  call_id gin_trgm_ops
);

-- Row-level security keeps these indexes from the application role: ILIKE is not leakproof, so PostgreSQL must
-- apply the tenant policy to each row before it, which rules out an index scan on it. These functions find the
-- candidate ids as the owner instead, restricted to the operating tenant by hand: the application role's tenant
-- setting (none set: nothing), every tenant for the system role (the provider's read across accounts). Callers
-- keep their exact predicate on the candidates, so a candidate set wider than the search costs nothing in
-- correctness. Each branch stops at `cap` rows: a caller that gets more than it can use drops the candidates (a
-- broad search finds a page sooner by walking the list's order). EXECUTE plans each call with its pattern, which
-- the trigram estimate needs. Ids may repeat across branches.
CREATE FUNCTION app_search_tenant() RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN current_setting('role') = 'voxscreen_app'
              THEN coalesce(nullif(current_setting('app.tenant_id', true), '')::int, 0) END
$$;

-- Results whose IRN or access code (their own, or their participant's), or whose participant's name, contain it.
CREATE FUNCTION app_result_ids_matching(pattern text, cap integer) RETURNS SETOF bigint
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public ROWS 100 AS $$
BEGIN
  RETURN QUERY EXECUTE
    '(SELECT r.id FROM interview_results r
       WHERE (r.access_code ILIKE $1 OR r.interview_reference_number ILIKE $1) AND ($2 IS NULL OR r.tenant_id = $2)
       LIMIT $3)
     UNION ALL
     (SELECT r.id FROM participants p JOIN interview_results r ON r.participant_id = p.id
       WHERE (p.access_code ILIKE $1 OR p.interview_ref_num ILIKE $1
              OR (coalesce(p.first_name, '''') || '' '' || coalesce(p.last_name, '''')) ILIKE $1)
         AND ($2 IS NULL OR p.tenant_id = $2)
       LIMIT $3)'
    USING pattern, app_search_tenant(), cap;
END $$;

-- Call records with any of the Call Records search's columns containing it.
CREATE FUNCTION app_call_record_ids_matching(pattern text, cap integer) RETURNS SETOF bigint
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public ROWS 100 AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT id FROM call_records
      WHERE (interview_reference_number ILIKE $1 OR access_code ILIKE $1 OR caller_number ILIKE $1
             OR dial_in_number ILIKE $1 OR destination_number ILIKE $1 OR call_id ILIKE $1)
        AND ($2 IS NULL OR tenant_id = $2)
      LIMIT $3'
    USING pattern, app_search_tenant(), cap;
END $$;

REVOKE EXECUTE ON FUNCTION app_result_ids_matching(text, integer), app_call_record_ids_matching(text, integer)
  FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_result_ids_matching(text, integer), app_call_record_ids_matching(text, integer)
  TO voxscreen_app;
