-- ADR 0127: the embedded engine's session plans its kept (named) statements afresh each time
-- (plan_cache_mode = force_custom_plan), since generic plans were slower for the Results tab and code prefixes. That
-- setting also reaches every PL/pgSQL function's statements, whose kept plans ADR 0060 relies on: the session
-- principal went from 1.3-1.5 to 2.7-3.1 ms a request at the engine. Each PL/pgSQL function keeps PostgreSQL's own
-- choice instead, as before (a function's SET applies while it runs, on both engines). A new PL/pgSQL function
-- must say the same (the test beside this file lists any that does not).
DO $$
DECLARE
  f regprocedure;
BEGIN
  FOR f IN
    SELECT p.oid::regprocedure
    FROM pg_proc p
    JOIN pg_language l ON l.oid = p.prolang
    JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE l.lanname = 'plpgsql' AND n.nspname = 'public'
  LOOP
    EXECUTE format('ALTER FUNCTION %s SET plan_cache_mode = auto', f);
  END LOOP;
END
$$;
