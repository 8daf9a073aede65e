-- Client applications (docs/product/admin-clients-and-secrets.md#client-applications,
-- docs/product/admin-clients-and-secrets.md#client-app-forms,
-- docs/product/admin-clients-and-secrets.md#client-applications "Client application"; ADR 0022) and the tenant's
-- secrets (the Secrets tab, spec README; ADR 0023).

-- OAuth 2.0 clients of a tenant (client credentials grant). The secret is kept only as a scrypt hash; the
-- credential version goes into every token, so regenerating the secret ends the tokens issued before.
CREATE TABLE client_applications (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  client_id text NOT NULL CHECK (client_id ~ '^vxc_[0-9a-f]{24}$'),
  client_name text NOT NULL CHECK (length(btrim(client_name)) BETWEEN 1 AND 100),
  description text CHECK (length(description) <= 1000),
  secret_hash text NOT NULL,
  credential_version integer NOT NULL DEFAULT 1 CHECK (credential_version >= 1),
  scopes text[] NOT NULL,
  created_by integer,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (id, tenant_id)
);
-- Unique on the whole platform: the token endpoint finds the client by its id before it knows the tenant.
CREATE UNIQUE INDEX client_applications_client_id_key ON client_applications (client_id);
CREATE INDEX client_applications_tenant_idx ON client_applications (tenant_id, lower(client_name), id);
SELECT app_enable_tenant_rls('client_applications');

-- Secrets the tenant's integrations use (webhook signing keys, API keys for client callbacks).
CREATE TABLE tenant_secrets (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  kind text NOT NULL CHECK (kind IN ('WEBHOOK_SIGNING_KEY', 'CALLBACK_API_KEY')),
  description text CHECK (length(description) <= 1000),
  -- How long the value replaced by a rotation still verifies (at most 30 days).
  grace_period_seconds integer NOT NULL CHECK (grace_period_seconds BETWEEN 0 AND 2592000),
  created_by integer,
  created_at timestamptz NOT NULL,
  rotated_at timestamptz,
  UNIQUE (id, tenant_id)
);
CREATE UNIQUE INDEX tenant_secrets_name_key ON tenant_secrets (tenant_id, lower(name));
SELECT app_enable_tenant_rls('tenant_secrets');

-- The values of a secret, encrypted (AES-256-GCM, ADR 0023). The current value has no expiry; a rotation sets
-- the replaced value's valid_until to the end of the grace period.
CREATE TABLE tenant_secret_values (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  secret_id integer NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  ciphertext jsonb NOT NULL,
  -- The last four characters, for the masked list; the rest of the value never leaves the database in clear.
  last_four text NOT NULL CHECK (length(last_four) = 4),
  created_at timestamptz NOT NULL,
  valid_until timestamptz,
  FOREIGN KEY (secret_id, tenant_id) REFERENCES tenant_secrets (id, tenant_id) ON DELETE CASCADE,
  UNIQUE (secret_id, version)
);
CREATE UNIQUE INDEX tenant_secret_values_current_key ON tenant_secret_values (secret_id) WHERE valid_until IS NULL;
CREATE INDEX tenant_secret_values_tenant_idx ON tenant_secret_values (tenant_id);
SELECT app_enable_tenant_rls('tenant_secret_values');

-- Editing and deleting a client application (the catalogue had only read and create). The catalogue sync adds
-- them on every start too; here they must exist before the grants below.
INSERT INTO permissions (id, permission, resource, access_type, permission_group, permission_number) VALUES
  (70, 'tenant.client.application.update', 'tenant.client.application', 'update', 'administration', 70),
  (71, 'tenant.client.application.delete', 'tenant.client.application', 'delete', 'administration', 71)
ON CONFLICT (id) DO NOTHING;

-- Existing tenants: the provider administrator and the customer administrator manage client applications and
-- secrets (a permission a role already has a row for, granted or not, is left as the administrator set it).
INSERT INTO role_permissions (tenant_id, role_id, permission_id, active)
SELECT r.tenant_id, r.id, p.id, true
FROM roles r
JOIN permissions p ON p.permission IN (
  'tenant.client.application.read', 'tenant.client.application.create', 'tenant.client.application.update',
  'tenant.client.application.delete', 'secrets.read', 'secrets.create', 'secrets.update', 'secrets.delete')
WHERE r.name IN ('Voxscreen Admin', 'Customer Admin')
ON CONFLICT (role_id, permission_id) DO NOTHING;
