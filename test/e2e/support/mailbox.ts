import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { browser } from '@wdio/globals';
import type { CaughtMail } from '../../../src/server/testing/mail-catcher';

/**
 * The journeys' mailbox: scripts/e2e.sh starts the SMTP mail catcher, points the server's SMTP_URL at it and it
 * writes `<E2E_MAIL_DIR>/<id>-<n>.json`. The server's outbox never keeps set-password links readable once sent,
 * so a person's mailbox is where they are.
 */
function mailFolder(): string {
  const folder = process.env.E2E_MAIL_DIR;
  if (!folder) throw new Error('E2E_MAIL_DIR is not set: run the journeys through scripts/e2e.sh');
  return folder;
}

function readMailbox(): CaughtMail[] {
  let files: string[];
  try {
    files = readdirSync(mailFolder()).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files.map((file) => JSON.parse(readFileSync(join(mailFolder(), file), 'utf8')) as CaughtMail);
}

/** Waits until an e-mail to `recipient` received at or after `since` (ms; default any time) arrives; the newest. */
export async function waitForEmail({
  recipient,
  since = 0,
}: {
  recipient: string;
  since?: number;
}): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await browser.waitUntil(
    () => {
      found = readMailbox()
        .filter((m) => m.recipient === recipient && Date.parse(m.created_at) >= since - 1000)
        .sort((a, b) => b.id - a.id)[0];
      return Promise.resolve(found !== undefined);
    },
    { timeout: 20_000, interval: 250, timeoutMsg: `no e-mail to ${recipient} reached the mailbox` },
  );
  return found!;
}

/** The set-password link of the newest e-mail to `recipient` (an invitation or a reset). */
export async function setPasswordLinkFor(recipient: string): Promise<string> {
  const mail = await waitForEmail({ recipient });
  const link = /(https?:\/\/\S+\/resetPassword\?token=[A-Za-z0-9_%-]+)/.exec(mail.body_text)?.[1];
  if (!link) throw new Error(`The newest e-mail to ${recipient} has no set-password link`);
  return link;
}

/** Every e-mail caught so far whose recipient starts with `prefix` (the invitation journey's run-unique addresses). */
export function emailsToPrefix(prefix: string): CaughtMail[] {
  return readMailbox().filter((m) => m.recipient.startsWith(prefix));
}
