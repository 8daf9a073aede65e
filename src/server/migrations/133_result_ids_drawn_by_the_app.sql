-- Interview result ids drawn before the results are written (issue 30, ADR 0225).
--
-- The intake's batch draws an id for each post's result in its first statement (the claim), so the results' insert
-- answers nothing the batch waits for and travels in the batch's last statement with the writes that complete it:
-- two round trips a batch instead of three. Writing the drawn ids takes OVERRIDING SYSTEM VALUE, which needs only
-- INSERT; drawing them with nextval needs USAGE on the identity's sequence, which the application role lacked.
-- Named as PostgreSQL names an identity's sequence: interview-results-store.ts draws from it by that name.
GRANT USAGE ON SEQUENCE interview_results_id_seq TO voxscreen_app;
