-- Live updates (issue 28, ADR 0078): every statement that bumps a tenant's data version (migration 016) also
-- announces it with NOTIFY on the channel voxscreen_changes, delivered when the transaction commits to every
-- session listening, so every instance sharing the database hears every tenant's changes (the embedded database
-- delivers them in-process the same way). The payload names the tenant, its new version and the table written:
--   {"tenant": 12, "version": 3456, "table": "interview_results"}
-- Versions of a tenant are bumped under the row lock of tenant_data_versions, so the notifications of one tenant
-- arrive with consecutive versions; a listener that sees a gap knows it missed something (a reconnection).
CREATE OR REPLACE FUNCTION app_bump_tenant_data_version() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  bumped record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR bumped IN
      INSERT INTO tenant_data_versions AS v (tenant_id, version)
        SELECT DISTINCT tenant_id, 1 FROM new_rows WHERE tenant_id IS NOT NULL ORDER BY tenant_id
        ON CONFLICT (tenant_id) DO UPDATE SET version = v.version + 1
        RETURNING v.tenant_id, v.version
    LOOP
      PERFORM pg_notify('voxscreen_changes',
        json_build_object('tenant', bumped.tenant_id, 'version', bumped.version, 'table', TG_TABLE_NAME)::text);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR bumped IN
      INSERT INTO tenant_data_versions AS v (tenant_id, version)
        SELECT DISTINCT tenant_id, 1 FROM old_rows WHERE tenant_id IS NOT NULL ORDER BY tenant_id
        ON CONFLICT (tenant_id) DO UPDATE SET version = v.version + 1
        RETURNING v.tenant_id, v.version
    LOOP
      PERFORM pg_notify('voxscreen_changes',
        json_build_object('tenant', bumped.tenant_id, 'version', bumped.version, 'table', TG_TABLE_NAME)::text);
    END LOOP;
  ELSE
    FOR bumped IN
      INSERT INTO tenant_data_versions AS v (tenant_id, version)
        SELECT tenant_id, 1 FROM (SELECT tenant_id FROM new_rows UNION SELECT tenant_id FROM old_rows) AS touched
        WHERE tenant_id IS NOT NULL ORDER BY tenant_id
        ON CONFLICT (tenant_id) DO UPDATE SET version = v.version + 1
        RETURNING v.tenant_id, v.version
    LOOP
      PERFORM pg_notify('voxscreen_changes',
        json_build_object('tenant', bumped.tenant_id, 'version', bumped.version, 'table', TG_TABLE_NAME)::text);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
