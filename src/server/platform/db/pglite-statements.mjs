// Named prepared statements for the worker's `query` (ADR 0127). PGlite's own `query` parses, analyses, rewrites
// and plans every statement anew through the unnamed statement; Kysely's SQL is parameterised ($1...), so the same
// text comes back request after request. Here each text is parsed once into a named statement, kept in a bounded
// LRU (closed on eviction), and later calls only Bind and Execute it. A plain answer leaves as the engine wrote it,
// its rows decoded on the request thread (ADR 0221, pglite-wire-rows.ts); any other is parsed here by PGlite's own
// parsers, exactly as its `query` does. Plain JavaScript, as the worker.
import { parse, protocol } from '@electric-sql/pglite';

const { serialize, Parser } = protocol;
const { DatabaseError, NotificationResponseMessage } = protocol.messages;
const CACHED_PLAN_CHANGED = 'cached plan must not change result type';

/**
 * A statement whose plan does not depend on its values says so with this comment (ADR 0132; GENERIC_PLAN in
 * pglite-dialect.ts): its kept generic plan is used, while the session plans every other statement for its values.
 */
const GENERIC_PLAN_MARKER = '/* generic plan */';
const GENERIC_MODE = 'voxscreen_plan_generic';
const SESSION_MODE = 'voxscreen_plan_session';

/** Only plannable statements are kept: utility statements (DDL, SET...) gain nothing and would evict them. */
const PLANNABLE = /^\s*(?:\/\*[^*]*\*\/\s*)*(select|insert|update|delete|with|values)\b/i;

const isCommandComplete = (message) => message.name === 'commandComplete';

const COMMAND_COMPLETE = 0x43;
/**
 * The messages of an answer to Bind and Execute that succeeded and says nothing else: BindComplete, DataRow,
 * CommandComplete, NoData, PortalSuspended, EmptyQueryResponse. An error, a notice, a notification or a parameter
 * status makes the answer one PGlite parses as before.
 */
const PLAIN_MESSAGES = new Set([0x32, 0x44, COMMAND_COMPLETE, 0x6e, 0x73, 0x49]);

/** Where each message of a protocol answer starts (type byte, then its length, which counts itself). */
function messageStarts(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const starts = [];
  for (let at = 0; at < bytes.length; at += 1 + view.getInt32(at + 1)) starts.push(at);
  return starts;
}

/** The answer's bytes, or null when a message in it is not of a plain answer. */
function plainAnswer(bytes) {
  const starts = messageStarts(bytes);
  return starts.every((at) => PLAIN_MESSAGES.has(bytes[at])) ? starts : null;
}

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
  /** Whether the two plan-mode statements are prepared (at the first marked statement). */
  #planModesPrepared = false;
  #sessionPlanMode;

  #genericMarks;

  #onNotification;

  /**
   * `sessionPlanMode`: the worker session's plan_cache_mode, set back after each marked statement; `genericMarks`:
   * whether the GENERIC_PLAN mark is followed (false only to measure without it); `onNotification(channel, payload)`:
   * hears a NOTIFY in an answer this class parses itself (PGlite hands on only those it parses).
   */
  constructor(pglite, capacity, sessionPlanMode = 'force_custom_plan', genericMarks = true, onNotification = () => {}) {
    this.#pglite = pglite;
    this.#onNotification = onNotification;
    this.#capacity = capacity;
    this.#sessionPlanMode = sessionPlanMode;
    this.#genericMarks = genericMarks;
  }

  /**
   * Same answer as `pglite.query(sql, params)`: { rows, affectedRows, fields }; or, for a plain answer, the same rows
   * unparsed: { names, types, data }, the columns and the DataRow and CommandComplete messages (ADR 0221).
   */
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
    let wire = null;
    let generic = false;
    try {
      let statement = this.#byText.get(sql);
      if (statement) {
        this.#byText.delete(sql);
        this.#byText.set(sql, statement);
      } else {
        statement = await this.#prepare(sql);
      }
      generic = statement.generic;
      if (generic) await this.#preparePlanModes();
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const serializer = pglite.serializers[statement.paramTypes[i]];
        return serializer ? serializer(param) : param.toString();
      });
      // A marked statement is bound under force_generic_plan (the plan is chosen at Bind). The mode is set back
      // with the Sync below; if the statement fails, the transaction's abort sets it back as it does any SET.
      const bytes = await this.#exchange(
        concat([
          ...(generic ? [serialize.bind({ statement: GENERIC_MODE }), serialize.execute({})] : []),
          serialize.bind({ statement: statement.name, values }),
          serialize.execute({}),
        ]),
      );
      const starts = plainAnswer(bytes);
      if (starts) {
        // The SET's own answer ends at its CommandComplete, the statement's starts after it.
        const from = generic ? starts[starts.findIndex((at) => bytes[at] === COMMAND_COMPLETE) + 1] : 0;
        const fields = statement.rowDescription?.fields ?? [];
        wire = {
          names: fields.map((field) => field.name),
          types: fields.map((field) => field.dataTypeID),
          data: from === undefined ? new Uint8Array(0) : bytes.subarray(from),
        };
      } else {
        if (statement.rowDescription) messages.push(statement.rowDescription);
        const answer = this.#parsed(bytes);
        messages.push(...(generic ? answer.slice(answer.findIndex(isCommandComplete) + 1) : answer));
      }
    } catch (error) {
      generic = false;
      if (error && typeof error === 'object') Object.assign(error, { query: sql, params });
      throw error;
    } finally {
      const restore = generic ? [serialize.bind({ statement: SESSION_MODE }), serialize.execute({})] : [];
      const synced = await pglite.execProtocolStream(concat([...restore, serialize.sync()]), { syncToFs: false });
      messages.push(...(generic ? synced.filter((message) => !isCommandComplete(message)) : synced));
    }
    await pglite.syncToFs();
    return wire ?? parse.parseResults(messages, pglite.parsers)[0];
  }

  /** Sends a message and answers the engine's bytes as they are: PGlite parses nothing (ADR 0221). */
  async #exchange(message) {
    const chunks = [];
    // A chunk is a view of the engine's memory, which its next step overwrites.
    await this.#pglite.execProtocolRawStream(message, {
      syncToFs: false,
      onRawData: (chunk) => chunks.push(chunk.slice()),
    });
    return chunks.length === 1 ? chunks[0] : concat(chunks);
  }

  /**
   * What execProtocolStream answers for these bytes: PGlite's messages up to the first error, which is thrown; a
   * notification is handed on as PGlite hands on those it parses.
   */
  #parsed(bytes) {
    const messages = [];
    let error = null;
    new Parser().parse(bytes, (message) => {
      if (error) return;
      if (message instanceof DatabaseError) error = message;
      else if (message instanceof NotificationResponseMessage) this.#onNotification(message.channel, message.payload);
      messages.push(message);
    });
    if (error) throw error;
    return messages;
  }

  async #preparePlanModes() {
    if (this.#planModesPrepared) return;
    await this.#pglite.execProtocolStream(
      concat([
        serialize.parse({ name: GENERIC_MODE, text: 'set plan_cache_mode = force_generic_plan' }),
        serialize.parse({ name: SESSION_MODE, text: `set plan_cache_mode = ${this.#sessionPlanMode}` }),
      ]),
      { syncToFs: false },
    );
    this.#planModesPrepared = true;
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
      generic: this.#genericMarks && sql.includes(GENERIC_PLAN_MARKER),
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
