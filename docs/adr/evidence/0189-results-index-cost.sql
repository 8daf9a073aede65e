\set ON_ERROR_STOP 1
\pset format unaligned
\pset tuples_only on
-- :drop names an index dropped inside the transaction ('' none); 400 statements of 5 results each, then the GIN pending list flushed; rolled back.
BEGIN;
SELECT CASE WHEN :'drop' <> '' THEN format('DROP INDEX %I', :'drop') ELSE 'SELECT 1' END \gexec
CREATE TEMP TABLE t0 ON COMMIT DROP AS SELECT clock_timestamp() AS at;
DO $$
DECLARE i int;
BEGIN
  FOR i IN 1..400 LOOP
    INSERT INTO interview_results (tenant_id, project_id, participant_id, order_id, interview_reference_number, access_code,
                                   overall_evaluation, completed_at, released, created_at)
    SELECT tenant_id, project_id, participant_id, order_id, interview_reference_number, access_code, overall_evaluation,
           now() + i * interval '1 ms', released, now()
    FROM (SELECT * FROM interview_results WHERE tenant_id = 4 ORDER BY id DESC LIMIT 5) r;
  END LOOP;
END $$;
CREATE TEMP TABLE t1 ON COMMIT DROP AS SELECT clock_timestamp() AS at;
SELECT CASE WHEN :'drop' <> 'interview_results_search_idx' THEN 'SELECT gin_clean_pending_list(''interview_results_search_idx'')' ELSE 'SELECT 1' END \gexec
SELECT :'drop', round(extract(epoch FROM (SELECT at FROM t1) - (SELECT at FROM t0)) * 1000 / 2000, 4) AS ms_per_row_insert,
       round(extract(epoch FROM clock_timestamp() - (SELECT at FROM t0)) * 1000 / 2000, 4) AS ms_per_row_with_gin_flush;
ROLLBACK;
