// A batch's steps as the worker runs them (ADR 0217). Plain JavaScript, as the worker.

/**
 * What opens a transaction's statements: its BEGIN and the settings sent with its next statement (ADR 0060), whose mark
 * is SENT_WITH_NEXT in pglite-dialect.ts (a worker cannot import it; pglite-worker.test.ts fails if the two differ).
 */
const FRAMING = /^(begin\b|\/\* sent with the next statement \*\/ )/i;
export const ENDS_TRANSACTION = /^(commit|rollback)$/i;

/**
 * Parameterless steps that end one transaction and open the next, in a row, as one simple-protocol message: a
 * request's deferred COMMIT, its BEGIN and its tenant setting cost the engine one protocol exchange instead of three.
 * A COMMIT or ROLLBACK only ever starts such a message, so a message that fails never holds the end of its own
 * transaction (the worker rolls back when a later step would have ended it). Each part ends on its own line, so one
 * that ends in a line comment cannot swallow the next. `parts` keeps the steps apart, for a message that sends them as
 * kept statements before the statement that follows them (ADR 0224).
 */
export function mergeFraming(steps) {
  const merged = [];
  for (const step of steps) {
    const frames = step.op === 'exec' && (ENDS_TRANSACTION.test(step.sql) || FRAMING.test(step.sql));
    const previous = merged.at(-1);
    if (frames && previous?.frames && !ENDS_TRANSACTION.test(step.sql)) previous.parts.push(step.sql);
    else merged.push(frames ? { ...step, frames, parts: [step.sql] } : step);
  }
  return merged.map((step) => (step.frames ? { ...step, sql: step.parts.join('\n;\n') } : step));
}
