import { join } from 'node:path';
import { egressAgents } from '../egress/egress-agents';
import { EgressPolicy } from '../egress/egress-policy';
import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { S3FileStorage, type S3StorageSettings } from './s3-file-storage';

/** S3-compatible storage when configured, else local disk under DATA_DIR/files (ADR 0016); S3 through the egress policy. */
export function createFileStorage(config: {
  dataDir: string;
  s3: S3StorageSettings | null;
  egressAllow: readonly string[];
}): FileStorage {
  return config.s3
    ? new S3FileStorage(config.s3, undefined, egressAgents(new EgressPolicy(config.egressAllow)))
    : new LocalFileStorage(join(config.dataDir, 'files'));
}
