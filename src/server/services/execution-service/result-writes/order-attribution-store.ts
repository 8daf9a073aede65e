import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';

/** A span of UTC days, 'YYYY-MM-DD' both ends included. */
export interface DaySpan {
  from: string;
  to: string;
}

interface MovedGroup {
  project_id: number;
  old_order: number | null;
  new_order: number | null;
  month: string;
  overall_evaluation: string;
  n: number;
}

/**
 * Re-applies the attribution rule of ADR 0005 to the tenant's results completed on the days of `span` after an
 * order was created, edited or deleted: a result counts against the Active or Complete order whose dates hold its
 * UTC day (latest start, then highest id, first), or none. `excludeOrderId` is left out (the order being deleted).
 * Moves the results' order_id and the result_rollups counts in the caller's transaction, so the dashboard's
 * current-order figures follow the orders and verifyResultRollups still finds no drift. Returns how many results
 * moved. Tenant scope.
 */
export async function reattributeResultsToOrders(
  trx: Db,
  tenantId: number,
  span: DaySpan,
  excludeOrderId: number | null = null,
): Promise<number> {
  const { rows } = await sql<MovedGroup>`
    WITH target AS (
      SELECT ir.id, ir.project_id, ir.order_id AS old_order, ir.deleted, ir.overall_evaluation,
             to_char(date_trunc('month', ir.completed_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS month,
             (SELECT o.id FROM orders o
              WHERE o.tenant_id = ${tenantId} AND o.order_status IN ('Active', 'Complete')
                AND o.id IS DISTINCT FROM ${excludeOrderId}::int
                AND o.start_date <= (ir.completed_at AT TIME ZONE 'UTC')::date
                AND (ir.completed_at AT TIME ZONE 'UTC')::date <= o.end_date
              ORDER BY o.start_date DESC, o.id DESC LIMIT 1) AS new_order
      FROM interview_results ir
      WHERE ir.tenant_id = ${tenantId}
        AND ir.completed_at >= (${span.from}::date::timestamp AT TIME ZONE 'UTC')
        AND ir.completed_at < ((${span.to}::date + 1)::timestamp AT TIME ZONE 'UTC')
    ), moved AS (
      SELECT * FROM target WHERE old_order IS DISTINCT FROM new_order
    ), updated AS (
      UPDATE interview_results ir SET order_id = m.new_order FROM moved m WHERE ir.id = m.id RETURNING ir.id
    )
    SELECT project_id, old_order, new_order, month, overall_evaluation,
           (count(*) FILTER (WHERE NOT deleted))::int AS n
    FROM moved GROUP BY 1, 2, 3, 4, 5`.execute(trx);
  const groups = rows.filter((g) => g.n > 0);
  if (groups.length) {
    const column = <K extends keyof MovedGroup>(key: K) => groups.map((g) => g[key]);
    await sql`
      UPDATE result_rollups rr SET result_count = rr.result_count - d.n
      FROM unnest(${column('project_id')}::int[], ${column('old_order')}::int[], ${column('month')}::date[],
                  ${column('overall_evaluation')}::text[], ${column('n')}::bigint[])
        AS d(project_id, order_id, month, overall_evaluation, n)
      WHERE rr.tenant_id = ${tenantId} AND rr.project_id = d.project_id AND rr.order_id IS NOT DISTINCT FROM d.order_id
        AND rr.month = d.month AND rr.overall_evaluation = d.overall_evaluation`.execute(trx);
    await sql`
      INSERT INTO result_rollups AS rr (tenant_id, project_id, order_id, month, overall_evaluation, result_count)
      SELECT ${tenantId}, * FROM unnest(${column('project_id')}::int[], ${column('new_order')}::int[],
                                       ${column('month')}::date[], ${column('overall_evaluation')}::text[],
                                       ${column('n')}::bigint[])
      ON CONFLICT ON CONSTRAINT result_rollups_key DO UPDATE SET result_count = rr.result_count + excluded.result_count`.execute(
      trx,
    );
    // Emptied rows would keep a deleted order referenced; the dashboard reads no row as zero anyway.
    await sql`DELETE FROM result_rollups WHERE tenant_id = ${tenantId} AND result_count = 0`.execute(trx);
  }
  return rows.reduce((sum, g) => sum + g.n, 0);
}
