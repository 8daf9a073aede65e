-- Interview recordings (docs/product/project-results.md#recording "recording" action,
-- docs/product/project-results.md#recording interviewRecordingExist, docs/product/project-results.md#recording
-- interviewrecordings; ADR 0056): the telephony platform attaches one audio file to an interview result through the
-- intake (putInterviewRecording, docs/product/results-intake.md#recordings). The bytes live in the file storage (local
-- disk or S3, ADR 0016) under `tenants/<tenant>/recordings/<result>/<sha256>.<ext>`; this row names them. One recording
-- a result; the same bytes again are a replay (sha256), other bytes a conflict. The row goes with its result.
CREATE TABLE interview_recordings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id integer NOT NULL,
  interview_result_id bigint NOT NULL,
  storage_key text NOT NULL,
  media_type text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes > 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL,
  FOREIGN KEY (interview_result_id, tenant_id) REFERENCES interview_results (id, tenant_id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX interview_recordings_result_key ON interview_recordings (interview_result_id);
SELECT app_enable_tenant_rls('interview_recordings');
