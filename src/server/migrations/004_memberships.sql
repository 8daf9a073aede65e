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
