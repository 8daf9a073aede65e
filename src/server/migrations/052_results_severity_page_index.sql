-- The Results tab sorted by overall score (and the exports and zips that share its order) sorted every result of the
-- project on every page: 3.7 s at 1,000,000 results (docs/bench.md, 2026-11-27). This index holds the list's order
-- for that sort, in both directions, for the released and the On Hold view: a page is read from it in under 1 ms.
-- The expression must stay exactly the one results-store.ts's `severity` builds from RISK_SEVERITY (its test
-- compares them), or PostgreSQL no longer matches it.
CREATE INDEX interview_results_severity_page_idx ON interview_results (
  tenant_id,
  project_id,
  released,
  array_position(ARRAY['HR','R','PR','CM','AD','AR','LR','G','NC','NP','DC','PD','RJ']::text[], overall_evaluation),
  completed_at DESC,
  id DESC
);
