-- The Results tab lists one view of a project's results at a time, released or On Hold (results-store.ts, whereOf:
-- `r.released = $1`, and never deleted ones), newest first. interview_results_project_page_idx (migration 005) held
-- that order for every result, so a page of one view also read, and dropped, every result of the other view that
-- is newer: the held results of a project that has not released for a while sit at the top of the order, and the
-- released view's first page read all of them (2,000 on the benchmark project after four intake runs, docs/bench.md
-- 2026-11-29). This index holds the order per view, so a page of either view, first or deep by keyset, reads its
-- own rows only. It replaces the old one, which only the Results tab's pages, counts and exports read (each names
-- the view), so a result written still updates one index for its project's order, not two.
CREATE INDEX interview_results_view_page_idx ON interview_results (tenant_id, project_id, released, completed_at DESC, id DESC)
  WHERE NOT deleted;
DROP INDEX interview_results_project_page_idx;
