import { join } from 'node:path';
import { egressAgents } from '../egress/egress-agents';
import { EgressPolicy } from '../egress/egress-policy';
import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import type { S3StorageSettings } from './s3-file-storage';

/**
 * S3-compatible storage when configured, else local disk under DATA_DIR/files (ADR 0016); S3 through the egress policy.
 * The S3 client is loaded only then: most instances and every test file never need it.
 */
export async function createFileStorage(config: {
  dataDir: string;
  s3: S3StorageSettings | null;
  egressAllow: readonly string[];
}): Promise<FileStorage> {
  if (!config.s3) return new LocalFileStorage(join(config.dataDir, 'files'));
  const { S3FileStorage } = await import('./s3-file-storage');
  return new S3FileStorage(config.s3, undefined, egressAgents(new EgressPolicy(config.egressAllow)));
}
