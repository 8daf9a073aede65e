import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSeededDatabase, TEMPLATE_ENV } from './database-template';
import { dumpTemplate } from './template-dump';

/** Migrates and seeds one database for the whole run; every test file then starts from its own copy. */
export default async function globalSetup(): Promise<void> {
  const { db, pglite } = await createSeededDatabase();
  const file = join(mkdtempSync(join(tmpdir(), 'voxscreen-template-')), 'seeded.tar');
  writeFileSync(file, await dumpTemplate(pglite));
  await db.destroy();
  process.env[TEMPLATE_ENV] = file;
}
