-- A batch of posted results claims every post's request id first and gives back the claims of the posts it then
-- refuses, so a corrected post may use the id (ADR 0116). The application may delete an intake request only in the
-- transaction that inserted it (the row's xmin is that transaction's id): a stored request, its answer and so its
-- replay stay beyond the application's reach, as they were when it had no DELETE at all.
GRANT DELETE ON intake_requests TO voxscreen_app;
CREATE POLICY claims_given_back_only ON intake_requests AS RESTRICTIVE FOR DELETE TO voxscreen_app
  USING (xmin = pg_current_xact_id()::xid);
