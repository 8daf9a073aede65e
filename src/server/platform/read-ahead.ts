/**
 * The items of `source`, each next one asked for as soon as the one before is handed out (ADR 0153): the reader's
 * next step (a page read on the database's thread) runs while the consumer works on the current item (PDFs drawn on
 * the render pool's thread), instead of after it. At most one item is read ahead. A failure of the read ahead is
 * thrown when that item is reached, not as an unhandled rejection before.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T, void, undefined> {
  const iterator = source[Symbol.asyncIterator]();
  const ask = () => {
    const next = iterator.next();
    next.catch(() => undefined);
    return next;
  };
  let next = ask();
  let finished = false;
  try {
    for (;;) {
      const current = await next;
      if (current.done) {
        finished = true;
        return;
      }
      next = ask();
      yield current.value;
    }
  } finally {
    // The consumer stopped early (or the source failed): the source is closed once its pending step has settled.
    if (!finished)
      void next
        .then(
          () => iterator.return?.(),
          () => undefined,
        )
        .catch(() => undefined);
  }
}
