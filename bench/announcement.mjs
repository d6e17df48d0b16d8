#!/usr/bin/env node
/**
 * Announcement send: N active business customers, then one announcement to them (one rendered
 * e-mail per recipient queued in the outbox, in one transaction), as POST /api/email/announcements/
 * does. Embedded PGlite in memory, or PostgreSQL with DATABASE_URL.
 * Usage: node --import tsx bench/announcement.mjs [recipients]
 */
import { createDb, schema, seed } from '@cab/db';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { systemContext } from '../apps/server/src/kit/context.ts';
import { previewAnnouncement, sendAnnouncement } from '../apps/server/src/modules/email/announcements.ts';

const total = Number(process.argv[2] ?? 5000);
const handle = await createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory' });
await seed(handle.db, { demo: false });
const db = handle.db;

const [admin] = await db
  .insert(schema.users)
  .values({ email: `bench-admin-${Date.now()}@example.com`, passwordHash: 'x', isStaff: true })
  .returning();
const stamp = Date.now().toString(36);
for (let i = 0; i < total; i += 1000) {
  const rows = [];
  for (let j = i; j < Math.min(total, i + 1000); j++) {
    rows.push({
      email: `b${j}-${stamp}@example.com`,
      passwordHash: 'x',
      firstName: `B${j}`,
      lastName: 'Bench',
      accountType: 'B',
    });
  }
  await db.insert(schema.users).values(rows);
}

const body = {
  title: 'Bench announcement',
  message: 'The shop is closed on January 1.',
  audience: 'BUSINESS',
  expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
};
// The request context the endpoint would get: the admin acting, no storage needed.
const config = { ...loadConfig({ DATA_DIR: 'memory' }), publicUrl: 'http://localhost' };
const ctx = {
  ...systemContext({ db, config, storage: null }, console),
  actor: { id: admin.id, email: admin.email, role: 'ADMIN', companyId: null, tokenId: 0 },
};
let t = performance.now();
const preview = await previewAnnouncement(ctx, body);
const previewMs = performance.now() - t;

t = performance.now();
const sent = await sendAnnouncement(ctx, body);
const sendMs = performance.now() - t;
const [queued] = await db.select({ n: sql`count(*)::int` }).from(schema.emailOutbox);

console.log(`preview (count ${preview.recipients} recipients) in ${Math.round(previewMs)} ms`);
console.log(
  `sent to ${sent.recipients} recipients (${queued.n} messages queued) in ${Math.round(sendMs)} ms: ${Math.round((sent.recipients / sendMs) * 1000)} messages/s`,
);
await handle.close();
