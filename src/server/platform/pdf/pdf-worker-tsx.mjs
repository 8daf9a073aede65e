// The PDF render pool's worker started from the TypeScript source (tests, `npm run serve`), ADR 0109: Node 20 does not
// apply `--import tsx` to a worker's entry, so the worker registers tsx itself and then loads the source.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
