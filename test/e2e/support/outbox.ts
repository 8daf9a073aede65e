import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { browser } from '@wdio/globals';

/** A message as the server's local outbox transport writes it to `<DATA_DIR>/outbox/<id>.json`. */
export interface OutboxFile {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  template_type: string;
  created_at: string;
}

function outboxFolder(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through scripts/e2e.sh');
  return join(dataDir, 'outbox');
}

function readOutbox(): OutboxFile[] {
  let files: string[];
  try {
    files = readdirSync(outboxFolder()).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files.map((file) => JSON.parse(readFileSync(join(outboxFolder(), file), 'utf8')) as OutboxFile);
}

/** Waits until the outbox holds a message to `recipient` created at or after `since` (ms) and returns the newest. */
export async function waitForOutboxMessage({
  recipient,
  since,
}: {
  recipient: string;
  since: number;
}): Promise<OutboxFile> {
  let found: OutboxFile | undefined;
  await browser.waitUntil(
    () => {
      found = readOutbox()
        .filter((m) => m.recipient === recipient && Date.parse(m.created_at) >= since - 1000)
        .sort((a, b) => b.id - a.id)[0];
      return Promise.resolve(found !== undefined);
    },
    { timeout: 20_000, interval: 250, timeoutMsg: `no e-mail to ${recipient} reached the outbox` },
  );
  return found!;
}
