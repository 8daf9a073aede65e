import { sql, type RawBuilder } from 'kysely';
import { CompiledQuery } from 'kysely';
import type { Db } from '../platform/db/schema';
import { withTenant } from '../platform/tenancy/with-tenant';
import { analyzeInterviewTables, generateInterviewDataInDatabase } from '../seed/interview-data-in-database';
import { DEMO_QUESTIONS } from '../seed/demo-data';
import { twelveMonthsBefore } from '../seed/interview-data';
import { createProjectWithQuestions, STAGE } from '../services/project-service';
import { seededTenantId } from './seeded-tenant';

/**
 * The plan tests' project (issue 30): on the seed's few rows every index costs the same and the planner reads whole
 * tables, so a plan test first adds a project large enough that it weighs the indexes as on a real tenant:
 * participants, results and call records generated as the benchmark's are (ADR 0058), then analysed.
 */
export interface PlanProject {
  tenantId: number;
  projectId: number;
}

export async function seedPlanProject(
  db: Db,
  size: { participants: number; results: number } = { participants: 2_000, results: 10_000 },
): Promise<PlanProject> {
  const tenantId = await seededTenantId(db);
  const now = new Date();
  const { projectId, questionIds } = await withTenant(db, tenantId, (trx) =>
    createProjectWithQuestions(trx, {
      tenantId,
      name: 'Plan Project',
      stageId: STAGE.EXECUTION,
      languageIds: [1, 2],
      questions: DEMO_QUESTIONS.map((questionText) => ({ questionText })),
      now,
    }),
  );
  await generateInterviewDataInDatabase(db, {
    tenantId,
    projectId,
    questionIds,
    ...size,
    since: twelveMonthsBefore(now),
    now,
    seed: 30,
    codePrefix: 'PLAN-',
    callRecords: true,
  });
  await analyzeInterviewTables(db);
  return { tenantId, projectId };
}

/**
 * The plan of a statement (raw SQL or a compiled Kysely query) as the application role in the tenant, under
 * row-level security as a request runs it, with sequential scans priced out: a condition the policy keeps from an
 * index (one not leakproof, ADR 0057) then shows as a scan of the tenant's rows, not as the index. Sorts are not
 * priced out: a Sort node means the index does not serve the order.
 */
export function planOf(db: Db, tenantId: number, statement: RawBuilder<unknown> | CompiledQuery): Promise<string> {
  return withTenant(db, tenantId, async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const rows =
      'sql' in statement && 'parameters' in statement
        ? (
            await trx.executeQuery<{ 'QUERY PLAN': string }>(
              CompiledQuery.raw(`EXPLAIN ${statement.sql}`, [...statement.parameters]),
            )
          ).rows
        : (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${statement as RawBuilder<unknown>}`.execute(trx)).rows;
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/**
 * The most buffers one index scan of a statement read when run (EXPLAIN ANALYZE BUFFERS; of `index` alone when
 * named): a scan counts the entries it passes unreturned too, where its rows returned do not (ADR 0205), so a keyset
 * page that walks to its key instead of seeking it reads tens of pages where a seek reads a few.
 */
export function indexBuffersRead(
  db: Db,
  tenantId: number,
  statement: RawBuilder<unknown> | CompiledQuery,
  index?: string,
): Promise<number> {
  return withTenant(db, tenantId, async (trx) => {
    const compiled = 'sql' in statement && 'parameters' in statement ? statement : statement.compile(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
    );
    const raw = rows[0]!['QUERY PLAN'];
    const nodes = [(typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan];
    let most: number | null = null;
    for (const node of nodes) {
      const scans = String(node['Node Type']).startsWith('Index') && (!index || node['Index Name'] === index);
      const buffers = Number(node['Shared Hit Blocks'] ?? 0) + Number(node['Shared Read Blocks'] ?? 0);
      if (scans) most = Math.max(most ?? 0, buffers);
      nodes.push(...(node.Plans ?? []));
    }
    // A plan that reads no such index is not a page that seeks in it.
    if (most === null) throw new Error(`no scan of ${index ?? 'an index'} in ${JSON.stringify(raw)}`);
    return most;
  });
}

/** Whether a plan sorts (a Sort or Incremental Sort node; a top-N heapsort too). */
export const sorts = (plan: string) => /^\s*(->\s*)?(Incremental )?Sort\b/m.test(plan);

/** Whether a plan sorts all its rows: a Sort node; an Incremental Sort only orders rows an index left equal. */
export const sortsAll = (plan: string) => /^\s*(->\s*)?Sort\s+\(/m.test(plan);
