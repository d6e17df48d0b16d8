#!/usr/bin/env node
/**
 * Outbox delivery rate: queue N messages from a template, then deliver them to an in-process
 * SMTP server (smtp-server) through nodemailer, as the worker does. Embedded PGlite in memory,
 * or PostgreSQL with DATABASE_URL.
 * Usage: node --import tsx bench/outbox.mjs [messages]
 */
import { createDb, seed } from '@cab/db';
import { EMAIL_TEMPLATES } from '@cab/shared';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../apps/server/src/config.ts';
import { systemContext } from '../apps/server/src/kit/context.ts';
import { deliverDue, enqueueTemplate, smtpSender } from '../apps/server/src/modules/email/index.ts';

const total = Number(process.argv[2] ?? 2000);
let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  // No network here: a reverse DNS lookup per connection would only measure its timeout.
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received++;
      callback();
    });
  },
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const handle = await createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory' });
await seed(handle.db, { demo: false });
const sample = EMAIL_TEMPLATES.find((t) => t.name === 'order_submitted').sample;
// The outbox worker's context: background work, no actor, no storage needed.
const ctx = systemContext({ db: handle.db, config: loadConfig({ DATA_DIR: 'memory' }), storage: null }, console);

let t = performance.now();
for (let i = 0; i < total; i++) await enqueueTemplate(ctx, 'order_submitted', `c${i}@example.com`, sample);
const queueMs = performance.now() - t;

const sender = smtpSender(`smtp://127.0.0.1:${server.server.address().port}`, 'bench@example.com');
t = performance.now();
let sent = 0;
for (;;) {
  const r = await deliverDue(ctx, sender);
  sent += r.sent;
  if (r.sent + r.failed === 0) break;
}
const sendMs = performance.now() - t;
console.log(`queued ${total} messages in ${Math.round(queueMs)} ms (${Math.round((total / queueMs) * 1000)}/s)`);
console.log(
  `delivered ${sent} (server received ${received}) in ${Math.round(sendMs)} ms: ${Math.round((sent / sendMs) * 1000)} messages/s`,
);
sender.transporter.close();
server.close();
await handle.close();
