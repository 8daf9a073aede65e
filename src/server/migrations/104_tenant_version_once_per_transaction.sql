-- The tenant data version moved once per transaction and announced once at commit (issue 30, ADR 0121).
-- Until now every statement writing a tenant table upserted tenant_data_versions and sent a NOTIFY (migrations 016,
-- 072, 093): an intake batch did both about twelve times for its one tenant. Now:
--   * the first statement of a transaction that writes a tenant's rows moves its version (as before: in the writing
--     transaction, under the version row's lock) and leaves a transaction-local mark, the setting
--     app.written_<tenant> = '<transaction id>|,<table>,<table>,' (set_config with is_local, which a rolled-back
--     savepoint undoes together with the upsert it covered; app.written_any likewise for every account's version);
--   * a later statement only adds its table to the mark, once: on a table under the standard tenant policy (migration
--     001's tenant_isolation, which confines every row the application role writes to the operating tenant), a
--     statement of the application role whose table is already in the operating tenant's mark skips the trigger
--     altogether (its WHEN clause, no function called). Any other statement (the owner's, a SECURITY DEFINER
--     trigger's, a table with other policies) runs the trigger, which moves each tenant's version not moved yet;
--   * at COMMIT a deferred constraint trigger on tenant_data_versions (one row write a tenant and transaction) sends
--     the one notification, naming the tables of the mark: {"tenant", "version", "tables", "table"}, "table" the
--     first of them for a listener that knows only that field.
-- So any committed write moves the version, one notification per version keeps them consecutive, and a read inside
-- a transaction that wrote sees the mark (data-version-store.ts adds the transaction's id and its written-row count,
-- so an answer cached between two writes of one transaction is never served after the second, nor to anyone else).
CREATE FUNCTION app_note_tenant_writes(tenants integer[], written_table text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenant integer;
  moved text := pg_current_xact_id()::text || '|';
  mark text;
BEGIN
  FOREACH tenant IN ARRAY tenants LOOP
    mark := coalesce(current_setting('app.written_' || tenant, true), '');
    IF NOT starts_with(mark, moved) THEN
      INSERT INTO tenant_data_versions AS v (tenant_id, version) VALUES (tenant, 1)
        ON CONFLICT (tenant_id) DO UPDATE SET version = v.version + 1;
      PERFORM set_config('app.written_' || tenant, moved || ',' || written_table || ',', true);
    ELSIF strpos(mark, ',' || written_table || ',') = 0 THEN
      PERFORM set_config('app.written_' || tenant, mark || written_table || ',', true);
    END IF;
  END LOOP;
  PERFORM set_config('app.written_any', moved, true);
END $$;

CREATE OR REPLACE FUNCTION app_bump_tenant_data_version() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenants integer[];
BEGIN
  -- Sorted, so two transactions lock their tenants' version rows in one order.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT tenant_id ORDER BY tenant_id) INTO tenants FROM new_rows WHERE tenant_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT tenant_id ORDER BY tenant_id) INTO tenants FROM old_rows WHERE tenant_id IS NOT NULL;
  ELSE
    SELECT array_agg(tenant_id ORDER BY tenant_id) INTO tenants
      FROM (SELECT tenant_id FROM new_rows UNION SELECT tenant_id FROM old_rows) AS touched
      WHERE tenant_id IS NOT NULL;
  END IF;
  IF tenants IS NOT NULL THEN
    PERFORM app_note_tenant_writes(tenants, TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION app_bump_tenant_row_version() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenants integer[];
BEGIN
  SELECT array_agg(DISTINCT n.id ORDER BY n.id) INTO tenants FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.name, n.is_active, n.is_system) IS DISTINCT FROM (o.name, o.is_active, o.is_system);
  IF tenants IS NOT NULL THEN
    PERFORM app_note_tenant_writes(tenants, TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;

-- At COMMIT, once per tenant whose version this transaction moved: the notification with the tables of its mark. A
-- version row written without a mark (the seed sets versions directly) is announced as a change of that table.
CREATE FUNCTION app_announce_tenant_data_version() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tables text[] := array_remove(string_to_array(
    split_part(coalesce(current_setting('app.written_' || NEW.tenant_id, true), ''), '|', 2), ','), '');
BEGIN
  IF coalesce(cardinality(tables), 0) = 0 THEN
    tables := ARRAY[TG_TABLE_NAME::text];
  END IF;
  PERFORM pg_notify('voxscreen_changes', json_build_object('tenant', NEW.tenant_id, 'version', NEW.version,
    'tables', to_json(tables), 'table', tables[1])::text);
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER tenant_data_version_announce AFTER INSERT OR UPDATE ON tenant_data_versions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app_announce_tenant_data_version();

-- Whether a table's rows are confined to the operating tenant for the application role: row security forced and its
-- only permissive policy for voxscreen_app migration 001's tenant_isolation (restrictive ones only narrow it).
CREATE FUNCTION app_confined_to_operating_tenant(target regclass) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT c.relrowsecurity AND c.relforcerowsecurity
    AND EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'tenant_isolation' AND p.polpermissive)
    AND NOT EXISTS (
      SELECT 1 FROM pg_policy p
      WHERE p.polrelid = c.oid AND p.polpermissive AND p.polname NOT IN ('tenant_isolation', 'system_access'))
  FROM pg_class c WHERE c.oid = target
$$;

-- As migration 016's, and on a table confined to the operating tenant the triggers skip a statement of the
-- application role once the operating tenant's mark names this transaction and this table (evaluated without calling
-- the function; its rows can only be that tenant's, so nothing is missed).
CREATE OR REPLACE FUNCTION app_ensure_tenant_data_version_triggers() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  target regclass;
  skip text;
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
    skip := CASE WHEN app_confined_to_operating_tenant(target) THEN format(
      'WHEN (current_user <> ''voxscreen_app'' OR NOT coalesce(starts_with(%1$s, pg_current_xact_id()::text || ''|'') '
      'AND strpos(%1$s, %2$L) > 0, false)) ',
      'current_setting(''app.written_'' || coalesce(nullif(current_setting(''app.tenant_id'', true), ''''), '
      '''none''), true)', ',' || (SELECT relname FROM pg_class WHERE oid = target) || ',') ELSE '' END;
    EXECUTE format('CREATE TRIGGER tenant_data_version_insert AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT %s EXECUTE FUNCTION app_bump_tenant_data_version()', target, skip);
    EXECUTE format('CREATE TRIGGER tenant_data_version_update AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows '
      'NEW TABLE AS new_rows FOR EACH STATEMENT %s EXECUTE FUNCTION app_bump_tenant_data_version()', target, skip);
    EXECUTE format('CREATE TRIGGER tenant_data_version_delete AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT %s EXECUTE FUNCTION app_bump_tenant_data_version()', target, skip);
    equipped := equipped + 1;
  END LOOP;
  RETURN equipped;
END $$;

-- Every table's triggers again, with the skip where it applies.
DO $$
DECLARE
  found record;
BEGIN
  FOR found IN
    SELECT t.tgname, t.tgrelid::regclass AS target FROM pg_trigger t
    WHERE t.tgname IN ('tenant_data_version_insert', 'tenant_data_version_update', 'tenant_data_version_delete')
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %s', found.tgname, found.target);
  END LOOP;
END $$;
SELECT app_ensure_tenant_data_version_triggers();
