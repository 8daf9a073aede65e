// Named prepared statements for the worker's `query` (ADR 0127). PGlite's own `query` parses, analyses, rewrites
// and plans every statement anew through the unnamed statement; Kysely's SQL is parameterised ($1...), so the same
// text comes back request after request. Here each text is parsed once into a named statement, kept in a bounded
// LRU (closed on eviction), and later calls only Bind and Execute it. Rows and types are parsed by PGlite's own
// parsers, exactly as its `query` does. Plain JavaScript, as the worker.
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;
const CACHED_PLAN_CHANGED = 'cached plan must not change result type';

/** Only plannable statements are kept: utility statements (DDL, SET...) gain nothing and would evict them. */
const PLANNABLE = /^\s*(select|insert|update|delete|with|values)\b/i;

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export class PreparedStatements {
  #pglite;
  #capacity;
  /** SQL text → { name, paramTypes, rowDescription }; Map order is the LRU order (least recent first). */
  #byText = new Map();
  /** Names evicted but not yet closed: closed at the head of the next round trip. */
  #toClose = [];
  #nextId = 1;

  constructor(pglite, capacity) {
    this.#pglite = pglite;
    this.#capacity = capacity;
  }

  /** Same answer as `pglite.query(sql, params)`: { rows, affectedRows, fields }. */
  async query(sql, params = []) {
    if (this.#capacity <= 0 || !PLANNABLE.test(sql)) return this.#pglite.query(sql, params);
    return this.#pglite.runExclusive(async () => {
      try {
        return await this.#run(sql, params);
      } catch (error) {
        // DDL changed a cached statement's columns (e.g. `select *` after ALTER TABLE): PostgreSQL refuses to
        // answer with other columns than it described. Outside a transaction nothing ran: parse again and retry.
        if (error?.message !== CACHED_PLAN_CHANGED) throw error;
        this.#forget(sql);
        if (this.#pglite.isInTransaction()) throw error;
        return this.#run(sql, params);
      }
    });
  }

  async #run(sql, params) {
    const pglite = this.#pglite;
    const messages = [];
    try {
      let statement = this.#byText.get(sql);
      if (statement) {
        this.#byText.delete(sql);
        this.#byText.set(sql, statement);
      } else {
        statement = await this.#prepare(sql);
      }
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const serializer = pglite.serializers[statement.paramTypes[i]];
        return serializer ? serializer(param) : param.toString();
      });
      if (statement.rowDescription) messages.push(statement.rowDescription);
      messages.push(
        ...(await pglite.execProtocolStream(
          concat([serialize.bind({ statement: statement.name, values }), serialize.execute({})]),
          { syncToFs: false },
        )),
      );
    } catch (error) {
      if (error && typeof error === 'object') Object.assign(error, { query: sql, params });
      throw error;
    } finally {
      messages.push(...(await pglite.execProtocolStream(serialize.sync(), { syncToFs: false })));
    }
    await pglite.syncToFs();
    return parse.parseResults(messages, pglite.parsers)[0];
  }

  /** Parse and Describe (with any evicted statements' Close first), cached only once PostgreSQL accepted it. */
  async #prepare(sql) {
    const name = `voxscreen_${this.#nextId++}`;
    const closes = this.#toClose.splice(0).map((evicted) => serialize.close({ type: 'S', name: evicted }));
    const described = await this.#pglite.execProtocolStream(
      concat([...closes, serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name })]),
      { syncToFs: false },
    );
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((message) => message.name === 'rowDescription'),
    };
    this.#byText.set(sql, statement);
    if (this.#byText.size > this.#capacity) {
      const [oldest] = this.#byText.keys();
      this.#forget(oldest);
    }
    return statement;
  }

  #forget(sql) {
    const statement = this.#byText.get(sql);
    if (!statement) return;
    this.#byText.delete(sql);
    this.#toClose.push(statement.name);
  }
}
