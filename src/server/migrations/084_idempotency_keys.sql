-- Retry-safe writes (ADR 0091, docs/product/platform.md#retry-safe-writes): the answer of a write that came with an
-- Idempotency-Key, kept for 24 hours per caller (a user or a client application) and operating tenant, so that a
-- retry with the same key is answered from here instead of running the operation again. Each row is inserted in the
-- same transaction as the operation's own writes: either both are committed or neither is.
-- Not tenant data: no tenant_id column (no data-version or live-update triggers), and only the server's own role
-- reads it (the application role has no grant); the caller and the tenant are part of the key.
CREATE TABLE idempotency_keys (
  caller text NOT NULL CHECK (caller ~ '^(user|client):[0-9]+$'),
  -- 0: the call named no operating tenant (the user's own calls).
  operating_tenant_id integer NOT NULL CHECK (operating_tenant_id >= 0),
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  -- SHA-256 (hex) of the method, the path with its query and the body: the same key with another request is a 422.
  fingerprint text NOT NULL,
  status smallint NOT NULL CHECK (status BETWEEN 200 AND 299),
  -- The answer's headers that matter to a client (content type and disposition, ETag), as a JSON object.
  headers jsonb NOT NULL,
  body bytea NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (caller, operating_tenant_id, idempotency_key)
);
-- The sweep deletes rows older than 24 hours by this index.
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
