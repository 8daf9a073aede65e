-- Reference data for accounts, plus the first shape of projects and call centers (later issues extend them).

CREATE TABLE tenant_attributes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  attribute_type text NOT NULL
    CHECK (attribute_type IN ('ACCOUNT_TYPE', 'CUSTOMER_SEGMENT', 'SPECIAL_RESTRICTION', 'SPECIAL_PRIVILEGE', 'CURRENCY')),
  attribute_id integer NOT NULL,
  language_id integer NOT NULL REFERENCES languages (id),
  description text NOT NULL,
  sequence integer NOT NULL,
  active boolean NOT NULL DEFAULT true,
  UNIQUE (attribute_type, attribute_id, language_id)
);
CREATE INDEX tenant_attributes_language_idx ON tenant_attributes (language_id, attribute_type, sequence);
GRANT SELECT ON tenant_attributes TO voxscreen_app;

CREATE TABLE projects (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL
);
CREATE INDEX projects_tenant_name_idx ON projects (tenant_id, lower(name), id);
SELECT app_enable_tenant_rls('projects');

CREATE TABLE call_centers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  call_center_phone text,
  contact_phone text,
  contact_person_first_name text,
  contact_person_last_name text,
  contact_email text,
  notification_email text,
  is_active boolean NOT NULL DEFAULT true,
  queue1 text,
  queue2 text,
  queue3 text,
  note text,
  street1 text,
  street2 text,
  city text,
  zip text,
  country text,
  country_id integer,
  state_id integer,
  created_at timestamptz NOT NULL,
  UNIQUE (id, tenant_id)
);
CREATE INDEX call_centers_tenant_name_idx ON call_centers (tenant_id, lower(name), id);
SELECT app_enable_tenant_rls('call_centers');

CREATE TABLE call_center_languages (
  tenant_id integer NOT NULL,
  call_center_id integer NOT NULL,
  language_id integer NOT NULL REFERENCES languages (id),
  PRIMARY KEY (call_center_id, language_id),
  FOREIGN KEY (call_center_id, tenant_id) REFERENCES call_centers (id, tenant_id) ON DELETE CASCADE
);
CREATE INDEX call_center_languages_tenant_idx ON call_center_languages (tenant_id);
SELECT app_enable_tenant_rls('call_center_languages');
