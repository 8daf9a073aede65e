-- Incomplete Calls at an account of a million calls (issue 30, ADR 0229; docs/product/call-reports.md#incomplete-calls).
-- With a third of its calls left incomplete (333,000), the list's search read every call of the days against four
-- `ILIKE` patterns (1.0-1.3 s for a 400-day page and as much for its count, embedded), and its IRN and duration orders
-- sorted every call of the days (220-240 ms for a first page of 400 days).
--
-- The list searches as Call Records does (ADR 0073): the access code and the IRN by their key (case, spaces and
-- hyphens ignored), whole or from their start; the caller id and the reason by a part of them (three characters or
-- more, by trigrams). Each has an index of the account; so have the two orders the list offers besides the date, so a
-- page of either order walks its index.
CREATE INDEX incomplete_calls_code_idx ON incomplete_calls (tenant_id, app_code_key(access_code));
CREATE INDEX incomplete_calls_irn_idx ON incomplete_calls (tenant_id, app_code_key(interview_reference_number));
CREATE INDEX incomplete_calls_search_idx ON incomplete_calls USING gin (caller_id gin_trgm_ops, interrupt_code gin_trgm_ops);
CREATE INDEX incomplete_calls_irn_order_idx ON incomplete_calls (tenant_id, interview_reference_number, id);
CREATE INDEX incomplete_calls_duration_order_idx ON incomplete_calls (tenant_id, duration_seconds, id);

-- The search's ids, read as the owner and kept to the operating tenant by hand (row-level security keeps ILIKE and a
-- function of a row from an index, ADR 0057), exactly as app_call_record_search (migrations 066 and 128): the calls
-- whose key equals the text's ('exact', by a kept plan, and then nothing else); else those whose key starts with it
-- ('code', planned for the value); else those whose caller id or reason contains `pattern` ('text', or one 'broad'
-- row past `text_cap`). Callers keep the exact rule on the ids.
CREATE FUNCTION app_incomplete_call_search(pattern text, key text, code_cap integer, text_cap integer)
RETURNS TABLE (match_id bigint, match_how text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public SET plan_cache_mode = force_generic_plan ROWS 100
AS $$
DECLARE
  tenant integer := app_search_tenant();
  exact boolean := false;
BEGIN
  IF key <> '' AND tenant IS NOT NULL THEN
    RETURN QUERY
      (SELECT c.id, 'exact'::text FROM incomplete_calls c
        WHERE c.tenant_id = tenant AND app_code_key(c.access_code) = key LIMIT code_cap + 1)
      UNION
      (SELECT c.id, 'exact'::text FROM incomplete_calls c
        WHERE c.tenant_id = tenant AND app_code_key(c.interview_reference_number) = key LIMIT code_cap + 1);
    exact := FOUND;
  END IF;
  IF key <> '' AND NOT exact THEN
    FOR match_id, match_how IN SELECT * FROM app_code_matches(
      '(SELECT c.id FROM incomplete_calls c WHERE ($2 IS NULL OR c.tenant_id = $2)
          AND app_code_key(c.access_code) %1$s LIMIT $3)
       UNION
       (SELECT c.id FROM incomplete_calls c WHERE ($2 IS NULL OR c.tenant_id = $2)
          AND app_code_key(c.interview_reference_number) %1$s LIMIT $3)',
      key, code_cap, tenant IS NULL)
    LOOP
      exact := match_how = 'exact';
      RETURN NEXT;
    END LOOP;
  END IF;
  IF exact OR pattern IS NULL THEN RETURN; END IF;
  RETURN QUERY SELECT * FROM app_text_matches(
    'SELECT c.id FROM incomplete_calls c WHERE ($2 IS NULL OR c.tenant_id = $2)
       AND (c.caller_id ILIKE $1 OR c.interrupt_code ILIKE $1) LIMIT $3', pattern, text_cap);
END $$;

REVOKE EXECUTE ON FUNCTION app_incomplete_call_search(text, text, integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_incomplete_call_search(text, text, integer, integer) TO voxscreen_app;
