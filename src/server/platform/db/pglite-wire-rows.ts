import { types } from '@electric-sql/pglite';

/**
 * A statement's answer as the embedded engine wrote it (ADR 0221): its columns, then its DataRow and CommandComplete
 * messages, unparsed. The engine's thread only copies these bytes; the request thread decodes them here.
 */
export interface WireRows {
  names: string[];
  types: number[];
  data: Uint8Array;
}

export type TypeParsers = Record<number, (text: string, typeId: number) => unknown>;

/** An array type PGlite parses and the type of its elements (the worker's ready message). */
export interface ArrayType {
  oid: number;
  typarray: number;
}

/**
 * The parsers the engine's PGlite has: its default ones and one for each array type it found at its start (as its
 * `_initArrayTypes` builds them), so rows decoded here are the rows PGlite's `query` answers.
 */
export function engineParsers(arrayTypes: ArrayType[]): TypeParsers {
  const parsers: TypeParsers = { ...(types.parsers as TypeParsers) };
  for (const { oid, typarray } of arrayTypes)
    parsers[typarray] = (text) => types.arrayParser(text, parsers[oid] as (text: string) => unknown, typarray);
  return parsers;
}

const DATA_ROW = 0x44;
const COMMAND_COMPLETE = 0x43;
const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);
const utf8 = new TextDecoder();

/** `{ rows, affectedRows }` exactly as PGlite's parseResults gives the first result of these messages. */
export function decodeWireRows(wire: WireRows, parsers: TypeParsers): { rows: unknown[]; affectedRows: number } {
  const { data, names } = wire;
  const typeIds = wire.types;
  const parsersByColumn = typeIds.map((typeId) => parsers[typeId]);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const rows: Record<string, unknown>[] = [];
  for (let at = 0; at < data.length;) {
    const type = data[at]!;
    const end = at + 1 + view.getInt32(at + 1);
    if (type === DATA_ROW) {
      const row: Record<string, unknown> = {};
      const columns = view.getInt16(at + 5);
      let field = at + 7;
      for (let i = 0; i < columns; i++) {
        const length = view.getInt32(field);
        field += 4;
        if (length < 0) row[names[i]!] = null;
        else {
          const text = utf8.decode(data.subarray(field, field + length));
          const parser = parsersByColumn[i];
          row[names[i]!] = parser ? parser(text, typeIds[i]!) : text;
          field += length;
        }
      }
      rows.push(row);
    } else if (type === COMMAND_COMPLETE) {
      // The tag is a C string ("SELECT 10", "INSERT 0 1"): its last word counts the rows of the counted commands.
      const words = utf8.decode(data.subarray(at + 5, end - 1)).split(' ');
      const count = parseInt(words[words.length - 1]!, 10);
      return { rows, affectedRows: COUNTED_COMMANDS.has(words[0]!) ? count : 0 };
    }
    at = end;
  }
  // No CommandComplete (an empty query): PGlite's parseResults answers no rows.
  return { rows: [], affectedRows: 0 };
}
