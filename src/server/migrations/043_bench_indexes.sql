-- Indexes the benchmark figures showed missing (scripts/bench/, docs/bench.md).
-- The Call Records report (docs/product/call-reports.md) gives each row its status with two EXISTS lookups: a result
-- naming the call (interview_results.call_id) and an incomplete call of the participant at the call's time. Neither
-- had an index, so every listed call scanned the tenant's results (1M in the bench): seconds per page.
CREATE INDEX interview_results_call_id_idx ON interview_results (call_id) WHERE call_id IS NOT NULL;
CREATE INDEX incomplete_calls_participant_time_idx ON incomplete_calls (participant_id, call_at);
