/**
 * Issue 27: no lock held across Stripe. The real server on a fresh embedded database with the demo
 * data (or DATABASE_URL), its Stripe pointed at the local stand-in (apps/server/test/fake-stripe.ts)
 * answering every call after `--latency` ms. `--payers` customers pay at once, each on its own
 * open milestone, for `--duration` seconds: every call asks another amount than the last, so each
 * cancels the open intent at Stripe and makes a new one (two slow Stripe calls a payment). Beside
 * them `--readers` staff read the same invoices (`GET /api/invoices/{id}/`) back to back.
 *
 * Reported: p50/p95/p99 of the invoice reads (goal: p95 under 50 ms) and of the pay calls, counts,
 * errors; and a baseline of the reads with nobody paying.
 *
 * Usage: node --import tsx bench/payments.mts [--payers 20] [--readers 4] [--duration 20] [--latency 300] [--port 3981]
 *          [--pace ms] (a payer waits this long after each answer; 0, the default: back to back)
 */
import { parseArgs } from 'node:util';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe } from '../apps/server/test/fake-stripe.ts';
import { startServer } from './lib.mjs';

const { values: opt } = parseArgs({
  options: {
    payers: { type: 'string', default: '20' },
    readers: { type: 'string', default: '4' },
    duration: { type: 'string', default: '20' },
    latency: { type: 'string', default: '300' },
    port: { type: 'string', default: '3981' },
    pace: { type: 'string', default: '0' },
  },
});
/** How long a payer waits after an answer before paying again (a person; 0: back to back). */
const PACE_MS = Number(opt.pace);
const PAYERS = Number(opt.payers);
const READERS = Number(opt.readers);
const DURATION_MS = Number(opt.duration) * 1000;
const base = `http://127.0.0.1:${opt.port}`;

const fake = await startFakeStripe({ latencyMs: Number(opt.latency) });
const server = await startServer({
  port: Number(opt.port),
  env: {
    STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_API_BASE: fake.url,
  },
});

async function signIn(email: string) {
  const res = await fetch(`${base}/api/users/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo1234!' }),
  });
  const { token } = (await res.json()) as { token: string };
  return `Token ${token}`;
}

async function api<T>(
  auth: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : Number.NaN;
};
const row = (name: string, xs: number[], errors = 0) =>
  `${name.padEnd(34)} n=${String(xs.length).padStart(6)}  p50 ${pct(xs, 50).toFixed(1).padStart(7)} ms  p95 ${pct(xs, 95).toFixed(1).padStart(7)} ms  p99 ${pct(xs, 99).toFixed(1).padStart(7)} ms  errors ${errors}`;

try {
  const admin = await signIn('admin@demo.test');
  const customers = { PERSONAL: await signIn('personal@demo.test'), BUSINESS: await signIn('manager@demo.test') };
  // The demo's open invoices: one open milestone each for a payer (the customer's own token).
  type Inv = {
    id: number;
    customer: number;
    company: number | null;
    milestones: { id: number; balance: string; status: string }[];
  };
  const list = await api<{ results: { id: number }[] }>(admin, 'GET', '/api/invoices/?page_size=100');
  const targets: { invoice: number; milestone: number; auth: string; balance: number }[] = [];
  for (const r of list.body.results) {
    const inv = (await api<Inv>(admin, 'GET', `/api/invoices/${r.id}/`)).body;
    const m = inv.milestones.find((x) => x.status !== 'VOID' && Number(x.balance) >= 3);
    if (!m) continue;
    targets.push({
      invoice: inv.id,
      milestone: m.id,
      auth: inv.company ? customers.BUSINESS : customers.PERSONAL,
      balance: Number(m.balance),
    });
  }
  if (targets.length === 0) throw new Error('no open milestone in the demo data');
  console.log(
    `${targets.length} open invoices; ${PAYERS} payers, ${READERS} readers, Stripe answers after ${opt.latency} ms`,
  );

  async function readFor(ms: number) {
    const times: number[] = [];
    let errors = 0;
    const until = performance.now() + ms;
    await Promise.all(
      Array.from({ length: READERS }, async (_, r) => {
        for (let i = r; performance.now() < until; i++) {
          const t = targets[i % targets.length]!;
          const started = performance.now();
          const res = await fetch(`${base}/api/invoices/${t.invoice}/`, { headers: { authorization: admin } });
          await res.arrayBuffer();
          times.push(performance.now() - started);
          if (res.status !== 200) errors++;
        }
      }),
    );
    return { times, errors };
  }

  const quiet = await readFor(5_000);
  const pays: number[] = [];
  let payErrors = 0;
  const until = performance.now() + DURATION_MS;
  const payers = Promise.all(
    Array.from({ length: PAYERS }, async (_, p) => {
      const t = targets[p % targets.length]!;
      for (let i = 0; performance.now() < until; i++) {
        const started = performance.now();
        const res = await api(t.auth, 'POST', `/api/invoices/milestones/${t.milestone}/pay/`, {
          method: 'CARD',
          amount: (1 + ((i + p) % 2)).toFixed(2),
        });
        pays.push(performance.now() - started);
        // Several payers share a milestone when there are fewer invoices than payers: 409 is theirs.
        if (res.status !== 201 && res.status !== 409) payErrors++;
        if (PACE_MS > 0) await new Promise((r) => setTimeout(r, PACE_MS));
      }
    }),
  );
  const busy = await readFor(DURATION_MS);
  await payers;
  console.log(row('GET invoice, nobody paying', quiet.times, quiet.errors));
  console.log(row('GET invoice, while paying', busy.times, busy.errors));
  console.log(row('POST pay (cancel + create at Stripe)', pays, payErrors));
  console.log(`Stripe calls: ${fake.requests.length}`);
  const p95 = pct(busy.times, 95);
  console.log(
    p95 < 50 ? `goal met: p95 ${p95.toFixed(1)} ms < 50 ms` : `GOAL MISSED: p95 ${p95.toFixed(1)} ms >= 50 ms`,
  );
} finally {
  await server.stop();
  await fake.close();
}
