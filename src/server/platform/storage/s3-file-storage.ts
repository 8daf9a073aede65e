import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { EgressAgents } from '../egress/egress-agents';
import { presignS3Put } from './s3-presign';
import { checkStorageKey, type FileStorage, type StorageKey, type StoredObjectInput } from './file-storage';

export interface S3StorageSettings {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, ...); unset for AWS. */
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Prefix of every key in the bucket (e.g. `voxscreen/`). */
  prefix: string;
  /** Explicit credentials; unset: the SDK's default chain (environment, instance role, ...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Files in an S3-compatible bucket (ADR 0016). */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;

  readonly client: S3Client;

  /** `agents`: the egress policy's (ADR 0069); the client is given only by tests (a mocked SDK client). */
  constructor(
    private readonly settings: S3StorageSettings,
    client?: S3Client,
    agents?: EgressAgents,
  ) {
    this.client = client ?? new S3Client(s3ClientConfig(settings, agents));
  }

  private keyOf(key: StorageKey): string {
    return `${this.settings.prefix}${checkStorageKey(key)}`;
  }

  async put(key: StorageKey, input: StoredObjectInput): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.keyOf(key),
        Body: input.body,
        ContentLength: input.sizeBytes,
        ContentType: input.contentType,
      }),
    );
  }

  async get(key: StorageKey): Promise<Readable | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }),
      );
      return (answer.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async size(key: StorageKey): Promise<number | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }),
      );
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: StorageKey): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
  }

  presignedPutUrl(key: StorageKey, options: { contentType: string; expiresInSeconds: number }): Promise<string> {
    return presignS3Put(this.client, this.settings, this.keyOf(key), options);
  }
}

export function s3ClientConfig(settings: S3StorageSettings, agents?: EgressAgents): S3ClientConfig {
  return {
    // Every connection to the bucket goes through the egress policy (ADR 0069).
    ...(agents && { requestHandler: { httpAgent: agents.http, httpsAgent: agents.https } }),
    region: settings.region,
    ...(settings.endpoint && { endpoint: settings.endpoint }),
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: a presigned PUT carries no body to compute one from.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(settings.credentials && { credentials: settings.credentials }),
  };
}
