-- A change to an account's own row (its name, whether it is active or the system account) is a change to that tenant's data (ADR 0103):
-- it bumps the tenant's data version and announces it on voxscreen_changes as migration 072 does for every tenant
-- table, so what an instance keeps of an account (the client-token check's cache) is dropped by every instance as
-- soon as it hears the commit. `tenants` has no tenant_id column, so migration 016's triggers never covered it.
CREATE FUNCTION app_bump_tenant_row_version() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  bumped record;
BEGIN
  FOR bumped IN
    INSERT INTO tenant_data_versions AS v (tenant_id, version)
      SELECT DISTINCT n.id, 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.name, n.is_active, n.is_system) IS DISTINCT FROM (o.name, o.is_active, o.is_system) ORDER BY n.id
      ON CONFLICT (tenant_id) DO UPDATE SET version = v.version + 1
      RETURNING v.tenant_id, v.version
  LOOP
    PERFORM pg_notify('voxscreen_changes',
      json_build_object('tenant', bumped.tenant_id, 'version', bumped.version, 'table', TG_TABLE_NAME)::text);
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER tenant_row_version_update AFTER UPDATE ON tenants REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_bump_tenant_row_version();
