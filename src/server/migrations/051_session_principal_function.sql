-- The access hook's one statement (platform/auth/principal.ts, loadPrincipal) as a function, so its plan is kept
-- (ADR 0060). Every request runs it; as a plain statement PostgreSQL planned its seven joins and lateral subqueries
-- on each call, and planning cost ten times the execution (PGlite re-plans every statement; one engine serves all
-- requests). PL/pgSQL keeps the plan of the statement below per connection. Same answer as the statement it
-- replaces: the user of an open, unexpired session with an active account, the membership in the requested
-- tenant (a provider admin belongs to every active account), the role of that membership (else of the home
-- tenant's) and the role's active permissions; NULL when there is no such session.
CREATE FUNCTION app_session_principal(
  p_session integer,
  p_user integer,
  p_now timestamptz,
  p_tenant integer,
  p_provider_permission text
) RETURNS json
LANGUAGE plpgsql STABLE SET search_path = public AS $$
BEGIN
  RETURN (
    SELECT row_to_json(principal_row) FROM (
      SELECT u.id AS "userId", u.email, u.first_name AS "firstName", u.last_name AS "lastName",
        u.phone_number AS "phoneNumber", u.tenant_id AS "homeTenantId", t.name AS "homeTenantName",
        t.is_system AS "homeTenantIsSystem", t.is_active AS "homeTenantActive",
        m.id AS "membershipId", m.name AS "membershipName", m.is_system AS "membershipIsSystem",
        r.id AS "roleId", r.name AS "roleName",
        (SELECT array_agg(p.permission ORDER BY p.id) FROM role_permissions rp
         JOIN permissions p ON p.id = rp.permission_id
         WHERE rp.role_id = r.id AND rp.active) AS permissions
      FROM sessions s
      JOIN users u ON u.id = s.user_id
      JOIN tenants t ON t.id = u.tenant_id
      LEFT JOIN LATERAL (
        SELECT t.is_system AND EXISTS (
          SELECT 1 FROM user_tenants hut
          JOIN role_permissions hrp ON hrp.role_id = hut.role_id AND hrp.active
          JOIN permissions hp ON hp.id = hrp.permission_id
          WHERE hut.user_id = u.id AND hut.tenant_id = u.tenant_id AND hp.permission = p_provider_permission
        ) AS yes
      ) provider ON true
      LEFT JOIN LATERAL (
        SELECT mt.id, mt.name, mt.is_system FROM tenants mt
        WHERE mt.id = p_tenant AND mt.is_active
          AND (provider.yes OR EXISTS (SELECT 1 FROM user_tenants ut WHERE ut.user_id = u.id AND ut.tenant_id = mt.id))
      ) m ON true
      LEFT JOIN LATERAL (
        SELECT ro.id, ro.name FROM user_tenants ut JOIN roles ro ON ro.id = ut.role_id
        WHERE ut.user_id = u.id AND (ut.tenant_id = m.id OR ut.tenant_id = u.tenant_id)
        ORDER BY ut.tenant_id = m.id DESC NULLS LAST
        LIMIT 1
      ) r ON true
      WHERE s.id = p_session AND s.user_id = p_user AND s.ended_at IS NULL
        AND s.expires_at > p_now AND u.is_active
    ) principal_row
  );
END
$$;
-- Identity work only (the privileged connection); the application role reads none of these tables' other rows.
REVOKE ALL ON FUNCTION app_session_principal(integer, integer, timestamptz, integer, text) FROM PUBLIC;
