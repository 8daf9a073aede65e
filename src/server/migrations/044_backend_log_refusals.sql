-- The backend data log keeps every raw intake post (docs/product/call-reports.md#backend-data-log): a refused post
-- is logged too, with the refusal the caller was given, so an operator can repost it once the cause is fixed.
ALTER TABLE backend_data_logs ADD COLUMN refusal text;
