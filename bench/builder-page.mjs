import { WEB_TEXT } from '@cab/shared';
import { DEMO_PERSONAL } from './lib.mjs';

/**
 * The builder benches' page (builder-keyboard.mjs, builder-probe.mjs): a new 1366x860 page, its
 * DevTools session `cdp`, and `cpu()`: the page's main-thread, script, layout and style time so
 * far (s, Chrome's Performance.getMetrics; TaskDuration also counts the frames a bench's own waits
 * poll on).
 */
export async function builderPage(browser) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const METRICS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'];
  const cpu = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return METRICS.map((name) => metrics.find((m) => m.name === name)?.value ?? 0);
  };
  return { page, cdp, cpu };
}

/** The demo personal customer signs in through the form, as a person would; resolves on the app bar. */
export async function signInThroughForm(page, base, timeout = 15_000) {
  await page.goto(`${base}/login`);
  await page.getByLabel(WEB_TEXT.emailLabel, { exact: true }).fill(DEMO_PERSONAL.email);
  await page.getByLabel(WEB_TEXT.passwordLabel, { exact: true }).fill(DEMO_PERSONAL.password);
  await page.keyboard.press('Enter');
  await page.getByTestId('app-bar').waitFor({ timeout });
}
