import type { Readable } from 'node:stream';
import type { TenantContext } from '../../../platform/openapi/handler';
import { sniffFileType } from '../../../platform/storage/sniff-file';
import { FILE_KINDS } from './file-kinds';
import { deleteProjectFileRow, markProjectFileStored, type ProjectFileRow } from './project-files-store';

async function readHead(stream: Readable, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= bytes) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, bytes);
}

/**
 * A file handed out as a direct upload URL (assets) is PENDING until its bytes are in storage. On first read it
 * is confirmed: kept (STORED) when present, of the accepted type and size; otherwise the row and any object go.
 * Answers the row as it now stands, or null. (With S3 the PUT never reaches this server, so the check is here, and
 * writes though the read that finds it only reads: `settleInTenant`, ADR 0178.)
 */
export async function confirmPendingUpload(ctx: TenantContext, row: ProjectFileRow): Promise<ProjectFileRow | null> {
  if (row.status === 'STORED') return row;
  const storage = ctx.deps.storage;
  const size = await storage.size(row.storage_key);
  if (size === null) return null;
  const kind = FILE_KINDS[row.file_type];
  const stream = await storage.get(row.storage_key);
  const type = stream ? await sniffFileType(await readHead(stream, 4100)) : null;
  const accepted = Object.values(kind.extensions).some((e) => e.bytes.includes(type ?? ''));
  if (!accepted || size > kind.maxBytes || size === 0) {
    await ctx.settleInTenant((trx) => deleteProjectFileRow(trx, row.id));
    await storage.delete(row.storage_key);
    return null;
  }
  await ctx.settleInTenant((trx) => markProjectFileStored(trx, row.id, size));
  return { ...row, status: 'STORED', size_bytes: size };
}
