import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { checkStorageKey, type FileStorage, type StorageKey, type StoredObjectInput } from './file-storage';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files on local disk under one root (DATA_DIR/files); a write lands under a temporary name, then is renamed. */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: StorageKey): string {
    return join(this.root, checkStorageKey(key));
  }

  async put(key: StorageKey, input: StoredObjectInput): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.${randomUUID()}.partial`;
    try {
      await pipeline(input.body, createWriteStream(partial, { mode: 0o600 }));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: StorageKey): Promise<Readable | null> {
    const path = this.pathOf(key);
    if ((await this.size(key)) === null) return null;
    return createReadStream(path);
  }

  async size(key: StorageKey): Promise<number | null> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: StorageKey): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async presignedPutUrl(): Promise<string | null> {
    return null;
  }
}
