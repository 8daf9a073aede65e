-- Rate limits shared by every instance on the database (ADR 0070): hits per key (an IP, an account at an IP, an
-- operating tenant) per fixed window. Each instance counts in memory and adds its hits here in batches, reading
-- back the total of all instances. Not tenant data: only the server's own role reads it.
CREATE TABLE rate_limit_counters (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits >= 0),
  PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_limit_counters_window_idx ON rate_limit_counters (window_start);
