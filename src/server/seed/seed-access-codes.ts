import type { Db } from '../platform/db/schema';
import { withTenant } from '../platform/tenancy/with-tenant';
import { burnAccessCodes, checkAccessCodeRows, storeAccessCodeFile, textRows } from '../services/participant-service';

/** The demo access-code file's name (docs/product/access-codes.md#demo). */
export const DEMO_ACCESS_CODE_FILE = 'Demo Access Codes.txt';

/**
 * Demo access codes (docs/product/access-codes.md#demo), through the upload's own check and store: one file on
 * the given project with 20 Primary, 4 Backup and 3 test codes (nine digits from the tenant id, so unique on
 * the platform), two of them burnt. Only when the project has no access-code file yet.
 */
export async function seedAccessCodes(db: Db, deps: { tenantId: number; projectId: number; now: Date }) {
  await withTenant(db, deps.tenantId, async (trx) => {
    const existing = await trx
      .selectFrom('access_code_files')
      .select('id')
      .where('project_id', '=', deps.projectId)
      .executeTakeFirst();
    if (existing) return;
    const code = (n: number) => {
      const digits = `9${String(deps.tenantId % 1000).padStart(3, '0')}${String(n).padStart(5, '0')}`;
      return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
    };
    const lines = [
      'Access Code,Type,Test',
      ...Array.from({ length: 20 }, (_, i) => `${code(i + 1)},Primary,No`),
      ...Array.from({ length: 4 }, (_, i) => `${code(i + 101)},Backup,No`),
      ...Array.from({ length: 3 }, (_, i) => `${code(i + 201)},Primary,Yes`),
    ];
    const checked = await checkAccessCodeRows(textRows(lines), 'txt');
    if (checked.errors.length) throw new Error(`demo access codes: ${checked.errors[0]!.message}`);
    const importedBy =
      (await trx.selectFrom('users').select('id').orderBy('id').limit(1).executeTakeFirst())?.id ?? null;
    await storeAccessCodeFile(
      trx,
      {
        tenantId: deps.tenantId,
        projectId: deps.projectId,
        originalFileName: DEMO_ACCESS_CODE_FILE,
        importedBy,
        now: deps.now,
      },
      checked.codes,
    );
    const burnt = await trx
      .selectFrom('access_codes')
      .select('id')
      .where('project_id', '=', deps.projectId)
      .where('is_backup', '=', false)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    await burnAccessCodes(
      trx,
      burnt.map((r) => Number(r.id)),
      deps.now,
    );
  });
}
