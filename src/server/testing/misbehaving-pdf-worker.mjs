// A stand-in for the PDF render pool's worker (pdf-render-pool.test.ts): the document's title says how it
// misbehaves; any other title is answered with the title's bytes.
import process from 'node:process';
import { setImmediate } from 'node:timers';
import { TextEncoder } from 'node:util';
import { parentPort } from 'node:worker_threads';

parentPort.on('message', ({ id, document }) => {
  const title = document.options.title;
  if (title === 'exit') process.exit(3);
  if (title === 'throw')
    setImmediate(() => {
      throw new Error('drawing blew up');
    });
  if (title === 'hang' || title === 'throw') return;
  const bytes = new TextEncoder().encode(title).buffer;
  parentPort.postMessage({ id, ok: true, bytes }, [bytes]);
});
parentPort.postMessage({ ready: true });
