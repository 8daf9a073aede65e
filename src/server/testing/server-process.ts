import { TEST_EGRESS_ALLOW, TEST_SIGNING_KEY_SECRET } from './test-config';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote, stdout and stderr. */
  output(): string;
  /** Resolves with the port once the server listens; rejects if the process exits first. */
  listening: Promise<number>;
  /** Resolves with the exit code (or signal) once the process ended. */
  exited: Promise<number | string>;
  /** Resolves when the output contains `text`. */
  waitForOutput(text: string): Promise<void>;
}

/** Starts `src/server/main.ts` as its own process (port 0, loopback, light password hashing of NODE_ENV=test). */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SIGNING_KEY_SECRET: TEST_SIGNING_KEY_SECRET,
      EGRESS_ALLOW: TEST_EGRESS_ALLOW,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const watchers: { needle: string; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const w of watchers.splice(0)) {
      if (text.includes(w.needle)) w.resolve();
      else watchers.push(w);
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const waitForOutput = (needle: string) =>
    new Promise<void>((resolve, reject) => {
      if (text.includes(needle)) return resolve();
      watchers.push({ needle, resolve });
      void exited.then(() =>
        text.includes(needle) ? resolve() : reject(new Error(`exited before "${needle}":\n${text.slice(-3000)}`)),
      );
    });
  const listening = waitForOutput('Server listening at http://127.0.0.1:').then(() => {
    const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(text);
    return Number(match![1]);
  });
  listening.catch(() => {});
  return { child, output: () => text, listening, exited, waitForOutput };
}

/** Ends a server process started by the test and waits for it. */
export async function stopServerProcess(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}
