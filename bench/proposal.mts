/**
 * Issue 37: a dealer's proposal of a 500-line order made (POST /api/orders/{id}/proposals/: the
 * lines frozen as cost, priced with a markup, a group markup and an extra line) and its PDF
 * rendered (GET /api/proposals/{id}/pdf/), through the real app on a fresh embedded database.
 * Goal: both together under 1 s (median of RUNS).
 *
 * Usage: node --import tsx bench/proposal.mts   (LINES=500, RUNS=7 by default)
 */
import { ordersApi, proposalsApi } from '@cab/shared';
import { setupTestApp } from '../apps/server/test/helpers.ts';
import { noPremiums } from '../apps/server/test/orders-fixtures.ts';
import { plainLineItem } from '../apps/server/test/orders-lifecycle-helpers.ts';

const LINES = Number(process.env.LINES ?? 500);
const RUNS = Number(process.env.RUNS ?? 7);

const t = await setupTestApp();
const token = await t.login('PERSONAL');
const plain = await plainLineItem(t.handle.db);
// Five groups of LINES / 5 lines each.
const groups = Array.from({ length: 5 }, (_, g) => ({
  name: `Room ${g + 1}`,
  premiums: noPremiums,
  items: Array.from({ length: LINES / 5 }, (_, i) => ({
    _id: `g${g}i${i}`,
    line_item: plain!.id,
    qty: 1 + (i % 3),
    is_attachment: false,
  })),
}));
const order = await t.call(ordersApi.create, { token, body: { name: 'Bench kitchen', groups } });
if (order.status !== 201) throw new Error(`order: ${order.status} ${JSON.stringify(order.body)}`);
const firstGroup = order.body.groups[0].id as number;

const makeMs: number[] = [];
const pdfMs: number[] = [];
const bothMs: number[] = [];
let pdfBytes = 0;
for (let run = 0; run < RUNS; run++) {
  const t0 = performance.now();
  const made = await t.call(proposalsApi.create, {
    token,
    params: { id: order.body.id },
    body: {
      client: { name: 'Hank Homeowner', email: 'hank@example.com' },
      markup_percent: '35',
      group_markups: [{ group: firstGroup, percent: '50' }],
      extra_lines: [{ description: 'Installation', amount: '4500.00', taxable: false }],
      tax_rate: '8.875',
    },
  });
  const t1 = performance.now();
  if (made.status !== 201 || made.body.lines.length !== LINES) throw new Error(`proposal: ${made.status}`);
  const pdf = await t.app.inject({
    method: 'GET',
    url: `/api/proposals/${made.body.id}/pdf/`,
    headers: { authorization: `Token ${token}` },
  });
  const t2 = performance.now();
  if (pdf.statusCode !== 200) throw new Error(`pdf: ${pdf.statusCode}`);
  pdfBytes = pdf.rawPayload.length;
  makeMs.push(t1 - t0);
  pdfMs.push(t2 - t1);
  bothMs.push(t2 - t0);
}
await t.close();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
console.log(`lines: ${LINES}, runs: ${RUNS}`);
console.log(`make: median ${median(makeMs).toFixed(0)} ms (first ${makeMs[0]?.toFixed(0)} ms)`);
console.log(
  `pdf: median ${median(pdfMs).toFixed(0)} ms (first ${pdfMs[0]?.toFixed(0)} ms), ${(pdfBytes / 1024).toFixed(0)} KiB`,
);
console.log(`make + pdf: median ${median(bothMs).toFixed(0)} ms, max ${Math.max(...bothMs).toFixed(0)} ms`);
console.log(`goal < 1000 ms: ${median(bothMs) < 1000 ? 'met' : 'MISSED'}`);
