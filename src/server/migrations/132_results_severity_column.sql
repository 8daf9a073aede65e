-- The overall-score order's severity as a stored column (issue 30, ADR 0206).
--
-- Migration 052 indexed the order by the expression array_position(RISK_SEVERITY, overall_evaluation). Under
-- row-level security PostgreSQL may use a condition as an index key only if every function in it is leakproof, and
-- array_position is not: a keyset page of the order within one severity (an export's or a zip's page, ADR 0114)
-- filtered the severity entry by entry and read each entry's table row, from the first entry of the project's view to
-- its keyset (2,664 buffers for ten rows 6,000 deep in the plan test; the bench's overall-score export of 100,000
-- results took 70.5 s against 31.7 s newest first). The stored column is compared with integer operators, which are
-- leakproof, so the page seeks to its severity and keyset. The expression must stay exactly the one results-store.ts's
-- RISK_SEVERITY gives (results-severity-index.test.ts compares them).
ALTER TABLE interview_results
  ADD COLUMN severity smallint
  GENERATED ALWAYS AS (
    array_position(ARRAY['HR','R','PR','CM','AD','AR','LR','G','NC','NP','DC','PD','RJ']::text[], overall_evaluation)
  ) STORED;

DROP INDEX interview_results_severity_page_idx;
CREATE INDEX interview_results_severity_page_idx ON interview_results (
  tenant_id,
  project_id,
  released,
  severity,
  completed_at DESC,
  id DESC
);

-- The new column's statistics, before the first page is planned.
ANALYZE interview_results;
