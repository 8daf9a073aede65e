import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import { RISK_SEVERITY } from '../../../../shared/risk-sets';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { openTestDatabase } from '../../../testing/database-template';
import { pageIds, type ResultQuery } from './results-store';
import { seededTenantId } from '../../../testing/seeded-tenant';

// Migration 052 indexes the Results tab's overall-score order, by the stored severity since migration 132 (ADR 0206).
// PostgreSQL uses the index only when the query's column and directions match it exactly, so this test reads the plan with sorting and sequential scans
// priced out: if the order drifts from the index (a new code in RISK_SEVERITY, a NULLS clause), the plan sorts.
let db: Db;
let tenantId: number;
beforeAll(async () => {
  db = await openTestDatabase();
  tenantId = await seededTenantId(db);
});
afterAll(() => db.destroy());

const query = (sortDirection: 'asc' | 'desc', released: boolean): ResultQuery => ({
  projectId: 1,
  page: 1,
  pageSize: 100,
  offset: '+00:00',
  sortBy: 'overallScore',
  sortDirection,
  released,
  hideReviewed: false,
});

async function planOf(q: ResultQuery): Promise<string> {
  return withTenant(db, tenantId, async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    await sql`SET LOCAL enable_sort = off`.execute(trx);
    const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${pageIds(q, 100, 0)}`.execute(trx);
    return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('the overall-score page order reads migration 052 index', () => {
  test.each([
    ['descending', 'desc', true],
    ['ascending', 'asc', true],
    ['descending, On Hold', 'desc', false],
    ['ascending, On Hold', 'asc', false],
  ] as const)('%s: an index scan, no sort', async (_label, direction, released) => {
    const plan = await planOf(query(direction, released));
    expect(plan).toContain('interview_results_severity_page_idx');
    expect(plan).not.toMatch(/^\s*(->\s*)?Sort\b/m);
  });

  test('the stored severity the index holds is the order of RISK_SEVERITY, code for code (migration 132)', () => {
    const migration = readFileSync(join(__dirname, '../../../migrations/132_results_severity_column.sql'), 'utf8');
    const codes = RISK_SEVERITY.map((code) => `'${code}'`).join(',');
    expect(migration).toContain(`array_position(ARRAY[${codes}]::text[], overall_evaluation)`);
  });
});
