-- The Backend Data Log found by what staff paste (issue 30, ADR 0228; docs/product/call-reports.md#backend-data-log).
-- At an account of a million results the log holds a million posts or more, and its search read every post of the
-- window as text (`payload::text ILIKE`): 1.0-1.6 s for a page and as much again for its count on the embedded
-- engine at 94,000 posts in 30 days; the repost's lookup by request id read every post of the account (about 1 s).
--
-- Each identifier a post carries gets an index of the account: the access code and the IRN by their key (case,
-- spaces and hyphens ignored, app_code_key), the request id, the call id and the run id whole. The IRN and the call
-- id are partial: a result post names neither unless the platform sends them, so those rows cost their index nothing.
CREATE INDEX backend_data_logs_code_idx ON backend_data_logs (tenant_id, app_code_key(payload->>'accessCode'));
CREATE INDEX backend_data_logs_irn_idx ON backend_data_logs (tenant_id, app_code_key(payload->>'interviewReferenceNumber'))
  WHERE payload ? 'interviewReferenceNumber';
CREATE INDEX backend_data_logs_request_idx ON backend_data_logs (tenant_id, (payload->>'requestId'));
CREATE INDEX backend_data_logs_call_idx ON backend_data_logs (tenant_id, (payload->>'callId')) WHERE payload ? 'callId';
CREATE INDEX backend_data_logs_run_idx ON backend_data_logs (tenant_id, run_id);

-- Row-level security keeps a condition on a function of a row (app_code_key, ->>) from an index (ADR 0057), so the
-- indexes are read here as the owner, kept to the operating tenant by hand, as migration 066's search functions
-- are: the posts whose access code or IRN has the key `key` ('code', 'irn'), or whose request id, call id or run id
-- is `ident` ('request', 'call', 'run'), at most `cap` + 1 of each kind (a post may come once for each). Callers keep
-- the exact rule on the ids. Static queries: PL/pgSQL keeps their plans for the session, generic under the
-- function's setting (the indexes serve any value alike, migration 128). No operating tenant (the system role): none.
CREATE FUNCTION app_backend_log_search(key text, ident text, cap integer)
RETURNS TABLE (match_id bigint, match_how text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public SET plan_cache_mode = force_generic_plan ROWS 100
AS $$
DECLARE
  tenant integer := app_search_tenant();
BEGIN
  IF tenant IS NULL OR ident = '' THEN RETURN; END IF;
  IF key <> '' THEN
    RETURN QUERY SELECT b.id, 'code'::text FROM backend_data_logs b
      WHERE b.tenant_id = tenant AND app_code_key(b.payload->>'accessCode') = key LIMIT cap + 1;
    RETURN QUERY SELECT b.id, 'irn'::text FROM backend_data_logs b
      WHERE b.tenant_id = tenant AND b.payload ? 'interviewReferenceNumber'
        AND app_code_key(b.payload->>'interviewReferenceNumber') = key LIMIT cap + 1;
  END IF;
  RETURN QUERY SELECT b.id, 'request'::text FROM backend_data_logs b
    WHERE b.tenant_id = tenant AND b.payload->>'requestId' = ident LIMIT cap + 1;
  RETURN QUERY SELECT b.id, 'call'::text FROM backend_data_logs b
    WHERE b.tenant_id = tenant AND b.payload ? 'callId' AND b.payload->>'callId' = ident LIMIT cap + 1;
  RETURN QUERY SELECT b.id, 'run'::text FROM backend_data_logs b
    WHERE b.tenant_id = tenant AND b.run_id = ident LIMIT cap + 1;
END $$;

REVOKE EXECUTE ON FUNCTION app_backend_log_search(text, text, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_backend_log_search(text, text, integer) TO voxscreen_app;
