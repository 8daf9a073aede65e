/**
 * Long work on the request thread (an export's or a report's rows, written one by one) runs in slices: after
 * SLICE_MS of work the event loop is handed back (setImmediate), so every other request, timer and I/O callback
 * waiting meanwhile is served before the work goes on (issue 30, "long work does not slow others"). Without it a
 * page of 2,000 rows written to an xlsx stream held the event loop for over a second: the rows of a page come from
 * memory, so the loop of `for await` never waits on I/O between them.
 */
export const SLICE_MS = 10;

/** The items of `source` in order, with the event loop handed back whenever a slice has taken `sliceMs`. */
export async function* inSlices<T>(source: AsyncIterable<T> | Iterable<T>, sliceMs = SLICE_MS): AsyncIterable<T> {
  let sliceStarted = performance.now();
  for await (const item of source) {
    // The time counted includes what the consumer did with the item before asking for the next one.
    yield item;
    if (performance.now() - sliceStarted >= sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStarted = performance.now();
    }
  }
}
