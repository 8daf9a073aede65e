import { join } from 'node:path';
import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { S3FileStorage, type S3StorageSettings } from './s3-file-storage';

/** S3-compatible storage when configured, else local disk under DATA_DIR/files (ADR 0016). */
export function createFileStorage(config: { dataDir: string; s3: S3StorageSettings | null }): FileStorage {
  return config.s3 ? new S3FileStorage(config.s3) : new LocalFileStorage(join(config.dataDir, 'files'));
}
