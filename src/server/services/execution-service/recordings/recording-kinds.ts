/**
 * The audio an interview recording may be (docs/product/results-intake.md#recordings, ADR 0056): what `file-type`
 * reads from the first bytes, the media type the file is stored and served as, and its extension.
 */
export interface RecordingKind {
  mediaType: string;
  extension: string;
}

const KINDS: Record<string, RecordingKind> = {
  'audio/wav': { mediaType: 'audio/wav', extension: 'wav' },
  'audio/mpeg': { mediaType: 'audio/mpeg', extension: 'mp3' },
  'audio/ogg': { mediaType: 'audio/ogg', extension: 'ogg' },
  'audio/flac': { mediaType: 'audio/flac', extension: 'flac' },
  // An M4A is an MP4 container; file-type names it either way.
  'audio/mp4': { mediaType: 'audio/mp4', extension: 'm4a' },
  'audio/x-m4a': { mediaType: 'audio/mp4', extension: 'm4a' },
  'audio/aac': { mediaType: 'audio/aac', extension: 'aac' },
  // Narrow-band telephony codec.
  'audio/amr': { mediaType: 'audio/amr', extension: 'amr' },
};

/** The largest recording: the contract's `x-max-bytes` of putInterviewRecording (about 21 minutes of 8 kHz PCM). */
export const RECORDING_MAX_BYTES = 20 * 1024 * 1024;

/** The recording kind of a detected media type, or null when it is not accepted audio. */
export const recordingKindOf = (detected: string | null): RecordingKind | null =>
  detected !== null && Object.hasOwn(KINDS, detected) ? KINDS[detected]! : null;

/** Where a recording is stored: content-addressed under its tenant and result, so replays write the same key. */
export const recordingStorageKey = (tenantId: number, resultId: number, sha256: string, extension: string) =>
  `tenants/${tenantId}/recordings/${resultId}/${sha256}.${extension}`;

/** The name a recording is downloaded under: recording_{irn or result id}.{ext}, safe characters only. */
export function recordingFileName(irn: string | null, resultId: number, storageKey: string): string {
  const extension = storageKey.slice(storageKey.lastIndexOf('.') + 1);
  const name = (irn ?? '').replace(/[^A-Za-z0-9_-]/g, '') || String(resultId);
  return `recording_${name}.${extension}`;
}
