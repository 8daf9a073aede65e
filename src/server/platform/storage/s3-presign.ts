import type { S3Client } from '@aws-sdk/client-s3';
import type { S3StorageSettings } from './s3-file-storage';

/** Where a key's object lives: path style on a configured endpoint, else the bucket's virtual host on AWS. */
function objectLocation(
  settings: Pick<S3StorageSettings, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>,
  key: string,
) {
  const escapedKey = key.split('/').map(encodeURIComponent).join('/');
  if (settings.endpoint) {
    const endpoint = new URL(settings.endpoint);
    const pathStyle = settings.forcePathStyle;
    return {
      protocol: endpoint.protocol,
      hostname: pathStyle ? endpoint.hostname : `${settings.bucket}.${endpoint.hostname}`,
      port: endpoint.port ? Number(endpoint.port) : undefined,
      path: pathStyle ? `/${encodeURIComponent(settings.bucket)}/${escapedKey}` : `/${escapedKey}`,
    };
  }
  return {
    protocol: 'https:',
    hostname: `${settings.bucket}.s3.${settings.region}.amazonaws.com`,
    port: undefined,
    path: `/${escapedKey}`,
  };
}

interface PresignableRequest {
  method: string;
  protocol: string;
  hostname: string;
  port?: number;
  path: string;
  query: Record<string, string | string[] | null>;
  headers: Record<string, string>;
}

interface Presigner {
  presign(request: PresignableRequest, options: { expiresIn: number }): Promise<PresignableRequest>;
}

/** The client's SigV4 signer (SignatureV4MultiRegion at run time), which also presigns. */
async function presigner(client: S3Client): Promise<Presigner> {
  const signer: unknown = await (client.config.signer as () => Promise<unknown>)();
  if (typeof (signer as Partial<Presigner>).presign !== 'function') throw new Error('The S3 signer cannot presign');
  return signer as Presigner;
}

/**
 * A presigned PUT URL (query-string SigV4, UNSIGNED-PAYLOAD) made with the client's own signer and credentials,
 * as @aws-sdk/s3-request-presigner does, without that extra package. The client must send the same Content-Type.
 */
export async function presignS3Put(
  client: S3Client,
  settings: S3StorageSettings,
  key: string,
  options: { contentType: string; expiresInSeconds: number },
): Promise<string> {
  const location = objectLocation(settings, key);
  const host = location.port ? `${location.hostname}:${location.port}` : location.hostname;
  const signer = await presigner(client);
  const signed = await signer.presign(
    {
      method: 'PUT',
      protocol: location.protocol,
      hostname: location.hostname,
      ...(location.port !== undefined && { port: location.port }),
      path: location.path,
      query: {},
      headers: { host, 'content-type': options.contentType, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
    },
    { expiresIn: options.expiresInSeconds },
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(signed.query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== null) query.append(name, v);
  }
  return `${location.protocol}//${host}${location.path}?${query.toString()}`;
}
