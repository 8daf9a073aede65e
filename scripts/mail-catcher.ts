/**
 * A local SMTP server that keeps every e-mail the server sends: `npm run mail-catcher -- [--folder DIR]
 * [--port-file FILE]`. Start the server with `SMTP_URL=smtp://127.0.0.1:<port> EGRESS_ALLOW=127.0.0.1` (the egress
 * policy refuses loopback otherwise, ADR 0069) to receive set-password
 * links locally (the outbox never keeps them readable once sent). The browser journeys use it too.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startMailCatcher } from '../src/server/testing/mail-catcher';

const { values } = parseArgs({ options: { folder: { type: 'string' }, 'port-file': { type: 'string' } } });
const catcher = await startMailCatcher(values.folder ? { folder: values.folder } : {});
if (values['port-file']) writeFileSync(values['port-file'], String(catcher.port));
console.log(
  `mail catcher: SMTP_URL=${catcher.url} EGRESS_ALLOW=127.0.0.1${values.folder ? `, messages in ${values.folder}` : ''}`,
);

setInterval(() => {
  for (const mail of catcher.received.splice(0)) {
    const links = mail.body_text.match(/https?:\/\/\S+/g) ?? [];
    console.log(
      `${mail.created_at} to ${mail.recipient}: ${mail.subject ?? ''}${links.map((l) => `\n  ${l}`).join('')}`,
    );
  }
}, 500);
process.on('SIGTERM', () => void catcher.close().then(() => process.exit(0)));
process.on('SIGINT', () => void catcher.close().then(() => process.exit(0)));
