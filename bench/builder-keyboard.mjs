#!/usr/bin/env node
/**
 * Issue 9 "A customer can build a 200-line order without touching the mouse", measured: the real
 * server (fresh embedded database, demo data) serving a built web app, Chromium (Playwright), the
 * demo personal customer signed in, then /orders/build keyed in with the keyboard alone:
 *
 *   - Shift+Tab from the code field to the order name, type it, Tab back to the code field;
 *   - per line: type a demo manufacturer code, Enter, type the quantity (the quantity field has
 *     the focus), Enter (back to the code field);
 *   - now and then an attachment after its parent: from the parent's quantity, Tab to its
 *     'Add attachment' button, Enter, type the attachment code, Enter, Enter;
 *   - Ctrl+S after the first line (a new order is only kept on the device until its first save;
 *     after it every change is autosaved);
 *   - the second group: Tab from the first group's code field to 'Add group', Enter.
 *
 * After the last line it waits for the autosave ('Saved'), reloads, and checks the order through
 * GET /api/orders/{id}/ (every line, in order, with its quantity) and the page (each group's line
 * count). No click, fill or focus() once the builder is open; every focus move is a key press,
 * and the script checks after each step where the focus is. A step the keyboard cannot do stops
 * the run and says where.
 *
 * Per line, in the page (performance.now()): Enter in the code field -> the new row in the DOM,
 * and -> its quantity field focused; the first key of the code and of the quantity -> the next
 * frame; the page's script and layout time (Chrome's Performance.getMetrics; its TaskDuration
 * also counts the frames the script's own waits ask for). Printed: total, median and p95 per
 * line, the same in blocks of 25 lines (does it slow down as the order grows?), every save
 * request, the autosave after the last line, and how many key presses each move took (to the
 * order name, to an attachment button, to 'Add group', back from the last group to the first).
 *
 *   node --import tsx bench/builder-keyboard.mjs [dist] [--lines 500] [--groups 2]
 *     [--attach-every 20] [--type-delay 0] [--pause-every 0] [--pause-ms 2500] [--wait-list] [--save-at-end]
 *     [--wait-switch] [--profile file.cpuprofile]
 *
 *   dist            a built apps/web (vite build --outDir); none: builds one into a temp folder
 *   --attach-every  an attachment after every n-th parent line (0: none); attachments count as lines
 *   --type-delay    ms between key presses while typing (0: as fast as Playwright sends them)
 *   --pause-every   a pause of --pause-ms after every n lines (a person looking at the drawing),
 *                   so autosaves happen while the order is keyed in; 0: no pauses
 *   --wait-list     after typing a code, wait for the type-ahead list to highlight it, then Enter
 *                   (a person reading the list; without it Enter comes first and the builder
 *                   looks the typed code up itself)
 *   --save-at-end   keep the draft on the device and save once (Ctrl+S) after the last line
 *                   instead of after the first: measures the first save (POST) of the whole order
 *   --wait-switch   after the first save, wait for a new builder's code field before keying on (builds
 *                   before issue 15 remounted the builder on /orders/{id} and lost keys typed meanwhile);
 *                   without it the next line is keyed in at once, and the check at the end says if any was lost
 *   --profile       a CPU profile of the page while the lines are keyed in (its top functions are printed)
 *   BENCH_PORT      server port (3791)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BUILDER_TEXT } from '@cab/shared';
import { builderPage, signInThroughForm } from './builder-page.mjs';
import { DEMO_PERSONAL, ROOT, startBuilderBench } from './lib.mjs';
import { topSelfTime } from './profile-top.mjs';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    lines: { type: 'string', default: '500' },
    groups: { type: 'string', default: '2' },
    'attach-every': { type: 'string', default: '20' },
    'type-delay': { type: 'string', default: '0' },
    'pause-every': { type: 'string', default: '0' },
    'pause-ms': { type: 'string', default: '2500' },
    'save-at-end': { type: 'boolean', default: false },
    'wait-list': { type: 'boolean', default: false },
    'wait-switch': { type: 'boolean', default: false },
    profile: { type: 'string', default: '' },
  },
});
const LINES = Number(opts.lines);
const GROUPS = Number(opts.groups);
const ATTACH_EVERY = Number(opts['attach-every']);
const TYPE_DELAY = Number(opts['type-delay']);
const PAUSE_EVERY = Number(opts['pause-every']);
const PAUSE_MS = Number(opts['pause-ms']);
const SAVE_AT_END = opts['save-at-end'];
const WAIT_LIST = opts['wait-list'];
const WAIT_SWITCH = opts['wait-switch'];
const PROFILE = opts.profile;
const PORT = Number(process.env.BENCH_PORT ?? 3791);
/** How long one step (a row appearing, the focus moving, a save) may take before it counts as broken. */
const STEP_TIMEOUT = 15_000;

let dist = positionals[0] ? path.resolve(positionals[0]) : '';
if (!dist) {
  dist = mkdtempSync(path.join(tmpdir(), 'cab-builder-kb-'));
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(ROOT, 'apps/web'),
    stdio: 'inherit',
  });
}

// ---------------------------------------------------------------------------------------------
// Small helpers

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const quantile = (xs, q) => {
  const s = sorted(xs);
  return s.length === 0 ? Number.NaN : (s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? Number.NaN);
};
const median = (rows, key) =>
  quantile(
    rows.map((r) => r[key]),
    0.5,
  );
const ms = (n) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : '-');
const sec = (n) => `${(n / 1000).toFixed(1)} s`;

class KeyboardPathBroken extends Error {}

/**
 * The rows to key in: `LINES` rows over `GROUPS` groups (the first groups take the remainder),
 * codes cycled through the demo catalogue, an attachment after every ATTACH_EVERY-th parent.
 */
function planRows(items, attachments) {
  const groups = [];
  let parent = 0;
  let attachment = 0;
  for (let g = 0; g < GROUPS; g++) {
    const quota = Math.floor(LINES / GROUPS) + (g < LINES % GROUPS ? 1 : 0);
    const rows = [];
    while (rows.length < quota) {
      const code = items[parent % items.length];
      parent++;
      rows.push({ code, qty: 1 + (parent % 3), attachment: false });
      if (ATTACH_EVERY > 0 && parent % ATTACH_EVERY === 0 && rows.length < quota && attachments.length > 0) {
        rows.push({ code: attachments[attachment % attachments.length], qty: 1, attachment: true });
        attachment++;
      }
    }
    groups.push(rows);
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------
// Server, catalogue, browser

const { base: BASE, server, api, browser } = await startBuilderBench({ port: PORT, dist });

const findings = [];
/** Every line: its number, code, and the in-page times (ms) from Enter to the row and to its quantity focused. */
const perLine = [];
/** Lines whose quantity field had the focus out of sight (outside the window or the table's scroll box). */
const outOfView = [];
const saves = [];
const browserErrors = [];
let exitCode = 0;

try {
  const { token } = await api(null, 'POST', '/api/users/token/', DEMO_PERSONAL);
  const itemPage = await api(token, 'GET', '/api/catalog/items/?page_size=50&is_attachment=false');
  const attachPage = await api(token, 'GET', '/api/catalog/attachments/?page_size=50&is_attachment=true');
  const items = itemPage.results.filter((i) => !i.is_attachment).map((i) => i.manufacturer_code);
  const attachments = attachPage.results.filter((i) => i.is_attachment).map((i) => i.manufacturer_code);
  if (items.length === 0) throw new Error('no line items in the demo catalogue');
  const plan = planRows(items, attachments);
  const totalRows = plan.reduce((n, g) => n + g.length, 0);
  console.log(
    `builder keyboard bench: ${totalRows} lines in ${plan.length} group(s) (${plan.map((g) => g.length).join(' + ')}), ` +
      `${plan.flat().filter((r) => r.attachment).length} of them attachments; ${items.length} item codes, ` +
      `${attachments.length} attachment codes; type delay ${TYPE_DELAY} ms; ` +
      `${PAUSE_EVERY > 0 ? `a ${PAUSE_MS} ms pause every ${PAUSE_EVERY} lines` : 'no pauses'}; ` +
      `${SAVE_AT_END ? 'one save at the end' : 'saved after line 1, autosave after'}` +
      `${WAIT_LIST ? '; Enter once the list highlights the code' : ''}\n  web: ${dist}`,
  );

  // cpu(): the page's main-thread, script and layout time, read around each line.
  const { page, cdp, cpu } = await builderPage(browser);
  page.on('pageerror', (e) => browserErrors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') browserErrors.push(`console: ${m.text()}`);
  });
  // Every order save (POST /api/orders/, PUT /api/orders/{id}/groups/): when, how long, how many lines.
  const started = new Map();
  page.on('request', (req) => {
    const url = new URL(req.url()).pathname;
    if (
      (req.method() === 'POST' && url === '/api/orders/') ||
      (req.method() === 'PUT' && /^\/api\/orders\/\d+\/groups\/$/.test(url))
    ) {
      let lines = -1;
      try {
        lines = JSON.parse(req.postData() ?? '{}').groups.reduce((n, g) => n + g.items.length, 0);
      } catch {}
      started.set(req, { method: req.method(), lines, at: performance.now() });
    }
  });
  page.on('requestfinished', (req) => {
    const s = started.get(req);
    if (!s) return;
    const doneAt = performance.now();
    req
      .response()
      .then((res) => saves.push({ ...s, ms: doneAt - s.at, status: res?.status() ?? 0, doneAt }))
      .catch(() => saves.push({ ...s, ms: doneAt - s.at, status: 0, doneAt }));
  });
  page.on('requestfailed', (req) => {
    const s = started.get(req);
    if (s) saves.push({ ...s, ms: performance.now() - s.at, status: 0, doneAt: performance.now() });
  });

  /** The per-line timing marks the page records, as each line starts. */
  const FRESH_KB = {
    enterAt: 0,
    rowAt: 0,
    focusAt: 0,
    inView: true,
    codeKeyAt: 0,
    codeFrameAt: 0,
    qtyKeyAt: 0,
    qtyFrameAt: 0,
  };

  // In the page, for the line asked for (`want`): Enter in a code field, its row in the DOM, its
  // quantity focused (and whether it was in view then); the first key of the code and of the
  // quantity to the next frame (how fast typing repaints).
  await page.addInitScript((fresh) => {
    const kb = { want: 0, ...fresh };
    window.__kb = kb;
    document.addEventListener(
      'keydown',
      (e) => {
        if (kb.want === 0) return;
        const id = e.target?.dataset?.testid ?? '';
        const now = performance.now();
        if (id.endsWith('code-input') && e.key === 'Enter' && kb.enterAt === 0) kb.enterAt = now;
        if (id.endsWith('code-input') && e.key.length === 1 && kb.codeKeyAt === 0) {
          kb.codeKeyAt = now;
          requestAnimationFrame(() => {
            kb.codeFrameAt = performance.now();
          });
        }
        if (id === `qty-${kb.want}` && e.key.length === 1 && kb.qtyKeyAt === 0) {
          kb.qtyKeyAt = now;
          requestAnimationFrame(() => {
            kb.qtyFrameAt = performance.now();
            // Seen by the person typing it: inside the window and inside the group's scrolling table.
            const r = e.target.getBoundingClientRect();
            const box = e.target.closest('[data-testid="line-table"]')?.getBoundingClientRect();
            const fits = (top, bottom) => r.top >= top - 2 && r.bottom <= bottom + 2;
            kb.inView = fits(0, window.innerHeight) && (!box || fits(box.top, box.bottom));
            kb.where = `quantity field top ${r.top.toFixed(0)}..${r.bottom.toFixed(0)}, table box ${box?.top.toFixed(0)}..${box?.bottom.toFixed(0)}, window 0..${window.innerHeight} (scrollY ${window.scrollY.toFixed(0)})`;
          });
        }
      },
      true,
    );
    document.addEventListener(
      'focusin',
      (e) => {
        if (kb.want > 0 && kb.focusAt === 0 && e.target?.dataset?.testid === `qty-${kb.want}`) {
          kb.focusAt = performance.now();
        }
      },
      true,
    );
    new MutationObserver(() => {
      if (kb.want > 0 && kb.rowAt === 0 && document.querySelector(`tr[data-line="${kb.want}"]`)) {
        kb.rowAt = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
  }, FRESH_KB);

  // Sign in through the form (before the builder; not part of the keyboard path).
  await signInThroughForm(page, BASE, STEP_TIMEOUT);
  await page.goto(`${BASE}/orders/build`);
  await page.getByRole('heading', { level: 1, name: BUILDER_TEXT.title }).waitFor({ timeout: STEP_TIMEOUT });

  // ------------------------------------------------------------------------------------------
  // From here on: the keyboard only.

  /** What has the focus: its data-testid and, for a code field, its group's index. */
  const focused = () =>
    page.evaluate((BUILDER_TEXT_HINT) => {
      const el = document.activeElement;
      if (!el || el === document.body) return { id: '(body)', group: -1 };
      const group = el.closest('[data-group-key]');
      const index = group ? Number((group.getAttribute('data-testid') ?? '').replace('group-', '')) : -1;
      const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
      const helper = el.id ? document.getElementById(`${el.id}-helper-text`)?.textContent : '';
      return {
        id: el.getAttribute('data-testid') ?? `${el.tagName.toLowerCase()} "${label}"`,
        group: index,
        value: el instanceof HTMLInputElement ? el.value : '',
        helper: helper && helper !== BUILDER_TEXT_HINT ? helper : '',
      };
    }, BUILDER_TEXT.addByCodeHint);
  const describe = (f) =>
    `${f.group >= 0 ? `${f.id} in group-${f.group}` : f.id}${f.value ? ` holding '${f.value}'` : ''}${f.helper ? ` ('${f.helper}')` : ''}`;

  /** Waits (in the page) until the element with `testId` (in group `group`, if given) has the focus. */
  async function waitFocus(testId, group, what, { fresh = false } = {}) {
    try {
      await page.waitForFunction(
        ([id, g, fresh]) => {
          const el = document.activeElement;
          if (!el || el.getAttribute('data-testid') !== id) return false;
          // After a save that opens the order page: the new builder's field, not the old one on its way out.
          if (fresh && el.dataset.kbOld) return false;
          if (g === null) return true;
          return el.closest('[data-group-key]')?.getAttribute('data-testid') === `group-${g}`;
        },
        [testId, group, fresh],
        { timeout: STEP_TIMEOUT, polling: 'raf' },
      );
    } catch {
      const rows = await page.evaluate(() =>
        [...document.querySelectorAll('tr[data-line]')].map(
          (tr) => `${tr.getAttribute('data-line')}:${tr.querySelector('[data-col="manufacturer_code"]')?.textContent}`,
        ),
      );
      const shot = path.join(tmpdir(), `builder-keyboard-${Date.now()}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      throw new KeyboardPathBroken(
        `${what}: ${testId}${group === null ? '' : ` of group-${group}`} never had the focus (focus on ${describe(await focused())}; ` +
          `rows in the page: ${rows.slice(-8).join(' ') || 'none'}; url ${new URL(page.url()).pathname}; screenshot ${shot})`,
      );
    }
  }

  /** Presses `key` until `testId` (in group `group`) has the focus; the number of presses. */
  async function keyTo(key, testId, group, what, max = 400) {
    for (let n = 1; n <= max; n++) {
      await page.keyboard.press(key);
      const f = await focused();
      if (f.id === testId && (group === null || f.group === group)) return n;
    }
    throw new KeyboardPathBroken(
      `${what}: ${max} × ${key} never reached ${testId} (focus on ${describe(await focused())})`,
    );
  }

  const type = (text) => page.keyboard.type(text, { delay: TYPE_DELAY });
  const codeField = 'add-code-input';
  const navigation = [];

  const t0 = performance.now();
  await waitFocus(codeField, 0, 'the builder opening');
  if (PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }

  // The order's name first: Shift+Tab up to it, type, Tab back down to the code field.
  const name = `Keyboard ${totalRows} ${Date.now().toString(36)}`;
  const up = await keyTo('Shift+Tab', 'order-name', null, 'to the order name');
  await type(name);
  const down = await keyTo('Tab', codeField, 0, 'back to the code field');
  navigation.push(`order name: ${up} × Shift+Tab up, ${down} × Tab back to the code field`);

  let lineNumber = 0;
  let orderId = null;
  let pausedMs = 0;

  /** One line: the code, Enter, its row with the quantity focused, the quantity. Enter is left to the caller. */
  async function keyRow(group, row, viaAttachmentPicker) {
    lineNumber++;
    const n = lineNumber;
    await page.evaluate(({ want, fresh }) => Object.assign(window.__kb, { want, ...fresh }), {
      want: n,
      fresh: FRESH_KB,
    });
    const startedAt = performance.now();
    const cpuBefore = await cpu();
    await type(row.code);
    if (WAIT_LIST) {
      // As a person who reads the list: Enter once the typed code is the highlighted option.
      const option = `[data-testid="code-option-${row.code}"].Mui-focused`;
      await page.waitForSelector(option, { timeout: STEP_TIMEOUT }).catch(async () => {
        throw new KeyboardPathBroken(
          `line ${n} (${row.code}): the list never highlighted ${row.code} (focus on ${describe(await focused())})`,
        );
      });
    }
    await page.keyboard.press('Enter');
    await waitFocus(`qty-${n}`, group, `line ${n} (${row.code}${viaAttachmentPicker ? ', attachment' : ''})`);
    await type(String(row.qty));
    await page.waitForFunction(() => window.__kb.qtyFrameAt > 0, null, { polling: 'raf', timeout: STEP_TIMEOUT });
    const kb = await page.evaluate(() => ({ ...window.__kb }));
    const [taskMs, scriptMs, layoutMs, styleMs] = (await cpu()).map((v, i) => (v - (cpuBefore[i] ?? 0)) * 1000);
    if (!kb.inView) outOfView.push({ n, where: kb.where });
    perLine.push({
      n,
      group,
      code: row.code,
      attachment: row.attachment,
      toRow: kb.rowAt > 0 && kb.enterAt > 0 ? kb.rowAt - kb.enterAt : Number.NaN,
      toFocus: kb.focusAt > 0 && kb.enterAt > 0 ? kb.focusAt - kb.enterAt : Number.NaN,
      codeFrame: kb.codeFrameAt - kb.codeKeyAt,
      qtyFrame: kb.qtyFrameAt - kb.qtyKeyAt,
      qtyKeyAt: kb.qtyKeyAt,
      cycle: performance.now() - startedAt,
      taskMs,
      scriptMs,
      layoutMs,
      styleMs,
    });
  }

  for (const [g, rows] of plan.entries()) {
    if (g > 0) {
      // A new group: Tab from the code field of the group before to 'Add group', Enter.
      const tabs = await keyTo('Tab', 'add-group', null, `to 'Add group' (group ${g + 1})`);
      navigation.push(
        `group ${g + 1}: ${tabs} × Tab from group ${g}'s code field (${lineNumber} lines above) to 'Add group'`,
      );
      await page.keyboard.press('Enter');
      await waitFocus(codeField, g, `group ${g + 1} added`);
    }
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      if (row.attachment) throw new Error('plan: an attachment without its parent');
      const next = rows[i + 1];
      await keyRow(g, row, false);
      if (next?.attachment) {
        // From the parent's quantity: Tab to its 'Add attachment' button, Enter, the code, Enter, Enter.
        const parent = lineNumber;
        const tabs = await keyTo('Tab', `attach-${parent}`, g, `to 'Add attachment' of line ${parent}`, 10);
        if (!navigation.some((s) => s.startsWith('attachment'))) {
          navigation.push(`attachment: ${tabs} × Tab from the parent's quantity to its 'Add attachment' button`);
        }
        await page.keyboard.press('Enter');
        await waitFocus('attachment-code-input', null, `the attachment picker of line ${parent}`);
        await keyRow(g, next, true);
        i++;
      }
      await page.keyboard.press('Enter');
      await waitFocus(codeField, g, `back to the code field after line ${lineNumber}`);

      if (lineNumber === 1 && !SAVE_AT_END) {
        // The first save: Ctrl+S; the builder reopens as /orders/{id} with the code field focused.
        // The page changes under the focus: the old code field keeps it until the order page replaces
        // the builder, and what is typed before the new builder's field has the focus is lost (found
        // by this bench: a code and Enter typed right after the URL changed never became a line), so
        // wait for the new builder's code field, as a person waits for the new page.
        await page.evaluate(() => {
          for (const el of document.querySelectorAll('[data-testid="add-code-input"]')) el.dataset.kbOld = '1';
        });
        const at = performance.now();
        await page.keyboard.press('Control+s');
        await page.waitForURL(/\/orders\/\d+$/, { timeout: STEP_TIMEOUT });
        const urlAt = performance.now();
        orderId = Number(new URL(page.url()).pathname.split('/').pop());
        const oldStillFocused = await page.evaluate(() => Boolean(document.activeElement?.dataset?.kbOld));
        if (WAIT_SWITCH) {
          await waitFocus(codeField, g, 'the code field after the first save (Ctrl+S)', { fresh: true });
          const done = performance.now();
          navigation.push(
            `first save (Ctrl+S after line 1): ${ms(done - at)} to /orders/${orderId} with the new builder's code field focused; ` +
              `the URL changed after ${ms(urlAt - at)}${oldStillFocused ? ', the old code field still had the focus then' : ''}; ` +
              `keys typed in the ${ms(done - urlAt)} from the URL change to the new field's focus are lost`,
          );
        } else {
          // One builder across the switch: the next line is keyed in at once (the check at the end
          // says whether any key was lost).
          navigation.push(
            `first save (Ctrl+S after line 1): the URL changed to /orders/${orderId} after ${ms(urlAt - at)}; ` +
              `${oldStillFocused ? 'the same code field kept the focus' : 'the focus moved to a new field'}; keyed on at once`,
          );
        }
      }
      if (PAUSE_EVERY > 0 && lineNumber % PAUSE_EVERY === 0 && lineNumber < totalRows) {
        await new Promise((r) => setTimeout(r, PAUSE_MS));
        pausedMs += PAUSE_MS;
      }
    }
  }
  const lastKeyAt = performance.now();
  if (PROFILE) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(PROFILE, JSON.stringify(profile));
    console.log(`page CPU profile while keying (${PROFILE}):\n${topSelfTime(profile, 20)}`);
  }
  const statusAtLastKey = await page.getByTestId('save-status').textContent();
  const keyingMs = lastKeyAt - t0 - pausedMs;

  // After the last line: the save ('Saved').
  const status = page.getByTestId('save-status');
  if (SAVE_AT_END) {
    await page.keyboard.press('Control+s');
    await page.waitForURL(/\/orders\/\d+$/, { timeout: 60_000 });
    orderId = Number(new URL(page.url()).pathname.split('/').pop());
  }
  try {
    await page.waitForFunction(
      ([text]) => {
        if (document.querySelector('[data-testid="save-status"]')?.textContent !== text) return false;
        window.__kb.savedAt = performance.now();
        return true;
      },
      [BUILDER_TEXT.saved],
      { timeout: 60_000, polling: 'raf' },
    );
  } catch {
    throw new KeyboardPathBroken(
      `after the last line the status never showed '${BUILDER_TEXT.saved}' (it shows '${await status.textContent()}')`,
    );
  }
  const saveAfterLast = performance.now() - lastKeyAt;
  // From the last change (the last line's quantity key), on the page's clock.
  const saveAfterLastChange =
    (await page.evaluate(() => window.__kb.savedAt)) - (perLine.at(-1)?.qtyKeyAt ?? Number.NaN);
  const finalFocus = await focused();
  const totalMs = performance.now() - t0;
  // Back to the first group's code field (to add a line there): Shift+Tab over everything between.
  if (plan.length > 1) {
    try {
      const back = await keyTo('Shift+Tab', codeField, 0, 'back to group 1', 2000);
      navigation.push(`back to group 1: ${back} × Shift+Tab from group ${plan.length}'s code field to group 1's`);
    } catch (e) {
      // A finding, not the end of the run: the figures above are still printed.
      if (!(e instanceof KeyboardPathBroken)) throw e;
      navigation.push(`back to group 1 by Shift+Tab: ${e.message}`);
    }
  }

  // Reload; the order as the server has it, and as the page shows it.
  await page.reload();
  await page.getByTestId('group-0').waitFor({ timeout: STEP_TIMEOUT });
  const shown = [];
  for (let g = 0; g < plan.length; g++) {
    shown.push(
      await page
        .getByTestId(`group-${g}`)
        .getByText(/^\d+ lines?$/)
        .first()
        .textContent(),
    );
  }
  const order = await api(token, 'GET', `/api/orders/${orderId}/`);
  const got = order.groups.map((g) =>
    g.items.map((i) => `${i.is_attachment ? '+' : ''}${i.manufacturer_code}×${i.qty}`),
  );
  const want = plan.map((rows) => rows.map((r) => `${r.attachment ? '+' : ''}${r.code}×${r.qty}`));
  const savedLines = order.groups.reduce((n, g) => n + g.items.length, 0);
  const same = JSON.stringify(got) === JSON.stringify(want);
  if (!same) {
    for (let g = 0; g < Math.max(got.length, want.length); g++) {
      const a = got[g] ?? [];
      const b = want[g] ?? [];
      const at = b.findIndex((x, i) => a[i] !== x);
      if (at >= 0 || a.length !== b.length) {
        findings.push(
          `group ${g + 1} saved ${a.length} lines, keyed ${b.length}; first difference at row ${at + 1}: saved ${a[at]}, keyed ${b[at]}`,
        );
      }
    }
  }

  // ------------------------------------------------------------------------------------------
  // Report

  const toRow = perLine.map((l) => l.toRow).filter(Number.isFinite);
  const toFocus = perLine.map((l) => l.toFocus).filter(Number.isFinite);
  const cycles = perLine.map((l) => l.cycle);
  console.log(
    `\norder ${orderId}: ${savedLines} lines saved (${order.groups.map((g) => g.items.length).join(' + ')}), ` +
      `${same ? 'every line in order with its quantity' : 'NOT the lines keyed in'}; page after reload: ${shown.join(', ')}`,
  );
  console.log(
    `total (builder open -> last line keyed): ${sec(keyingMs)}${pausedMs ? ` (+ ${sec(pausedMs)} of pauses)` : ''}; to '${BUILDER_TEXT.saved}' after it: ${sec(totalMs)}`,
  );
  console.log(
    `per line, Enter in the code field -> row in the page: median ${ms(quantile(toRow, 0.5))}, p95 ${ms(quantile(toRow, 0.95))}, max ${ms(Math.max(...toRow))}`,
  );
  console.log(
    `per line, Enter in the code field -> its quantity focused: median ${ms(quantile(toFocus, 0.5))}, p95 ${ms(quantile(toFocus, 0.95))}, max ${ms(Math.max(...toFocus))}`,
  );
  const codeFrame = perLine.map((l) => l.codeFrame);
  const qtyFrame = perLine.map((l) => l.qtyFrame);
  console.log(
    `per key, first key of the code -> next frame: median ${ms(quantile(codeFrame, 0.5))}, p95 ${ms(quantile(codeFrame, 0.95))}; key in the quantity -> next frame: median ${ms(quantile(qtyFrame, 0.5))}, p95 ${ms(quantile(qtyFrame, 0.95))}`,
  );
  console.log(
    `per line, whole cycle as driven by Playwright (code typed .. quantity shown): median ${ms(quantile(cycles, 0.5))}, p95 ${ms(quantile(cycles, 0.95))}`,
  );
  console.log(
    `quantity field out of sight while its quantity is typed: ${
      outOfView.length === 0
        ? 'never'
        : `${outOfView.length} lines (${outOfView.map((o) => o.n).join(', ')}); the first: line ${outOfView[0].n}, ${outOfView[0].where}; the last: line ${outOfView.at(-1).n}, ${outOfView.at(-1).where}`
    }`,
  );
  const table = [
    [
      'lines',
      'Enter->qty focused p50',
      'p95',
      'max',
      'qty key->frame p50',
      'p95',
      'main thread/line p50',
      'script',
      'layout+style',
      'cycle p50',
      'p95',
    ],
  ];
  for (let from = 0; from < perLine.length; from += 25) {
    const block = perLine.slice(from, from + 25);
    const f = block.map((l) => l.toFocus).filter(Number.isFinite);
    const q = block.map((l) => l.qtyFrame);
    table.push([
      `${block[0].n}-${block.at(-1).n}`,
      ms(quantile(f, 0.5)),
      ms(quantile(f, 0.95)),
      ms(Math.max(...f)),
      ms(quantile(q, 0.5)),
      ms(quantile(q, 0.95)),
      ms(median(block, 'taskMs')),
      ms(median(block, 'scriptMs')),
      ms(
        quantile(
          block.map((l) => l.layoutMs + l.styleMs),
          0.5,
        ),
      ),
      ms(median(block, 'cycle')),
      ms(
        quantile(
          block.map((l) => l.cycle),
          0.95,
        ),
      ),
    ]);
  }
  console.log('by 25 lines:');
  for (const row of table)
    console.log(
      `  ${row.map((c, i) => (i === 0 ? c.padEnd(8) : c.padStart(Math.max(8, table[0][i].length)))).join(' ')}`,
    );
  // Does a line take longer as the order grows? The first 25 lines against the last 25.
  const ends = [perLine.slice(0, 25), perLine.slice(-25)];
  const endFigures = (key) =>
    ends.map((b) => [
      quantile(b.map((l) => l[key]).filter(Number.isFinite), 0.5),
      quantile(b.map((l) => l[key]).filter(Number.isFinite), 0.95),
    ]);
  for (const [key, what] of [
    ['cycle', 'whole cycle'],
    ['toFocus', 'Enter -> quantity focused'],
    ['taskMs', 'main thread'],
  ]) {
    const [[a50, a95], [b50, b95]] = endFigures(key);
    console.log(
      `first 25 vs last 25 lines, ${what} per line: median ${ms(a50)} -> ${ms(b50)} (${(b50 / a50).toFixed(2)}x), p95 ${ms(a95)} -> ${ms(b95)} (${(b95 / a95).toFixed(2)}x)`,
    );
  }
  const slow = [...perLine].sort((a, b) => b.toFocus - a.toFocus).slice(0, 5);
  console.log(
    `slowest: ${slow.map((l) => `line ${l.n} ${l.code}${l.attachment ? ' (attachment)' : ''} ${ms(l.toFocus)}`).join(', ')}`,
  );
  const first = saves.find((s) => s.method === 'POST');
  console.log(
    `saves: ${saves.length} (${saves.filter((s) => s.method === 'PUT').length} autosaves)${first ? `; first (POST, ${first.lines} lines) ${ms(first.ms)}` : ''}`,
  );
  const puts = saves.filter((s) => s.method === 'PUT').sort((a, b) => a.doneAt - b.doneAt);
  const failed = saves.filter((s) => s.status < 200 || s.status >= 300);
  if (failed.length)
    findings.push(`saves answered ${failed.map((s) => `${s.method} ${s.lines} lines: ${s.status}`).join(', ')}`);
  if (puts.length <= 12) {
    for (const s of puts) console.log(`  PUT ${s.lines} lines: ${ms(s.ms)} (${s.status})`);
  } else {
    // Many autosaves (a slow typist): by the size of the order they sent.
    for (let from = 0; from < LINES; from += 50) {
      const bucket = puts.filter((s) => s.lines > from && s.lines <= from + 50);
      if (bucket.length === 0) continue;
      const t = bucket.map((s) => s.ms);
      console.log(
        `  PUT of ${from + 1}-${from + 50} lines: ${bucket.length} saves, median ${ms(quantile(t, 0.5))}, p95 ${ms(quantile(t, 0.95))}, max ${ms(Math.max(...t))}`,
      );
    }
  }
  const last = [...saves].sort((a, b) => a.doneAt - b.doneAt).at(-1);
  console.log(
    `${SAVE_AT_END ? 'save (Ctrl+S)' : 'autosave'} after the last line: '${BUILDER_TEXT.saved}' ${ms(saveAfterLastChange)} after the last change ` +
      `(the last line's quantity key${SAVE_AT_END ? '' : '; 1500 ms of it is the autosave delay'}), ${ms(saveAfterLast)} after the last key (its Enter); ` +
      `the request ${last ? `${last.method} ${last.lines} lines ${ms(last.ms)}` : '-'}; status at the last key: '${statusAtLastKey}'; focus then: ${describe(finalFocus)}`,
  );
  console.log('keyboard path:');
  for (const n of navigation) console.log(`  ${n}`);
  console.log(
    'keyboard only after the builder opened: yes (from then on the script sends key presses only; page.reload() at the end to check)',
  );
  if (browserErrors.length)
    console.log(`browser errors (${browserErrors.length}):\n  ${browserErrors.slice(0, 10).join('\n  ')}`);
  if (findings.length) {
    console.log(`findings:\n  ${findings.join('\n  ')}`);
    exitCode = 1;
  }
  if (!same || savedLines !== totalRows) exitCode = 1;
} catch (e) {
  exitCode = 1;
  if (e instanceof KeyboardPathBroken) {
    console.log(`\nKEYBOARD PATH BROKEN after ${perLine.length} lines: ${e.message}`);
    const f = perLine.map((l) => l.toFocus).filter(Number.isFinite);
    if (f.length)
      console.log(
        `  lines so far: Enter -> quantity focused median ${ms(quantile(f, 0.5))}, p95 ${ms(quantile(f, 0.95))}`,
      );
    if (browserErrors.length) console.log(`  browser errors:\n  ${browserErrors.slice(0, 10).join('\n  ')}`);
  } else {
    console.error(e);
  }
} finally {
  await browser.close();
  await server.stop();
}
process.exit(exitCode);
