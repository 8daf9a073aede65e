import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../../src/server/platform/db/pglite-extensions';
const engine = await PGlite.create(resolve('/work/bench-m1', 'pglite'), { extensions: PGLITE_EXTENSIONS });
const two = `'INVITATION_SENT','INTERVIEWED'`;
const base = `SELECT participant_id FROM participant_list_statuses s WHERE s.tenant_id=4 AND s.project_id=10 AND NOT s.is_hidden AND s.is_test_participant = false`;
const key = { status: 'INVITATION_SENT', participant_id: 60200 };
const k2 = (await engine.query<{ participant_id: string }>(`${base} AND s.status = 'INTERVIEWED' ORDER BY s.participant_id DESC OFFSET 5 LIMIT 1`)).rows[0]!.participant_id;
for (const q of [
  `${base} AND s.status = ANY(ARRAY['INTERVIEWED']::text[]) AND (s.status, s.participant_id) > ('INTERVIEWED', ${k2}) ORDER BY s.status ASC, s.participant_id ASC LIMIT 26`,
  `${base} AND coalesce(s.status, '') = ANY(ARRAY['INTERVIEWED']::text[]) AND (s.status, s.participant_id) > ('INTERVIEWED', ${k2}) ORDER BY s.status ASC, s.participant_id ASC LIMIT 26`,
  `${base} AND coalesce(s.status, '') = ANY(ARRAY['INTERVIEWED']::text[]) AND s.status <= (SELECT max(v) FROM unnest(ARRAY['INTERVIEWED']::text[]) AS v) AND (s.status, s.participant_id) > ('INTERVIEWED', ${k2}) ORDER BY s.status ASC, s.participant_id ASC LIMIT 26`,
]) {
  const r = await engine.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q}`);
  console.log(r.rows.map((x) => x['QUERY PLAN']).filter((l) => /Scan|Buffers|Execution|Cond|Filter/.test(l)).join('\n'));
}
await engine.close();
