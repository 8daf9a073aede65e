-- The call centers a project uses (docs/product/project-form.md#call-centers, docs/product/project-form.md#calls "call
-- centers (id, name)"). Both foreign keys carry tenant_id, so a project can only name call centers of its own tenant.
CREATE TABLE project_call_centers (
  tenant_id integer NOT NULL,
  project_id integer NOT NULL,
  call_center_id integer NOT NULL,
  PRIMARY KEY (project_id, call_center_id),
  FOREIGN KEY (project_id, tenant_id) REFERENCES projects (id, tenant_id) ON DELETE CASCADE,
  FOREIGN KEY (call_center_id, tenant_id) REFERENCES call_centers (id, tenant_id) ON DELETE CASCADE
);
CREATE INDEX project_call_centers_tenant_idx ON project_call_centers (tenant_id);
CREATE INDEX project_call_centers_call_center_idx ON project_call_centers (call_center_id);
SELECT app_enable_tenant_rls('project_call_centers');
