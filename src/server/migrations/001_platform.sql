-- Platform: the application role, the row-level-security helper, tenants, languages, signing keys, audit, outbox.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'voxscreen_app') THEN
    CREATE ROLE voxscreen_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  -- The connecting role switches to voxscreen_app with SET LOCAL ROLE, which needs membership.
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT voxscreen_app TO %I', current_user);
  END IF;
END $$;

GRANT USAGE ON SCHEMA public TO voxscreen_app;

-- Makes a table tenant-owned: row-level security on and forced, visible to voxscreen_app only for the tenant
-- named by app.tenant_id (set per transaction), fully visible to the role that owns the schema (identity work).
CREATE FUNCTION app_enable_tenant_rls(target regclass, privileges text DEFAULT 'SELECT, INSERT, UPDATE, DELETE')
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', target);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s TO voxscreen_app '
    'USING (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::int) '
    'WITH CHECK (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::int)', target);
  EXECUTE format('CREATE POLICY system_access ON %s TO %I USING (true) WITH CHECK (true)', target, current_user);
  EXECUTE format('GRANT %s ON %s TO voxscreen_app', privileges, target);
END $$;

CREATE TABLE languages (
  id integer PRIMARY KEY,
  short_code text NOT NULL UNIQUE,
  label text NOT NULL
);
INSERT INTO languages (id, short_code, label) VALUES (1, 'en', 'English'), (2, 'es', 'Español'), (3, 'tl', 'Tagalog');
GRANT SELECT ON languages TO voxscreen_app;

-- The tenant directory itself is not tenant-owned: the system tenant lists every account.
CREATE TABLE tenants (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  is_system boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  logo bytea,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX tenants_name_key ON tenants (lower(name));
CREATE UNIQUE INDEX tenants_single_system ON tenants ((true)) WHERE is_system;
CREATE INDEX tenants_created_at_idx ON tenants (created_at DESC, id DESC);
GRANT SELECT ON tenants TO voxscreen_app;

CREATE TABLE signing_keys (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kid text NOT NULL UNIQUE,
  algorithm text NOT NULL,
  public_jwk jsonb NOT NULL,
  private_jwk jsonb NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL
);
-- One active key: concurrent first starts of several instances race on this index, and one wins.
CREATE UNIQUE INDEX signing_keys_single_active ON signing_keys ((true)) WHERE active;

CREATE TABLE audit_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer REFERENCES tenants (id),
  user_id integer,
  email text,
  activity text NOT NULL,
  ip text,
  event_time timestamptz NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_events_user_idx ON audit_events (user_id, event_time DESC, id DESC);
CREATE INDEX audit_events_tenant_idx ON audit_events (tenant_id, event_time DESC, id DESC);
SELECT app_enable_tenant_rls('audit_events', 'SELECT, INSERT');

CREATE TABLE outbox_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  tenant_id integer REFERENCES tenants (id),
  recipient text NOT NULL,
  subject text,
  body_text text NOT NULL,
  body_html text,
  template_type text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  provider_message_id text,
  created_at timestamptz NOT NULL,
  next_attempt_at timestamptz NOT NULL,
  locked_until timestamptz,
  sent_at timestamptz
);
CREATE INDEX outbox_messages_pending_idx ON outbox_messages (next_attempt_at, id) WHERE status <> 'sent';
SELECT app_enable_tenant_rls('outbox_messages', 'SELECT, INSERT');
