// A stand-in for the PDF render pool's drawing process (pdf-render-pool.test.ts), speaking its protocol
// (pdf-worker.ts): the document's title says how it misbehaves; any other title is answered with the title's bytes.
import process from 'node:process';
import { setImmediate } from 'node:timers';
import { TextEncoder } from 'node:util';

process.on('uncaughtException', (error) => {
  process.send({ failed: error.message }, () => process.exit(1));
});
process.on('disconnect', () => process.exit(0));
process.on('message', ({ id, document }) => {
  const title = document.options.title;
  if (title === 'exit') process.exit(3);
  if (title === 'throw')
    setImmediate(() => {
      throw new Error('drawing blew up');
    });
  if (title === 'hang' || title === 'throw') return;
  process.send({ id, ok: true, bytes: new TextEncoder().encode(title) });
});
process.send({ ready: true });
