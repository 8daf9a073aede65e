import type { Readable } from 'node:stream';

/** Where a stored object lives: a relative key of letters, digits, `-`, `_`, `.` and `/` segments. */
export type StorageKey = string;

const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,199})(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}){0,9}$/;

/** Refuses keys that could leave the storage root (`..`, absolute paths, odd characters). */
export function checkStorageKey(key: string): StorageKey {
  if (!KEY.test(key) || key.split('/').some((segment) => segment === '.' || segment === '..'))
    throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/** A file to store: its bytes as a stream, with its length known (S3 needs it up front). */
export interface StoredObjectInput {
  body: Readable;
  sizeBytes: number;
  contentType: string;
}

/**
 * The one storage interface for files (ADR 0016): local disk under DATA_DIR/files by default, S3-compatible
 * object storage when configured. Database rows only name what is stored here.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: StorageKey, input: StoredObjectInput): Promise<void>;
  /** The object's bytes as a stream, or null when there is none. */
  get(key: StorageKey): Promise<Readable | null>;
  /** The object's size in bytes, or null when there is none. */
  size(key: StorageKey): Promise<number | null>;
  delete(key: StorageKey): Promise<void>;
  /**
   * A URL a client PUTs the object to directly, valid for expiresInSeconds; null when the storage has no such
   * URL of its own (local disk: the server serves a signed URL instead, see upload-url-token.ts).
   */
  presignedPutUrl(key: StorageKey, options: { contentType: string; expiresInSeconds: number }): Promise<string | null>;
}
