import { type Executor, schema } from '@cab/db';
import { accountsApi, EMAIL_TEMPLATES, emailApi, MSG } from '@cab/shared';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RequestContext, systemContext } from '../src/kit/context.ts';
import {
  deliverDue,
  enqueueTemplate,
  OUTBOX,
  outboxMessageId,
  retryDelayMs,
  smtpSender,
} from '../src/modules/email/index.ts';
import { setupTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
/** The outbox worker's context: background work, no actor. */
let system: RequestContext;
beforeAll(async () => {
  t = await setupTestApp();
  admin = await t.login('ADMIN');
  system = systemContext(t.app.deps, t.app.log);
});
afterAll(() => t.close());

/** The database's clock (the outbox's times come from it). */
const dbNow = (db: Executor = t.handle.db) =>
  db
    .execute(sql`select (extract(epoch from now()) * 1000)::float8 as ms`)
    .then((r) => new Date((r as unknown as { rows: { ms: number }[] }).rows[0]!.ms));
const capture = { send: async () => ({ messageId: '<x@test>' }) };

describe('templates', () => {
  it('lists every e-mail the product sends, seeded with defaults and their placeholders', async () => {
    const res = await t.call(emailApi.listTemplates, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.map((x: { name: string }) => x.name).sort()).toEqual(EMAIL_TEMPLATES.map((x) => x.name).sort());
    const invitation = res.body.find((x: { name: string }) => x.name === 'invitation');
    expect(invitation.placeholders).toContain('user.first_name');
    expect(invitation.placeholders).toContain('link');
  });

  it('previews a template with its sample data', async () => {
    const res = await t.call(emailApi.previewTemplate, {
      token: admin,
      params: { name: 'order_submitted' },
      body: { subject: 'Order {{ order.id }} for {{ user.full_name }}', body: 'Total {{ order.total_price }}' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ subject: 'Order 1042 for Paula Price', body: 'Total $12,480.00' });
  });

  it('refuses to save a template with an unknown placeholder or bad syntax, and keeps the old one', async () => {
    const before = (await t.call(emailApi.getTemplate, { token: admin, params: { name: 'invitation' } })).body;
    const unknown = await t.call(emailApi.updateTemplate, {
      token: admin,
      params: { name: 'invitation' },
      body: { subject: 'Hi {{ user.nickname }}', body: 'ok' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('template_invalid');
    expect(unknown.body.fields.subject[0]).toContain(MSG.templateDoesNotRender);
    expect(unknown.body.fields.subject[0]).toContain('nickname');

    const syntax = await t.call(emailApi.updateTemplate, {
      token: admin,
      params: { name: 'invitation' },
      body: { subject: 'Hi', body: '{% if user.first_name %}never closed' },
    });
    expect(syntax.status).toBe(400);
    expect(Object.keys(syntax.body.fields)).toEqual(['body']);
    expect((await t.call(emailApi.getTemplate, { token: admin, params: { name: 'invitation' } })).body).toEqual(before);
  });

  it('saves a template that renders; the defaults seed never overwrites it', async () => {
    const res = await t.call(emailApi.updateTemplate, {
      token: admin,
      params: { name: 'pickup_reminder' },
      body: { subject: 'Ready: {{ order.name }}', body: 'Come and get it, {{ user.first_name }}.' },
    });
    expect(res.status).toBe(200);
    expect(res.body.subject).toBe('Ready: {{ order.name }}');
    const { seed } = await import('@cab/db');
    await seed(t.handle.db);
    const again = await t.call(emailApi.getTemplate, { token: admin, params: { name: 'pickup_reminder' } });
    expect(again.body.body).toBe('Come and get it, {{ user.first_name }}.');
  });

  it('an unknown template is a 404', async () => {
    const res = await t.call(emailApi.getTemplate, { token: admin, params: { name: 'nope' } });
    expect(res.status).toBe(404);
  });

  it('templates cannot run code', async () => {
    const res = await t.call(emailApi.previewTemplate, {
      token: admin,
      params: { name: 'invitation' },
      body: { subject: '{{ user.constructor.constructor }}', body: "{{ 'x' | eval }}" },
    });
    expect(res.status).toBe(400);
  });

  it('templates cannot read files on the server: include, render and layout are refused', async () => {
    for (const tag of ["{% include 'package.json' %}", "{% render '/etc/passwd' %}", "{% layout 'package.json' %}x"]) {
      const preview = await t.call(emailApi.previewTemplate, {
        token: admin,
        params: { name: 'invitation' },
        body: { subject: 'Hi', body: tag },
      });
      expect(preview.status).toBe(400);
      expect(preview.body.fields.body).toEqual([`${MSG.templateDoesNotRender}: ${MSG.templateNoFiles}`]);
      const save = await t.call(emailApi.updateTemplate, {
        token: admin,
        params: { name: 'invitation' },
        body: { subject: 'Hi', body: tag },
      });
      expect(save.status).toBe(400);
      expect(save.body.fields.body).toEqual([`${MSG.templateDoesNotRender}: ${MSG.templateNoFiles}`]);
    }
  });

  it('a template that loops without end is stopped quickly by the time and memory limits', async () => {
    const loops = [
      '{% for i in (1..100000000) %}x{% endfor %}',
      '{% for i in (1..1000) %}{% for j in (1..1000) %}{% for k in (1..1000) %}x{% endfor %}{% endfor %}{% endfor %}',
      "{% assign s = 'xxxxxxxxxx' %}{% for i in (1..60) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}",
    ];
    for (const body of loops) {
      const started = Date.now();
      const res = await t.call(emailApi.previewTemplate, {
        token: admin,
        params: { name: 'invitation' },
        body: { subject: 'Hi', body },
      });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(res.status).toBe(400);
      expect(res.body.fields.body).toEqual([`${MSG.templateDoesNotRender}: ${MSG.templateTooCostly}`]);
    }
    // The server still answers.
    expect((await t.call(emailApi.listTemplates, { token: admin })).status).toBe(200);
  });
});

/** An in-process SMTP server that records what it receives and can be told to refuse mail. */
async function startSmtp() {
  const received: { to: string[]; raw: string }[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString();
      });
      stream.on('end', () => {
        if (state.refuse) return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { received, state, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('outbox delivery over SMTP', () => {
  it('delivers queued messages, and retries with backoff while the server refuses, then recovers', async () => {
    const smtp = await startSmtp();
    const sender = smtpSender(`smtp://127.0.0.1:${smtp.port}`, 'Shop <shop@example.com>');
    try {
      const data = EMAIL_TEMPLATES.find((x) => x.name === 'order_submitted')!.sample;
      const queued = await enqueueTemplate(system, 'order_submitted', 'paula@example.com', data);
      expect(queued.subject).toBe('Order 1042 (Smith kitchen) received');

      // The server is down (refuses): nothing is lost, a retry is scheduled.
      smtp.state.refuse = true;
      const before = await dbNow();
      expect(await deliverDue(system, sender)).toEqual({ sent: 0, failed: 1 });
      const after = await dbNow();
      const [afterFail] = await t.handle.db
        .select()
        .from(schema.emailOutbox)
        .where(eq(schema.emailOutbox.id, queued.id));
      expect(afterFail).toMatchObject({ status: 'PENDING', attempts: 1 });
      expect(afterFail!.lastError).toContain('Mailbox busy');
      expect(afterFail!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before.getTime() + retryDelayMs(1));
      expect(afterFail!.nextAttemptAt.getTime()).toBeLessThanOrEqual(after.getTime() + retryDelayMs(1));

      // Not due yet: a round now sends nothing.
      expect(await deliverDue(system, sender)).toEqual({ sent: 0, failed: 0 });

      // The server recovers; once the retry is due the message goes out, once.
      smtp.state.refuse = false;
      await t.handle.db
        .update(schema.emailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(schema.emailOutbox.id, queued.id));
      expect(await deliverDue(system, sender)).toEqual({ sent: 1, failed: 0 });
      expect(await deliverDue(system, sender)).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['paula@example.com']);
      expect(smtp.received[0]!.raw).toContain('Subject: Order 1042 (Smith kitchen) received');
      expect(smtp.received[0]!.raw).toContain('We received your order Smith kitchen');
      const [done] = await t.handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, queued.id));
      expect(done).toMatchObject({ status: 'SENT', attempts: 2, lastError: null });

      const page = await t.call(emailApi.outbox, { token: admin, query: { status: 'SENT' } });
      expect(page.body.total).toBeGreaterThanOrEqual(1);
      expect(page.body.results[0]).toMatchObject({ to: 'paula@example.com', status: 'SENT', attempts: 2 });
    } finally {
      sender.transporter.close();
      await smtp.close();
    }
  });

  it('a mail resent after a crash carries the same Message-ID, derived from the outbox row', async () => {
    const smtp = await startSmtp();
    const sender = smtpSender(`smtp://127.0.0.1:${smtp.port}`, 'Shop <shop@example.com>');
    try {
      const data = EMAIL_TEMPLATES.find((x) => x.name === 'order_submitted')!.sample;
      const queued = await enqueueTemplate(system, 'order_submitted', 'crash@example.com', data);
      await deliverDue(system, sender);
      // The process died after the SMTP server took the mail and before the row was marked SENT:
      // the lease runs out and the row is due again.
      await t.handle.db
        .update(schema.emailOutbox)
        .set({ status: 'PENDING', sentAt: null, nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(schema.emailOutbox.id, queued.id));
      await deliverDue(system, sender);

      const mails = smtp.received.filter((m) => m.to.includes('crash@example.com'));
      expect(mails).toHaveLength(2);
      const ids = mails.map((m) => /^Message-ID: (.+)$/im.exec(m.raw)?.[1]?.trim());
      const [row] = await t.handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, queued.id));
      const expected = outboxMessageId(row!, 'Shop <shop@example.com>');
      expect(expected).toMatch(new RegExp(`^<outbox\\.${queued.id}\\.[0-9a-z]+@example\\.com>$`));
      expect(ids).toEqual([expected, expected]);
      expect(row!.messageId).toBe(expected);
    } finally {
      sender.transporter.close();
      await smtp.close();
    }
  });

  it("times a retry by the database's clock, not the server's", async () => {
    const failing = { send: async () => Promise.reject(new Error('connection refused')) };
    const queued = await enqueueTemplate(system, 'pickup_reminder', 'skew@example.com', {
      ...EMAIL_TEMPLATES.find((x) => x.name === 'pickup_reminder')!.sample,
    });
    // Inside a transaction the database's now() stands still (PGlite's clock is this process's
    // own, so skew is shown this way): the server's clock then moves a day ahead of it.
    await t.handle.db.transaction(async (tx) => {
      const inTx = { ...system, db: tx };
      const dbNowInTx = await dbNow(tx);
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(dbNowInTx.getTime() + 86_400_000);
        expect(await deliverDue(inTx, failing)).toEqual({ sent: 0, failed: 1 });
        const [retry] = await tx.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, queued.id));
        expect(retry!.nextAttemptAt.getTime()).toBe(dbNowInTx.getTime() + retryDelayMs(1));
        // The retry's delay passes on the database's clock: the message is due and goes out.
        await tx
          .update(schema.emailOutbox)
          .set({ nextAttemptAt: dbNowInTx })
          .where(eq(schema.emailOutbox.id, queued.id));
        expect(await deliverDue(inTx, capture)).toEqual({ sent: 1, failed: 0 });
        const [sent] = await tx.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, queued.id));
        expect(sent).toMatchObject({ status: 'SENT', sentAt: dbNowInTx });
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it('gives up after the last attempt and marks the message FAILED', async () => {
    const failing = { send: async () => Promise.reject(new Error('connection refused')) };
    const queued = await enqueueTemplate(system, 'pickup_reminder', 'x@example.com', {
      ...EMAIL_TEMPLATES.find((x) => x.name === 'pickup_reminder')!.sample,
    });
    await t.handle.db
      .update(schema.emailOutbox)
      .set({ attempts: OUTBOX.maxAttempts - 1 })
      .where(eq(schema.emailOutbox.id, queued.id));
    await deliverDue(system, failing);
    const [row] = await t.handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, queued.id));
    expect(row).toMatchObject({ status: 'FAILED', attempts: OUTBOX.maxAttempts, lastError: 'connection refused' });
  });

  it('a sign-in link (invitation, password reset) leaves the outbox once its mail is sent or given up', async () => {
    const invited = await t.call(accountsApi.invite, {
      token: admin,
      body: { email: 'secret-link@example.com', first_name: 'Sam', last_name: 'Secret', role: 'PERSONAL' },
    });
    expect(invited.status).toBe(201);
    expect((await t.call(accountsApi.forgetPassword, { body: { email: 'secret-link@example.com' } })).status).toBe(200);
    const rowsTo = () =>
      t.handle.db
        .select()
        .from(schema.emailOutbox)
        .where(eq(schema.emailOutbox.toAddress, 'secret-link@example.com'))
        .orderBy(schema.emailOutbox.id);
    const queued = await rowsTo();
    const links = queued.map((r) => /(https?:\/\/\S+(?:accept|token=[0-9a-f]+))/.exec(r.body)?.[1]);
    expect(links).toEqual([expect.stringContaining('/invitation/'), expect.stringContaining('/reset-password?token=')]);

    const sent: string[] = [];
    const capture = {
      send: async (m: { text: string }) => {
        sent.push(m.text);
        return { messageId: '<x@test>' };
      },
    };
    const failing = { send: async () => Promise.reject(new Error('connection refused')) };
    // The invitation is sent; the reset mail fails for the last time.
    const [invitation, reset] = queued;
    await t.handle.db
      .update(schema.emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() + 3600_000) })
      .where(eq(schema.emailOutbox.id, reset!.id));
    await deliverDue(system, capture);
    await t.handle.db
      .update(schema.emailOutbox)
      .set({ attempts: OUTBOX.maxAttempts - 1, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(schema.emailOutbox.id, reset!.id));
    await deliverDue(system, failing);

    // The mail as sent carried the link; the kept copies do not, and say so.
    expect(sent.some((text) => text.includes(links[0]!))).toBe(true);
    const after = await rowsTo();
    expect(after.map((r) => r.status)).toEqual(['SENT', 'FAILED']);
    for (const [i, row] of after.entries()) {
      expect(row.body).not.toContain(links[i]!);
      expect(row.body).toContain(MSG.outboxSecretRemoved);
      expect(row.secrets).toBeNull();
    }
    expect(invitation!.id).toBe(after[0]!.id);
  });

  it('backoff doubles and is capped', () => {
    expect(retryDelayMs(1)).toBe(OUTBOX.backoffBaseMs);
    expect(retryDelayMs(2)).toBe(OUTBOX.backoffBaseMs * 2);
    expect(retryDelayMs(30)).toBe(OUTBOX.backoffCapMs);
  });
});
