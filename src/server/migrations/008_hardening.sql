-- Issue 11 (ADR 0013). Progress of the demo seed: a first start cut off after the migrations or in the middle
-- of seeding leaves a row without completed_at, and the next start completes the run. System table: the
-- application role never reads it.
CREATE TABLE seed_runs (
  name text PRIMARY KEY,
  started_at timestamptz NOT NULL,
  completed_at timestamptz
);
