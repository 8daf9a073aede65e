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

/** A half-open window [from, to) of a time column; null leaves that side open. */
export interface TimeWindow {
  from: Date | null;
  to: Date | null;
}

/** The keyset text of a Date (milliseconds, so three zeros of microseconds), comparable with timeKey's as text. */
const keyText = (date: Date) => date.toISOString().replace(/Z$/, '000Z');
const KEY_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * The bounds of `window` on `time`, leaving out the one a keyset past `keyset.after` already implies (ADR 0205): on
 * the embedded engine (PostgreSQL 18) an index scan given a scalar bound and the keyset's row comparison on the same
 * column and side may start at the scalar bound and read every entry up to the keyset, where PostgreSQL 15 seeks to
 * the keyset. A bound is left out only when the keyset's time lies inside it, as a keyset read under the same filter does;
 * a key of another form keeps every bound.
 */
export function windowBounds(
  time: RawBuilder<unknown>,
  window: TimeWindow,
  keyset?: { direction: 'asc' | 'desc'; after: TimeKeyset } | null,
): RawBuilder<boolean>[] {
  const at = keyset && KEY_TEXT.test(keyset.after.at) ? keyset.after.at : null;
  const within = (bound: Date, past: (key: string, text: string) => boolean) => {
    const text = keyText(bound);
    return at !== null && KEY_TEXT.test(text) && past(at, text);
  };
  const bounds: RawBuilder<boolean>[] = [];
  if (window.from && !(keyset?.direction === 'asc' && within(window.from, (key, from) => key >= from)))
    bounds.push(sql<boolean>`${time} >= ${window.from}`);
  if (window.to && !(keyset?.direction === 'desc' && within(window.to, (key, to) => key < to)))
    bounds.push(sql<boolean>`${time} < ${window.to}`);
  return bounds;
}

/**
 * A (time, id) keyset page's conditions: the window's bounds less the one the keyset implies (windowBounds), then the
 * rows past the keyset (pastTimeKeyset). One builder, so the bound left out and the comparison that implies it always
 * name the same keyset; lists whose keyset has other parts (the Results tab's severity, the audit log's columns) say
 * their own comparison beside windowBounds.
 */
export function windowPage(
  time: RawBuilder<unknown>,
  id: RawBuilder<unknown>,
  window: TimeWindow,
  keyset?: { direction: 'asc' | 'desc'; after: TimeKeyset } | null,
): RawBuilder<boolean>[] {
  const bounds = windowBounds(time, window, keyset);
  return keyset ? [...bounds, pastTimeKeyset(time, id, keyset.direction, keyset.after)] : bounds;
}
