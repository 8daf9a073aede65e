import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { HttpError, notFound } from '../../../platform/http/http-error';
import type { StreamedUpload } from '../../../platform/openapi/multipart-body';
import { sniffFileType } from '../../../platform/storage/sniff-file';
import {
  putStreamedUpload,
  removeStoredObject,
  type TenantUploadEnvironment,
} from '../../../platform/storage/stored-uploads';
import { RECORDING_MAX_BYTES, recordingKindOf, recordingStorageKey } from './recording-kinds';
import { findRecording, insertRecording, recordableResultExists, type StoredRecording } from './recordings-store';

/** The refusals of a recording upload (docs/product/results-intake.md#recordings). */
export const RECORDING_MESSAGES = {
  notAudio: 'The recording must be audio: WAV, MP3, Ogg, FLAC, M4A, AAC or AMR.',
  resultNotFound: 'Result not found.',
  exists: 'This result already has a different recording.',
} as const;

export type RecordingEnvironment = TenantUploadEnvironment;

export interface RecordingAnswer {
  interviewResultId: number;
  mediaType: string;
  sizeBytes: number;
  sha256: string;
  replayed: boolean;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

const answerOf = (r: StoredRecording, replayed: boolean): RecordingAnswer => ({
  interviewResultId: r.resultId,
  mediaType: r.mediaType,
  sizeBytes: r.sizeBytes,
  sha256: r.sha256,
  replayed,
});

const conflict = () => new HttpError(409, RECORDING_MESSAGES.exists, { code: 'RECORDING_EXISTS' });

/**
 * Attaches an uploaded recording to a result of the tenant (ADR 0056): audio by its first bytes (415 otherwise), the
 * result the tenant's and not deleted (404), one recording a result (the same bytes: replayed, nothing changes;
 * other bytes: 409). Every check runs before anything is stored; a row that cannot be written removes the stored
 * object again. Concurrent identical uploads write the same content-addressed key and one row.
 */
export async function acceptRecording(
  env: RecordingEnvironment,
  input: { tenantId: number; resultId: number; upload: StreamedUpload; now: Date },
): Promise<RecordingAnswer> {
  const { upload, resultId, tenantId } = input;
  if (upload.sizeBytes > RECORDING_MAX_BYTES) throw new Error('A recording over the limit reached acceptRecording.');
  const kind = recordingKindOf(await sniffFileType(upload.head));
  if (!kind)
    throw new HttpError(415, RECORDING_MESSAGES.notAudio, {
      code: 'UNSUPPORTED_MEDIA_TYPE',
      errors: [{ field: 'recording', message: RECORDING_MESSAGES.notAudio }],
    });
  const sha256 = await sha256Of(upload.path);
  const existing = await env.inTenant(async (trx) => {
    if (!(await recordableResultExists(trx, resultId))) throw notFound(RECORDING_MESSAGES.resultNotFound);
    return findRecording(trx, resultId);
  });
  if (existing) {
    if (existing.sha256 === sha256) return answerOf(existing, true);
    throw conflict();
  }
  const recording: StoredRecording = {
    resultId,
    storageKey: recordingStorageKey(tenantId, resultId, sha256, kind.extension),
    mediaType: kind.mediaType,
    sizeBytes: upload.sizeBytes,
    sha256,
  };
  await putStreamedUpload(env.storage, recording.storageKey, upload, kind.mediaType);
  let inserted: boolean;
  try {
    inserted = await env.inTenant((trx) => insertRecording(trx, { ...recording, tenantId, now: input.now }));
  } catch (error) {
    await removeStoredObject(env, env, recording.storageKey);
    throw error;
  }
  if (inserted) return answerOf(recording, false);
  // Another upload won the race: the same bytes share this key (keep it); other bytes leave ours unused.
  const winner = await env.inTenant((trx) => findRecording(trx, resultId));
  if (winner?.sha256 === sha256) return answerOf(winner, true);
  await removeStoredObject(env, env, recording.storageKey);
  throw conflict();
}
