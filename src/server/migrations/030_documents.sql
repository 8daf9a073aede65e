-- The account's shared documents (docs/product/documents.md#page, docs/product/documents.md#list "Document",
-- docs/product/documents.md#upload; docs/product/documents.md; ADR 0038). The bytes live in the storage interface
-- (DATA_DIR/files or S3-compatible storage, ADR 0016); a row names the stored object, the file name it is downloaded
-- under, its type, size, comment and who uploaded it.
CREATE TABLE documents (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  file_name text NOT NULL CHECK (file_name ~ '^[^/\\\x01-\x1f]{1,200}$'),
  -- The accepted extension without its dot (pdf, png, jpeg, jpg, xlsx, docx, doc, json, html): the File Type column.
  document_type text NOT NULL CHECK (document_type IN ('pdf', 'png', 'jpeg', 'jpg', 'xlsx', 'docx', 'doc', 'json', 'html')),
  media_type text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes BETWEEN 1 AND 10485760),
  storage_key text NOT NULL UNIQUE,
  comment text CHECK (length(btrim(comment)) BETWEEN 1 AND 1000),
  uploaded_by integer REFERENCES users (id) ON DELETE SET NULL,
  uploaded_at timestamptz NOT NULL,
  UNIQUE (id, tenant_id)
);
CREATE INDEX documents_tenant_idx ON documents (tenant_id, uploaded_at DESC, id DESC);
SELECT app_enable_tenant_rls('documents');
