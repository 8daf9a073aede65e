import { sql, type RawBuilder } from 'kysely';

/**
 * A write sent as a WITH query of another statement, whose answer nobody reads (ADR 0134): a bare data-modifying
 * statement. A named one may be read by the writes after it in the same statement (its RETURNING rows, ADR 0225).
 */
export type AlongsideWrite = RawBuilder<unknown> | { name: string; write: RawBuilder<unknown> };

/**
 * `name AS (write)` for each write, in order, separated by commas: the front of a statement's WITH list. Unnamed
 * writes are `alongside_<i>`. PostgreSQL runs every one to completion, read or not.
 */
export function withQueries(writes: readonly AlongsideWrite[]): RawBuilder<unknown> {
  return sql.join(
    writes.map((item, i) => {
      const { name, write } = 'write' in item ? item : { name: `alongside_${i}`, write: item };
      return sql`${sql.id(name)} AS (${write})`;
    }),
    sql`, `,
  );
}
