import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * The keyset of a (time, id) order (ADR 0114): the time as text with microseconds (a Date drops them, and a page would
 * skip or repeat rows with the same millisecond) and the id that breaks ties.
 */
export interface TimeKeyset {
  at: string;
  id: number;
}

/** A timestamptz column as the keyset's text: UTC with microseconds, which `::timestamptz` reads back exactly. */
export const timeKey = (column: RawBuilder<unknown>) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The rows after `after` in the order (time, id) of `direction`: one row comparison, which seeks in an index ending in
 * those two columns in that order (or its reverse).
 */
export const pastTimeKeyset = (
  time: RawBuilder<unknown>,
  id: RawBuilder<unknown>,
  direction: 'asc' | 'desc',
  after: TimeKeyset,
) =>
  sql<boolean>`(${time}, ${id}) ${sql.raw(direction === 'asc' ? '>' : '<')} (${after.at}::timestamptz, ${after.id}::bigint)`;

/** Column references of the row a rung of a keyset ladder is read after (keysetLadder). */
export interface KeysetRefs {
  time: RawBuilder<unknown>;
  id: RawBuilder<unknown>;
}

/**
 * The rows after `after` in the order (time, id) of `direction`, `after` given as references (a ladder's previous rung)
 * instead of values: the same row comparison as pastTimeKeyset, so it seeks in the same index.
 */
export const pastKeysetRefs = (
  time: RawBuilder<unknown>,
  id: RawBuilder<unknown>,
  direction: 'asc' | 'desc',
  after: KeysetRefs,
) => sql<boolean>`(${time}, ${id}) ${sql.raw(direction === 'asc' ? '>' : '<')} (${after.time}, ${after.id})`;

/**
 * The statement of the keys of the rows at `positions` (0-based, ascending, evenly spaced after the first) of a (time,
 * id) order (ADR 0192): a recursive statement whose every step seeks after the previous rung and skips to the next,
 * so it passes the same index entries as one skip to the last position, each once. `from`: a kept cut the first rung
 * is read after (its position and key), null from the start. `rung(after, skip)` is the order's statement of one
 * row, its time as `t` and its id as `id`: the filter's rows after `after` (null: none), `OFFSET skip LIMIT 1`. Fewer
 * rows when the order ends before the last position; read them with ladderKeys.
 */
export function keysetLadder(
  from: { position: number; key: TimeKeyset } | null,
  positions: readonly number[],
  rung: (after: KeysetRefs | null, skip: number) => Expression<unknown>,
): RawBuilder<LadderRow> {
  if (positions.length === 0) throw new Error('A ladder needs a position.');
  const first = positions[0]! - (from?.position ?? -1) - 1;
  const step = positions.length > 1 ? positions[1]! - positions[0]! : 1;
  const start = from && { time: sql`${from.key.at}::timestamptz`, id: sql`${from.key.id}::bigint` };
  return sql<LadderRow>`
    WITH RECURSIVE ladder(n, t, id) AS (
      SELECT 1, s.t, s.id FROM (${rung(start, first)}) AS s
      UNION ALL
      SELECT l.n + 1, s.t, s.id FROM ladder l CROSS JOIN LATERAL (${rung({ time: sql`l.t`, id: sql`l.id` }, step - 1)}) AS s
      WHERE l.n < ${positions.length}
    )
    SELECT ${timeKey(sql`ladder.t`)} AS at, ladder.id FROM ladder ORDER BY ladder.n`;
}

/** A row of keysetLadder. */
export interface LadderRow {
  at: string;
  id: string | number;
}

/** The keys keysetLadder read, in the order of its positions. */
export const ladderKeys = (rows: readonly LadderRow[]): TimeKeyset[] =>
  rows.map((r) => ({ at: r.at, id: Number(r.id) }));
