-- Per-tenant data version (issue 10, ADR 0025): every statement that writes rows of a tenant table bumps the
-- version of each tenant it touched, in the writing transaction. Tenant-wide figures (dashboard KPI, yearly
-- activity, project cards) are cached per process under that version and answered with an ETag made from it, so
-- a write is seen at once by every instance sharing the database, and nothing has to remember to invalidate.
--
-- "A tenant table" is any table of the public schema with a tenant_id column: the triggers are installed by
-- app_ensure_tenant_data_version_triggers(), which this migration runs for the tables that exist and the
-- migration runner runs again after every later migration (platform/db/migrate.ts), so a table added later gets
-- them without anyone remembering to. A test checks that no tenant table lacks them.
CREATE TABLE tenant_data_versions (
  tenant_id integer PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);
SELECT app_enable_tenant_rls('tenant_data_versions', 'SELECT');

-- SECURITY DEFINER: the application role only reads the versions; its writes bump them through the trigger.
-- Statement-level with transition tables: one upsert per statement and tenant, whatever the number of rows.
CREATE FUNCTION app_bump_tenant_data_version() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tenant_data_versions AS v (tenant_id, version)
      SELECT DISTINCT tenant_id, 1 FROM new_rows WHERE tenant_id IS NOT NULL ORDER BY tenant_id
      ON CONFLICT (tenant_id) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO tenant_data_versions AS v (tenant_id, version)
      SELECT DISTINCT tenant_id, 1 FROM old_rows WHERE tenant_id IS NOT NULL ORDER BY tenant_id
      ON CONFLICT (tenant_id) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO tenant_data_versions AS v (tenant_id, version)
      SELECT tenant_id, 1 FROM (SELECT tenant_id FROM new_rows UNION SELECT tenant_id FROM old_rows) AS touched
      WHERE tenant_id IS NOT NULL ORDER BY tenant_id
      ON CONFLICT (tenant_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;

-- Installs the three triggers on every tenant table that lacks them; returns how many tables it equipped.
CREATE FUNCTION app_ensure_tenant_data_version_triggers() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  target regclass;
  equipped integer := 0;
BEGIN
  FOR target IN
    SELECT c.oid::regclass
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> 'tenant_data_versions'
      AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'tenant_data_version_insert')
    ORDER BY c.relname
  LOOP
    EXECUTE format('CREATE TRIGGER tenant_data_version_insert AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION app_bump_tenant_data_version()', target);
    EXECUTE format('CREATE TRIGGER tenant_data_version_update AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows '
      'NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_bump_tenant_data_version()', target);
    EXECUTE format('CREATE TRIGGER tenant_data_version_delete AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION app_bump_tenant_data_version()', target);
    equipped := equipped + 1;
  END LOOP;
  RETURN equipped;
END $$;

SELECT app_ensure_tenant_data_version_triggers();
