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

/** Framing texts kept prepared (ADR 0224): a few per tenant in use (its setting), BEGIN, COMMIT and savepoints. */
const FRAMING_CAPACITY = 64;

const COMMAND_COMPLETE = 0x43;
const PARSE_COMPLETE = 0x31;
/**
 * The messages of an answer to Parse, Bind, Execute and Sync that succeeded and says nothing else: ParseComplete,
 * BindComplete, DataRow, CommandComplete, NoData, PortalSuspended, EmptyQueryResponse, ReadyForQuery. An error, a
 * notice, a notification or a parameter status makes the answer one PGlite parses as before.
 */
const PLAIN_MESSAGES = new Set([PARSE_COMPLETE, 0x32, 0x44, COMMAND_COMPLETE, 0x6e, 0x73, 0x49, 0x5a]);

/**
 * One walk over a protocol answer's messages (type byte, then a length that counts itself): whether each is of a plain
 * answer, how many ParseCompletes it holds, and where each CommandComplete ends.
 */
function answerShape(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shape = { plain: true, parsed: 0, completeEnds: [] };
  for (let at = 0; at < bytes.length;) {
    const type = bytes[at];
    at += 1 + view.getInt32(at + 1);
    if (!PLAIN_MESSAGES.has(type)) shape.plain = false;
    else if (type === PARSE_COMPLETE) shape.parsed += 1;
    else if (type === COMMAND_COMPLETE) shape.completeEnds.push(at);
  }
  return shape;
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

/** The steps every marked statement is sent between (ADR 0132), and Sync: the same bytes every time. */
const GENERIC_MODE_STEP = concat([serialize.bind({ statement: GENERIC_MODE }), serialize.execute({})]);
const SESSION_MODE_STEP = concat([serialize.bind({ statement: SESSION_MODE }), serialize.execute({})]);
const SYNC = serialize.sync();

export class PreparedStatements {
  #pglite;
  #capacity;
  /** SQL text → { name, paramTypes, rowDescription }; Map order is the LRU order (least recent first). */
  #byText = new Map();
  /** Framing text → its statement's name, kept apart from the statements (ADR 0224); Map order is the LRU order. */
  #framingNames = new Map();
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
   * Whether `sql` can be sent in one message behind framing statements (`query`'s `framing`): it is kept prepared, and
   * so are the plan modes a marked statement is bound under. Otherwise the framing goes first on its own (ADR 0224).
   */
  framesWith(sql) {
    if (this.#capacity <= 0 || !PLANNABLE.test(sql)) return false;
    const statement = this.#byText.get(sql);
    return statement !== undefined && (!statement.generic || this.#planModesPrepared);
  }

  /**
   * Same answer as `pglite.query(sql, params)`: { rows, affectedRows, fields }; or, for a plain answer, the same rows
   * unparsed: { names, types, data }, the columns and the DataRow and CommandComplete messages (ADR 0221).
   * `framing`: parameterless statements run first in the same message (a deferred COMMIT, BEGIN, the transaction's
   * settings; ADR 0217), each kept prepared by its text as well, only where `framesWith(sql)` (ADR 0224).
   */
  async query(sql, params = [], framing = []) {
    if (framing.length > 0 && !this.framesWith(sql)) throw new Error('framing goes only with a kept statement');
    if (this.#capacity <= 0 || !PLANNABLE.test(sql)) return this.#pglite.query(sql, params);
    return this.#pglite.runExclusive(async () => {
      try {
        return await this.#run(sql, params, framing);
      } catch (error) {
        // DDL changed a cached statement's columns (e.g. `select *` after ALTER TABLE): PostgreSQL refuses to
        // answer with other columns than it described. Outside a transaction the statement did not run (its framing,
        // if any, did): parse again and retry the statement alone.
        if (error?.message !== CACHED_PLAN_CHANGED) throw error;
        this.#forget(sql);
        if (this.#pglite.isInTransaction()) throw error;
        return this.#run(sql, params);
      }
    });
  }

  /**
   * One message to the engine, one answer (ADR 0224): the framing's Bind and Execute (with a Parse for a text not yet
   * kept), the marked statement's plan mode, the statement, the session's plan mode back, and Sync. After an error
   * PostgreSQL skips to the Sync, so a failed statement leaves its plan mode to the transaction's abort, as any SET.
   */
  async #run(sql, params, framing = []) {
    const pglite = this.#pglite;
    let statement = this.#byText.get(sql);
    if (statement) {
      this.#byText.delete(sql);
      this.#byText.set(sql, statement);
    } else {
      statement = await this.#prepare(sql).catch((error) => {
        if (error && typeof error === 'object') Object.assign(error, { query: sql, params });
        throw error;
      });
    }
    const { generic } = statement;
    if (generic) await this.#preparePlanModes();
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = pglite.serializers[statement.paramTypes[i]];
      return serializer ? serializer(param) : param.toString();
    });
    const { messages: framingMessages, parsing } = this.#framingMessages(framing);
    const bytes = await this.#exchange(
      concat([
        ...framingMessages,
        ...(generic ? [GENERIC_MODE_STEP] : []),
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        ...(generic ? [SESSION_MODE_STEP] : []),
        SYNC,
      ]),
    );
    const shape = answerShape(bytes);
    this.#keepFraming(parsing, shape.parsed);
    // The statement's messages follow the framing's and the plan mode's CommandCompletes and end at its own.
    const before = framing.length + (generic ? 1 : 0);
    if (shape.plain) {
      const from = before === 0 ? 0 : (shape.completeEnds[before - 1] ?? bytes.length);
      const fields = statement.rowDescription?.fields ?? [];
      await pglite.syncToFs();
      return {
        names: fields.map((field) => field.name),
        types: fields.map((field) => field.dataTypeID),
        data: bytes.subarray(from, shape.completeEnds[before] ?? bytes.length),
      };
    }
    let answer;
    try {
      answer = this.#parsed(bytes);
    } catch (error) {
      // The error carries the text that failed, as PGlite's own query and exec do: the statement's, or a framing's.
      const ran = shape.completeEnds.length;
      if (error && typeof error === 'object')
        Object.assign(error, ran < framing.length ? { query: framing[ran] } : { query: sql, params });
      throw error;
    }
    const completes = answer.flatMap((message, i) => (isCommandComplete(message) ? [i] : []));
    const end = completes[before];
    const own = answer.slice(before === 0 ? 0 : completes[before - 1] + 1, end === undefined ? undefined : end + 1);
    await pglite.syncToFs();
    return parse.parseResults(
      [...(statement.rowDescription ? [statement.rowDescription] : []), ...own],
      pglite.parsers,
    )[0];
  }

  /** Bind and Execute of each framing text by its kept name; a text not kept yet is parsed in the same message. */
  #framingMessages(framing) {
    const messages = [];
    const parsing = [];
    const named = new Map();
    for (const text of framing) {
      let name = this.#framingNames.get(text) ?? named.get(text);
      if (name) {
        this.#framingNames.delete(text);
        this.#framingNames.set(text, name);
      } else {
        name = `voxscreen_f${this.#nextId++}`;
        named.set(text, name);
        parsing.push({ text, name });
        messages.push(serialize.parse({ name, text }));
      }
      messages.push(serialize.bind({ statement: name }), serialize.execute({}));
    }
    return { messages, parsing };
  }

  /** The framing texts whose Parse PostgreSQL accepted (the first `parsed`, in order) are kept, least recent out. */
  #keepFraming(parsing, parsed) {
    for (const { text, name } of parsing.slice(0, parsed)) this.#framingNames.set(text, name);
    while (this.#framingNames.size > FRAMING_CAPACITY) {
      const [oldest, name] = this.#framingNames.entries().next().value;
      this.#framingNames.delete(oldest);
      this.#toClose.push(name);
    }
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
    let described;
    try {
      described = await this.#pglite.execProtocolStream(
        concat([...closes, serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name })]),
        { syncToFs: false },
      );
    } catch (error) {
      // PostgreSQL skips every message after a failed Parse until a Sync: the session must not wait for one.
      await this.#pglite.execProtocolStream(SYNC, { syncToFs: false, throwOnError: false });
      throw error;
    }
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
