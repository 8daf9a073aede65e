import { sql, type RawBuilder } from 'kysely';

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
