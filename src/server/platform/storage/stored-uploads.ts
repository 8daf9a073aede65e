import { createReadStream } from 'node:fs';
import type { Db } from '../db/schema';
import type { StreamedUpload } from '../openapi/multipart-body';
import type { FileStorage, StorageKey } from './file-storage';

/** The extension of a file name, lower case with its dot (`.xlsx`), or '' when it has none. */
export const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
};

/** What storing an upload for a tenant needs: the storage, a log and the tenant's row-level-security transaction. */
export interface TenantUploadEnvironment {
  storage: FileStorage;
  log: { warn(details: object, message: string): void };
  inTenant<T>(fn: (trx: Db) => Promise<T>): Promise<T>;
}

/** Streams a checked upload (its temporary file) to storage under a key; never read whole into memory. */
export async function putStreamedUpload(
  storage: FileStorage,
  key: StorageKey,
  upload: StreamedUpload,
  contentType: string,
): Promise<void> {
  await storage.put(key, { body: createReadStream(upload.path), sizeBytes: upload.sizeBytes, contentType });
}

/** Removes a stored object, logging (not failing) when storage refuses: the row no longer names it. */
export async function removeStoredObject(
  deps: { storage: FileStorage },
  ctx: { log: { warn(details: object, message: string): void } },
  key: StorageKey,
): Promise<void> {
  await deps.storage
    .delete(key)
    .catch((error: unknown) => ctx.log.warn({ err: error, key }, 'stored file not removed'));
}
