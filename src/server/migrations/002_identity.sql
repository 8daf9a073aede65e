-- Identity: permission catalogue, roles, users, memberships, sessions, throttling, password reset.

-- Rows come from src/server/platform/permissions/catalogue.ts, synchronised on every start.
CREATE TABLE permissions (
  id integer PRIMARY KEY,
  permission text NOT NULL UNIQUE,
  resource text NOT NULL,
  access_type text NOT NULL CHECK (access_type IN ('read', 'create', 'update', 'delete')),
  permission_group text NOT NULL CHECK (permission_group IN ('project', 'administration', 'internal')),
  permission_number integer NOT NULL UNIQUE
);
GRANT SELECT ON permissions TO voxscreen_app;

CREATE TABLE roles (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  description text,
  created_at timestamptz NOT NULL,
  UNIQUE (id, tenant_id)
);
CREATE UNIQUE INDEX roles_tenant_name_key ON roles (tenant_id, lower(name));
SELECT app_enable_tenant_rls('roles');

CREATE TABLE role_permissions (
  tenant_id integer NOT NULL,
  role_id integer NOT NULL,
  permission_id integer NOT NULL REFERENCES permissions (id),
  active boolean NOT NULL,
  PRIMARY KEY (role_id, permission_id),
  FOREIGN KEY (role_id, tenant_id) REFERENCES roles (id, tenant_id) ON DELETE CASCADE
);
CREATE INDEX role_permissions_tenant_idx ON role_permissions (tenant_id);
SELECT app_enable_tenant_rls('role_permissions');

CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  role_id integer NOT NULL,
  email text NOT NULL CHECK (email = lower(email) AND length(email) > 0),
  password_hash text,
  first_name text NOT NULL,
  last_name text NOT NULL,
  title text,
  phone_number text,
  image bytea,
  is_active boolean NOT NULL DEFAULT true,
  last_login_at timestamptz,
  notification_preference jsonb,
  created_at timestamptz NOT NULL,
  -- The role must belong to the user's home tenant.
  FOREIGN KEY (role_id, tenant_id) REFERENCES roles (id, tenant_id)
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE INDEX users_tenant_idx ON users (tenant_id, lower(first_name), lower(last_name), id);
CREATE INDEX users_role_idx ON users (role_id);
SELECT app_enable_tenant_rls('users');

-- Membership: owned by the tenant the user may operate in.
CREATE TABLE user_tenants (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, tenant_id)
);
CREATE INDEX user_tenants_tenant_idx ON user_tenants (tenant_id);
SELECT app_enable_tenant_rls('user_tenants');

-- Owned by the user's home tenant, so that tenant-scoped user administration can end a user's sessions.
CREATE TABLE sessions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  ip text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ended_at timestamptz,
  ended_reason text
);
CREATE INDEX sessions_open_by_user_idx ON sessions (user_id) WHERE ended_at IS NULL;
SELECT app_enable_tenant_rls('sessions', 'SELECT, UPDATE');

CREATE TABLE login_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  ip text NOT NULL,
  user_id integer,
  failed_at timestamptz NOT NULL
);
CREATE INDEX login_failures_account_idx ON login_failures (email, ip, failed_at);
CREATE INDEX login_failures_ip_idx ON login_failures (ip, failed_at);

CREATE TABLE ip_blocks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ip text NOT NULL,
  blocked_at timestamptz NOT NULL,
  blocked_until timestamptz NOT NULL
);
CREATE INDEX ip_blocks_ip_idx ON ip_blocks (ip, blocked_until);

CREATE TABLE password_reset_tokens (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);
