-- Issue 11 (ADR 0013). Progress of the demo seed: a first start cut off after the migrations or in the middle
-- of seeding leaves a row without completed_at, and the next start completes the run. System table: the
-- application role never reads it.
CREATE TABLE seed_runs (
  name text PRIMARY KEY,
  started_at timestamptz NOT NULL,
  completed_at timestamptz
);

-- A new password link voids the user's older ones in the transaction that issues it, which for an invitation
-- (Add User, account creation) is the tenant's: the application role may mark links used, never read them.
GRANT SELECT (id, user_id, tenant_id, used_at), UPDATE (used_at) ON password_reset_tokens TO voxscreen_app;
