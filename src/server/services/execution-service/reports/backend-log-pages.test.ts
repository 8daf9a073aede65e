/**
 * ADR 0234: a Backend Data Log page read from the log's far end or after a kept cut (nearestPageStart) holds exactly
 * the rows of the page read by offset, ties on the upload time included (microseconds a Date would drop), with and
 * without a search.
 */
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import { insertTenant } from '../../../testing/tenant-of-its-own';
import { openTestDatabase } from '../../../testing/database-template';
import type { PageStart } from '../../../platform/cache/kept-cuts';
import { offsetPages, readDeepPages } from '../../../testing/deep-pages';
import type { TimeKeyset } from '../../../platform/db/keyset';
import { countBackendLogs, findBackendLogs, findBackendLogSearch, type LogFilter } from './backend-log-store';

const POSTS = 150;
let db: Db;
let tenantId: number;

beforeAll(async () => {
  db = await openTestDatabase();
  tenantId = await withSystem(db, async (trx) => {
    const id = await insertTenant(trx, 'Log pages');
    // Every third post shares its hour's upload time (a tie broken by id).
    await sql`
      INSERT INTO backend_data_logs (tenant_id, kind, run_id, payload, uploaded_at)
      SELECT ${id}, 'RESULT', 'run-' || (g % 4), jsonb_build_object('requestId', 'req-' || g, 'n', g),
             CASE WHEN g % 3 = 0 THEN date_trunc('hour', now() - make_interval(mins => g * 7)) + interval '4321 microseconds'
                  ELSE now() - make_interval(mins => g * 7) END
      FROM generate_series(1, ${POSTS}) AS g`.execute(trx);
    return id;
  });
}, 60_000);
afterAll(() => db.destroy());

const inTenant = <T>(read: (trx: Db) => Promise<T>) => withTenant(db, tenantId, read);

test.each([null, 'run-1'])(
  'pages of 11 from the far end or a kept cut equal the offset pages (search %s)',
  async (text) => {
    const filter: LogFilter = {
      from: null,
      to: null,
      search: await inTenant((trx) => findBackendLogSearch(trx, text)),
    };
    const total = await inTenant((trx) => countBackendLogs(trx, filter));
    const whole = (
      await inTenant((trx) => findBackendLogs(trx, filter, { reverse: false, after: null, offset: 0, limit: 1_000 }))
    ).rows;
    expect(whole).toHaveLength(total);
    expect(total).toBeGreaterThan(30);
    const read = await readDeepPages(total, 11, (start: PageStart<TimeKeyset>) =>
      inTenant((trx) => findBackendLogs(trx, filter, start)),
    );
    expect(read.pages).toEqual(offsetPages(read.pages, whole, 11));
    expect(read.cuts).toBeGreaterThan(0);
  },
);
