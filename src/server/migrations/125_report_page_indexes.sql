-- The reports area's pages by index (issue 30, ADR 0175).
--
-- The Results report of one account (results-report-store.ts whereOf: the account, `r.released = $1`, never deleted
-- ones, a window of completion times; newest or oldest first, ids breaking ties) read interview_results_tenant_day_idx
-- (tenant, time): every held or deleted result newer than the page was read from the table and dropped (the first
-- page of the benchmark account read 109,000 held results the intake bench had posted, 100 / 170 ms p50 / p99 on
-- PostgreSQL), ties were sorted, and a deep page read the table row of every result its OFFSET skipped (page 1,000:
-- 25,000 rows). This index holds the report's order per account and view, as migration 106's does per project, and
-- carries the overall evaluation (the risk levels), so a page past the first skips its OFFSET by an index-only scan.
-- It does not carry the project: a report of one project, and the project's Results tab, read migration 106's index,
-- which holds the project's own rows. interview_results_tenant_day_idx stays: the order attribution reads every result
-- of its days, deleted or held ones too (order-attribution-store.ts).
CREATE INDEX interview_results_account_page_idx ON interview_results (tenant_id, released, completed_at DESC, id DESC)
  INCLUDE (overall_evaluation) WHERE NOT deleted;

-- Call Records (call-reports-store.ts callRecordPage) cut a page in call_records_tenant_time_idx, the report's order,
-- then read the table row of every record its OFFSET skipped (page 1,000: 10,000 rows) or its filter dropped (a
-- project, a duration and a provider: 8,321 rows for the first 10 on the benchmark account). The same index, carrying
-- the filter's columns, lets the cut skip and filter by an index-only scan; it replaces the old one, so a call record
-- written still updates one index for the report's order.
DROP INDEX call_records_tenant_time_idx;
CREATE INDEX call_records_tenant_time_idx ON call_records (tenant_id, call_at DESC, id DESC)
  INCLUDE (project_id, duration_seconds, provider_name);
