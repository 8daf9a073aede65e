-- Memberships carry the role (ADR 0002, "Known gap" closed): a user's role is the role of their membership in
-- the tenant they operate in, so one person can be Customer Admin of one account and Analyst of another.

ALTER TABLE user_tenants ADD COLUMN role_id integer;

-- The membership in the home tenant takes the user's role as it was.
UPDATE user_tenants ut SET role_id = u.role_id
FROM users u
WHERE u.id = ut.user_id AND u.tenant_id = ut.tenant_id;

-- A membership elsewhere takes the role of the same name in that tenant (every tenant has the standard roles).
UPDATE user_tenants ut SET role_id = r.id
FROM users u
JOIN roles home_role ON home_role.id = u.role_id
JOIN roles r ON lower(r.name) = lower(home_role.name)
WHERE u.id = ut.user_id AND ut.role_id IS NULL AND r.tenant_id = ut.tenant_id;

-- Any membership still without a role gets a copy of the home role, with its permissions, in that tenant.
INSERT INTO roles (tenant_id, name, description, created_at)
SELECT DISTINCT ON (ut.tenant_id, lower(home_role.name)) ut.tenant_id, home_role.name, home_role.description, now()
FROM user_tenants ut
JOIN users u ON u.id = ut.user_id
JOIN roles home_role ON home_role.id = u.role_id
WHERE ut.role_id IS NULL
ORDER BY ut.tenant_id, lower(home_role.name);

UPDATE user_tenants ut SET role_id = r.id
FROM users u
JOIN roles home_role ON home_role.id = u.role_id
JOIN roles r ON lower(r.name) = lower(home_role.name)
WHERE u.id = ut.user_id AND ut.role_id IS NULL AND r.tenant_id = ut.tenant_id;

INSERT INTO role_permissions (tenant_id, role_id, permission_id, active)
SELECT r.tenant_id, r.id, rp.permission_id, rp.active
FROM roles r
JOIN user_tenants ut ON ut.role_id = r.id
JOIN users u ON u.id = ut.user_id
JOIN role_permissions rp ON rp.role_id = u.role_id
WHERE r.tenant_id <> u.tenant_id
  AND NOT EXISTS (SELECT 1 FROM role_permissions held WHERE held.role_id = r.id)
ON CONFLICT DO NOTHING;

ALTER TABLE user_tenants ALTER COLUMN role_id SET NOT NULL;
-- The role must belong to the tenant of the membership.
ALTER TABLE user_tenants
  ADD CONSTRAINT user_tenants_role_fkey FOREIGN KEY (role_id, tenant_id) REFERENCES roles (id, tenant_id);
CREATE INDEX user_tenants_role_idx ON user_tenants (role_id);

-- The user row no longer holds a role.
ALTER TABLE users DROP COLUMN role_id;

-- Account (tenant) fields of docs/product/admin-accounts.md#account-form, and the primary user created with the
-- account.
ALTER TABLE tenants
  ADD COLUMN sales_person text,
  ADD COLUMN account_type_id integer,
  ADD COLUMN customer_segment_id integer,
  ADD COLUMN customer_id text,
  ADD COLUMN backend_system_code text,
  ADD COLUMN number_of_interviews integer CHECK (number_of_interviews > 0),
  ADD COLUMN greenhouse_account boolean NOT NULL DEFAULT false,
  ADD COLUMN greenhouse_app_key text,
  ADD COLUMN greenhouse_api_key text,
  ADD COLUMN account_api_key text,
  ADD COLUMN partner_account boolean NOT NULL DEFAULT false,
  ADD COLUMN currency_id integer,
  ADD COLUMN restriction_id integer,
  ADD COLUMN primary_user_id integer REFERENCES users (id) ON DELETE SET NULL;

-- A customer admin edits their own account inside their tenant's scope: the directory stays readable, and
-- voxscreen_app may update only the row of the tenant named by app.tenant_id (never is_system or created_at).
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_directory_read ON tenants FOR SELECT TO voxscreen_app USING (true);
CREATE POLICY tenant_self_update ON tenants FOR UPDATE TO voxscreen_app
  USING (id = nullif(current_setting('app.tenant_id', true), '')::int)
  WITH CHECK (id = nullif(current_setting('app.tenant_id', true), '')::int);
DO $$
BEGIN
  EXECUTE format('CREATE POLICY system_access ON tenants TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
GRANT UPDATE (name, is_active, logo, sales_person, account_type_id, customer_segment_id, customer_id, backend_system_code,
  number_of_interviews, greenhouse_account, greenhouse_app_key, greenhouse_api_key, account_api_key, partner_account, currency_id,
  restriction_id) ON tenants TO voxscreen_app;

-- Special privilege of a user (restricted environment only, docs/product/admin-accounts.md#account-form).
ALTER TABLE users ADD COLUMN privilege_id integer;

-- Set-password links are also issued inside a tenant's scope (Add User invites the new user): the token row
-- belongs to the user's home tenant, and voxscreen_app may only insert tokens of the operating tenant.
ALTER TABLE password_reset_tokens ADD COLUMN tenant_id integer REFERENCES tenants (id);
UPDATE password_reset_tokens p SET tenant_id = u.tenant_id FROM users u WHERE u.id = p.user_id;
ALTER TABLE password_reset_tokens ALTER COLUMN tenant_id SET NOT NULL;
SELECT app_enable_tenant_rls('password_reset_tokens', 'INSERT');
