-- The result-configuration template a project shows its results with (docs/product/project-form.md#sections internal
-- field result_configuration_template_id; docs/product/project-results.md#pdf PDF risk report,
-- docs/product/result-config.md#project-display). Null: the account's 'Standard Results'. A template a project uses
-- cannot be deleted (the store answers 409 first; the key is the backstop).
ALTER TABLE projects ADD COLUMN result_configuration_template_id integer;
ALTER TABLE projects
  ADD CONSTRAINT projects_result_configuration_template_fkey
  FOREIGN KEY (result_configuration_template_id, tenant_id) REFERENCES result_config_templates (id, tenant_id);
CREATE INDEX projects_result_configuration_template_idx ON projects (tenant_id, result_configuration_template_id)
  WHERE result_configuration_template_id IS NOT NULL;
