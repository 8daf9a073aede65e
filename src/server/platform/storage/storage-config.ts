import type { S3StorageSettings } from './s3-file-storage';

type Env = Record<string, string | undefined>;

/** S3_BUCKET turns on S3-compatible storage (docs/development.md); without it files stay on local disk. */
export function s3SettingsFromEnv(env: Env): S3StorageSettings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  if (endpoint) new URL(endpoint); // throws on a malformed URL at start
  const prefix = (env.S3_PREFIX?.trim() ?? '').replace(/^\/+/, '');
  return {
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint,
    forcePathStyle: /^(1|true|yes|on)$/i.test(env.S3_FORCE_PATH_STYLE?.trim() ?? ''),
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
  };
}
