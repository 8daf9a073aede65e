import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../platform/db/schema';
import { HEAD_BYTES } from '../platform/openapi/multipart-body';
import { PdfWriter } from '../platform/pdf/pdf-writer';
import type { FileStorage } from '../platform/storage/file-storage';
import { withTenant } from '../platform/tenancy/with-tenant';
import { storeDocument } from '../services/user-service';

/** The demo documents of a customer tenant (docs/product/documents.md#demo). */
async function demoDocuments(now: Date): Promise<{ fileName: string; content: Buffer; comment: string }[]> {
  const policy = await new PdfWriter({ title: 'Screening Policy', createdAt: now })
    .heading('Screening Policy')
    .paragraph('Every participant is screened with the approved questionnaire of their project.')
    .paragraph('Results marked High Risk are reviewed by a supervisor within two working days.')
    .finish();
  const guide = Buffer.from(
    `${JSON.stringify({ title: 'Interview Guide', steps: ['Greet', 'Verify the access code', 'Ask the questions'] }, null, 2)}\n`,
  );
  return [
    { fileName: 'Screening Policy.pdf', content: policy, comment: 'Current screening policy for all projects' },
    { fileName: 'Interview Guide.json', content: guide, comment: 'Call script outline' },
  ];
}

/**
 * Through the upload's own function (checked, streamed to storage, recorded), each demo document the tenant does not
 * hold yet by name (a seed cut off between two documents adds the rest); nothing once it has documents of its own
 * and none of the demo's. The first home user of the tenant is named as the uploader.
 */
export async function seedDocuments(
  db: Db,
  deps: { tenantId: number; storage: FileStorage; now: Date },
): Promise<void> {
  const inTenant = <T>(fn: (trx: Db) => Promise<T>) => withTenant(db, deps.tenantId, fn);
  const demo = await demoDocuments(deps.now);
  const state = await inTenant(async (trx) => ({
    held: new Set((await trx.selectFrom('documents').select('file_name').execute()).map((d) => d.file_name)),
    uploader: (await trx.selectFrom('users').select('id').orderBy('id').limit(1).executeTakeFirst())?.id ?? null,
  }));
  if (state.held.size > 0 && !demo.some((document) => state.held.has(document.fileName))) return;
  for (const document of demo.filter((d) => !state.held.has(d.fileName))) {
    const path = join(tmpdir(), `voxscreen-seed-${randomUUID()}`);
    await writeFile(path, document.content, { mode: 0o600 });
    try {
      await storeDocument(
        { storage: deps.storage, log: console, inTenant },
        {
          tenantId: deps.tenantId,
          upload: {
            filename: document.fileName,
            mimetype: 'application/octet-stream',
            path,
            sizeBytes: document.content.length,
            head: document.content.subarray(0, HEAD_BYTES),
          },
          uploadedBy: state.uploader,
          comment: document.comment,
          now: deps.now,
        },
      );
    } finally {
      await rm(path, { force: true });
    }
  }
}
