-- The reports area's Results tab (issue 15, docs/product/results-report.md): the provider reads every account's
-- results newest first; this index serves that page without sorting the whole table.
CREATE INDEX interview_results_report_idx ON interview_results (completed_at DESC, id DESC) WHERE NOT deleted;
