-- Lookup values (docs/product/admin-lookups.md): every field name of the project form's dropdowns is a
-- project attribute of the tenant, in English and Spanish rows paired by attribute_id. STATUS and STAGE stay
-- as they were. Written to apply on top of any other migration that widens the same check (IF EXISTS / IF NOT
-- EXISTS), since the project form issue touches this table in parallel.
ALTER TABLE project_attributes DROP CONSTRAINT IF EXISTS project_attributes_attribute_type_check;
ALTER TABLE project_attributes ADD CONSTRAINT project_attributes_attribute_type_check CHECK (attribute_type IN (
  'STATUS', 'STAGE', 'DEPARTMENT', 'TYPE', 'RISK_OBJECTIVE_INTERNAL', 'LANGUAGE', 'LOCATION',
  'RISK_OBJECTIVE_EXTERNAL', 'DELIVERY_METHOD', 'INTERVIEW_METHOD', 'CALL_TYPE', 'CATEGORY'));
ALTER TABLE project_attributes ADD COLUMN IF NOT EXISTS is_default boolean NOT NULL DEFAULT false;
