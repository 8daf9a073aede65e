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

export interface WireAnswer {
  rows: unknown[];
  affectedRows: number;
}

/**
 * Decodes a plain answer's messages in turn; `decode(budget)` stops after about `budget` bytes, so a long answer can be
 * decoded in slices with other work between them (ADR 0223), and answers the rows once the answer has ended.
 */
class WireRowDecoder {
  readonly #wire: WireRows;
  readonly #parsersByColumn: Array<TypeParsers[number] | undefined>;
  readonly #view: DataView;
  readonly #rows: Record<string, unknown>[] = [];
  #at = 0;

  constructor(wire: WireRows, parsers: TypeParsers) {
    this.#wire = wire;
    this.#parsersByColumn = wire.types.map((typeId) => parsers[typeId]);
    this.#view = new DataView(wire.data.buffer, wire.data.byteOffset, wire.data.byteLength);
  }

  /** Reads messages until `budget` bytes more are read or the answer ends: its rows once it has ended, else null. */
  decode(budget = Infinity): WireAnswer | null {
    const { data, names, types: typeIds } = this.#wire;
    const view = this.#view;
    const stop = Math.min(data.length, this.#at + budget);
    let at = this.#at;
    while (at < stop) {
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
            const parser = this.#parsersByColumn[i];
            row[names[i]!] = parser ? parser(text, typeIds[i]!) : text;
            field += length;
          }
        }
        this.#rows.push(row);
      } else if (type === COMMAND_COMPLETE) {
        // The tag is a C string ("SELECT 10", "INSERT 0 1"): its last word counts the rows of the counted commands.
        const words = utf8.decode(data.subarray(at + 5, end - 1)).split(' ');
        const count = parseInt(words[words.length - 1]!, 10);
        return { rows: this.#rows, affectedRows: COUNTED_COMMANDS.has(words[0]!) ? count : 0 };
      }
      at = end;
    }
    this.#at = at;
    if (at < data.length) return null;
    // No CommandComplete (an empty query): PGlite's parseResults answers no rows.
    return { rows: [], affectedRows: 0 };
  }
}

/** `{ rows, affectedRows }` exactly as PGlite's parseResults gives the first result of these messages. */
export function decodeWireRows(wire: WireRows, parsers: TypeParsers): WireAnswer {
  return new WireRowDecoder(wire, parsers).decode()!;
}

/** Bytes of an answer decoded between two turns of the event loop: about 440 rows, 1 ms of work (ADR 0223). */
const WIRE_SLICE_BYTES = 64 * 1024;

/**
 * decodeWireRows for background work (ADR 0223): a long answer (an export's page) is decoded a slice at a time, and
 * between slices the thread serves what came in meanwhile (requests, other answers), so none waits behind the page.
 */
export async function decodeWireRowsInSlices(
  wire: WireRows,
  parsers: TypeParsers,
  sliceBytes = WIRE_SLICE_BYTES,
): Promise<WireAnswer> {
  const decoder = new WireRowDecoder(wire, parsers);
  let answer = decoder.decode(sliceBytes);
  while (!answer) {
    await new Promise((resolve) => setImmediate(resolve));
    answer = decoder.decode(sliceBytes);
  }
  return answer;
}
