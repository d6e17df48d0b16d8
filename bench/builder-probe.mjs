#!/usr/bin/env node
/**
 * Issue 15, the builder's step at the second group, in isolation: lines keyed into the last group
 * of a saved order of one group of `--lines` lines (A) and of two such groups (B), one after the
 * other in the same browser, so what a line costs with a second table on the page is seen apart
 * from the order's size. Per line: the page's main-thread time (Chrome's Performance.getMetrics,
 * wall time, so loaded by other work on the machine) and, with --trace, the renderer main thread's
 * CPU time (trace events' thread duration, steadier on a busy machine) by kind of work (Paint,
 * Layerize, Layout, ...). --css injects a style sheet first (to try a rendering change without a
 * build). No attachments, no autosave while keying (the order is saved before).
 *
 *   node --import tsx bench/builder-probe.mjs <dist> [--lines 250] [--key 25] [--rounds 2]
 *     [--trace] [--only 1|2] [--css '...']
 *   BENCH_PORT (3892), PROBE_TOP (rows of the trace breakdown, 25), PROBE_CATS (extra trace categories)
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GROUP_PREMIUM_KINDS } from '@cab/shared';
import { builderPage, signInThroughForm } from './builder-page.mjs';
import { DEMO_PERSONAL, median, startBuilderBench } from './lib.mjs';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    lines: { type: 'string', default: '250' },
    key: { type: 'string', default: '25' },
    rounds: { type: 'string', default: '2' },
    trace: { type: 'boolean', default: false },
    only: { type: 'string', default: '' },
    css: { type: 'string', default: '' },
  },
});
const N = Number(opts.lines);
const KEY = Number(opts.key);
const PORT = Number(process.env.BENCH_PORT ?? 3892);
const dist = positionals[0];
const { base: BASE, server, api, browser } = await startBuilderBench({ port: PORT, dist });
const { token } = await api(null, 'POST', '/api/users/token/', DEMO_PERSONAL);
const itemPage = await api(token, 'GET', '/api/catalog/items/?page_size=50&is_attachment=false');
const items = itemPage.results.filter((i) => !i.is_attachment);
let uid = 0;
const group = (name) => ({
  name,
  premiums: Object.fromEntries(GROUP_PREMIUM_KINDS.map((k) => [k, null])),
  items: Array.from({ length: N }, (_, i) => ({
    _id: `p${++uid}`,
    line_item: items[i % items.length].id,
    qty: 1 + (i % 3),
    hinge: null,
    finished_side: null,
    is_attachment: false,
    parentId: null,
  })),
});
async function makeOrder(groups) {
  const o = await api(token, 'POST', '/api/orders/', {
    name: `probe ${groups}`,
    po_number: null,
    customer: null,
    groups: Array.from({ length: groups }, (_, g) => group(`G${g + 1}`)),
  });
  return o.id;
}

const { page, cpu } = await builderPage(browser);
page.on('pageerror', (e) => console.log(`pageerror: ${e.message}`));
await signInThroughForm(page, BASE);

async function run(groups) {
  const id = await makeOrder(groups);
  await page.goto(`${BASE}/orders/${id}`);
  await page.getByTestId(`group-${groups - 1}`).waitFor();
  if (opts.css) await page.addStyleTag({ content: opts.css });
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'add-code-input');
  if (groups > 1) {
    for (let g = 1; g < groups; g++) await page.keyboard.press('Alt+ArrowDown');
    await page.waitForFunction(
      (g) => document.activeElement?.closest('[data-group-key]')?.getAttribute('data-testid') === `group-${g}`,
      groups - 1,
    );
  }
  await page.waitForTimeout(500);
  const rows = [];
  let n = N * groups;
  const tracing = opts.trace;
  if (tracing)
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        ...(process.env.PROBE_CATS ? process.env.PROBE_CATS.split(',') : []),
      ],
    });
  for (let i = 0; i < KEY; i++) {
    n++;
    const code = items[i % items.length].manufacturer_code;
    const before = await cpu();
    const t = performance.now();
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => document.activeElement?.getAttribute('data-testid') === `qty-${n}`, n, {
      polling: 'raf',
    });
    await page.keyboard.type(String(1 + (i % 3)));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'add-code-input', null, {
      polling: 'raf',
    });
    const after = await cpu();
    rows.push({ cycle: performance.now() - t, d: after.map((v, k) => (v - before[k]) * 1000) });
  }
  if (tracing) {
    const buf = await browser.stopTracing();
    const file = path.join(tmpdir(), `builder-probe-trace-${groups}g.json`);
    writeFileSync(file, buf);
    summarizeTrace(JSON.parse(buf.toString()), KEY);
  }
  const [task, script, layout, style] = [0, 1, 2, 3].map((k) => median(rows.map((r) => r.d[k])));
  console.log(
    `${groups} group(s) x ${N}, lines ${N * groups + 1}-${n}: cycle ${median(rows.map((r) => r.cycle)).toFixed(0)} ms, task ${task.toFixed(0)}, script ${script.toFixed(0)}, layout ${layout.toFixed(0)}, style ${style.toFixed(0)}, other ${(task - script - layout - style).toFixed(0)}; rows in DOM ${await page.locator('tr[data-line]').count()}, ${await page.evaluate(() => document.querySelectorAll('*').length)} elements`,
  );
}

function summarizeTrace(trace, lines) {
  const events = trace.traceEvents ?? trace;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tid = main?.tid;
  const pid = main?.pid;
  const sums = new Map();
  for (const e of events) {
    if (e.tid !== tid || e.pid !== pid || e.ph !== 'X' || !e.dur) continue;
    sums.set(e.name, sums.get(e.name) ?? { ms: 0, n: 0 });
    const s = sums.get(e.name);
    s.ms += (e.tdur ?? e.dur) / 1000;
    s.n += 1;
  }
  const top = [...sums.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, Number(process.env.PROBE_TOP ?? 25));
  for (const [name, s] of top)
    console.log(`  ${name.padEnd(40)} ${(s.ms / lines).toFixed(1)} ms/line  (${(s.n / lines).toFixed(1)}/line)`);
}

try {
  for (let r = 0; r < Number(opts.rounds); r++) {
    if (opts.only !== '2') await run(1);
    if (opts.only !== '1') await run(2);
  }
} finally {
  await browser.close();
  await server.stop();
}
process.exit(0);
