/**
 * Reads `read` every 50 ms until `done` accepts its value, and resolves with that value: a test waits for what the
 * code does, not for a fixed time. Gives up after `withinMs` (far above what a loaded machine needs; the test's own
 * timeout is the real bound) with an error that says what it waited for.
 */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what = 'the condition',
  withinMs = 60_000,
): Promise<T> {
  const giveUpAt = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > giveUpAt) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
