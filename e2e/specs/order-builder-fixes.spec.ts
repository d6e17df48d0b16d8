import { BUILDER_TEXT, MSG, ORDER_LIMITS, WEB_TEXT } from '@cab/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';
import { createOrderByApi } from '../order-fixtures.ts';

/**
 * Issue 15, what a new user met in the builder: a refused save said only "Some fields are not
 * valid", odd quantities were rewritten without a word, a code of the other kind was "not found",
 * the focus fell to the page after a removal, the line actions were off-screen at 1440 px and the
 * builder overflowed a 390 px phone, and the first save remounted the builder under the person's keys.
 */

const codeField = (group: Locator) => group.getByTestId('add-code-input');

async function keyLine(page: Page, group: Locator, code: string, qty: number) {
  await expect(codeField(group)).toBeFocused();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  const qtyInput = group.getByTestId(`line-${code}`).last().locator('[data-col="qty"] input');
  await expect(qtyInput).toBeFocused();
  await page.keyboard.type(String(qty));
  await page.keyboard.press('Enter');
}

test.describe('order builder: what a new user met', () => {
  // Each test keys in and saves several times on a shared machine.
  test.beforeEach(() => test.slow());
  test("a save the server refuses shows the server's message on the line's quantity", async ({ page, request }) => {
    const id = await createOrderByApi(request, 'Refused', [[{ code: 'B24' }, { code: 'W3030' }]]);
    await loginAs(page, 'PERSONAL', `/orders/${id}`);
    const g1 = page.getByTestId('group-0');
    await expect(g1.getByTestId('qty-2')).toHaveValue('1');
    await g1.getByTestId('qty-2').fill('10000');
    await page.keyboard.press('Control+s');
    const tooMany = MSG.numberTooLarge(ORDER_LIMITS.qty);
    await expect(g1.getByTestId('qty-error-2')).toHaveText(tooMany);
    // The alert says where, the field itself is marked; the other line is not.
    await expect(page.getByTestId('builder-error')).toContainText(
      BUILDER_TEXT.fieldAt(BUILDER_TEXT.lineWhere(2, 'W3030', BUILDER_TEXT.qty), tooMany),
    );
    await expect(g1.getByTestId('qty-error-1')).toHaveCount(0);
    // Fixing the quantity clears its message, and the save goes through.
    await g1.getByTestId('qty-2').fill('12');
    await expect(g1.getByTestId('qty-error-2')).toHaveCount(0);
    await page.keyboard.press('Control+s');
    await expect(page.getByTestId('save-status')).toHaveText(BUILDER_TEXT.saved);
    await expect(page.getByTestId('builder-error')).toHaveCount(0);
  });

  test('quantities 0, -2, 2.5 and 1e3 are not rewritten silently: the field says so', async ({ page, request }) => {
    const id = await createOrderByApi(request, 'Quantities', [[{ code: 'B24', qty: 2 }]]);
    await loginAs(page, 'PERSONAL', `/orders/${id}`);
    const qty = page.getByTestId('qty-1');
    await expect(qty).toHaveValue('2');
    const cases: [string, string][] = [
      ['0', BUILDER_TEXT.qtyBelowOne(2)],
      ['-2', BUILDER_TEXT.qtyBelowOne(2)],
      ['2.5', BUILDER_TEXT.qtyNotWhole(2)],
      ['1e3', BUILDER_TEXT.qtyNotDigits(2)],
    ];
    for (const [typed, message] of cases) {
      await qty.fill(typed);
      await expect(page.getByTestId('qty-error-1')).toHaveText(message);
      // Leaving the field keeps what was typed (and the message) in view.
      await page.keyboard.press('Tab');
      await expect(qty).toHaveValue(typed);
      await expect(page.getByTestId('qty-error-1')).toHaveText(message);
    }
    // The line kept 2: nothing was changed, so nothing is unsaved.
    await expect(page.getByTestId('save-status')).toHaveText(BUILDER_TEXT.saved);
    await qty.fill('3');
    await expect(page.getByTestId('qty-error-1')).toHaveCount(0);
    await expect(page.getByTestId('save-status')).toHaveText(BUILDER_TEXT.saved);
    await page.reload();
    await expect(page.getByTestId('qty-1')).toHaveValue('3');
  });

  test('a code of the other kind says which kind it is', async ({ page }) => {
    await loginAs(page, 'PERSONAL', '/orders/build');
    const g1 = page.getByTestId('group-0');
    await expect(codeField(g1)).toBeFocused();
    // An attachment in the group's code field.
    await page.keyboard.type('FEP-B');
    await page.keyboard.press('Enter');
    await expect(g1.getByText(BUILDER_TEXT.codeIsAttachment('FEP-B'))).toBeVisible();
    await codeField(g1).fill('');
    await keyLine(page, g1, 'B24', 1);
    // A cabinet in the attachment picker.
    await g1.getByTestId('attach-1').click();
    const picker = page.getByTestId('attachment-code-input');
    await expect(picker).toBeFocused();
    await page.keyboard.type('W3030');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('attach-popover').getByText(BUILDER_TEXT.codeIsLineItem('W3030'))).toBeVisible();
    // A code of neither kind is still "not found".
    await picker.fill('');
    await page.keyboard.type('NOPE-123');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('attach-popover').getByText(BUILDER_TEXT.noSuchCode('NOPE-123'))).toBeVisible();
  });

  test('removing a line or a group moves the focus to the next sensible field', async ({ page }) => {
    await loginAs(page, 'PERSONAL', '/orders/build');
    const g1 = page.getByTestId('group-0');
    await keyLine(page, g1, 'B24', 1);
    await keyLine(page, g1, 'W3030', 2);
    await keyLine(page, g1, 'DB18', 3);
    // The first line: the line that takes its place (W3030, now line 1) has the focus.
    await g1.getByTestId('remove-1').focus();
    await page.keyboard.press('Enter');
    await expect(g1.getByTestId('line-B24')).toHaveCount(0);
    await expect(g1.getByTestId('qty-1')).toBeFocused();
    await expect(g1.getByTestId('qty-1')).toHaveValue('2');
    // The last line: the line before it.
    await g1.getByTestId('remove-2').focus();
    await page.keyboard.press('Enter');
    await expect(g1.getByTestId('line-DB18')).toHaveCount(0);
    await expect(g1.getByTestId('qty-1')).toBeFocused();
    // The only line: the group's code field.
    await g1.getByTestId('remove-1').focus();
    await page.keyboard.press('Enter');
    await expect(g1.getByTestId('line-W3030')).toHaveCount(0);
    await expect(codeField(g1)).toBeFocused();

    // A group removed from the keyboard: the group before it takes the focus.
    await page.keyboard.press('Alt+g');
    const g2 = page.getByTestId('group-1');
    await expect(codeField(g2)).toBeFocused();
    await g2.getByTestId('remove-group').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('button', { name: BUILDER_TEXT.removeGroup }).press('Enter');
    await expect(page.getByTestId('group-1')).toHaveCount(0);
    await expect(codeField(g1)).toBeFocused();
  });

  test('at 1440 px the line actions are on screen', async ({ page, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const id = await createOrderByApi(request, 'Wide', [[{ code: 'B24', attachments: ['FEP-B'] }, { code: 'W3030' }]]);
    await loginAs(page, 'PERSONAL', `/orders/${id}`);
    const g1 = page.getByTestId('group-0');
    await expect(g1.getByTestId('qty-1')).toBeVisible();
    await g1.getByTestId('line-table').scrollIntoViewIfNeeded();
    for (const testId of ['hinge-1', 'finished-side-1', 'attach-1', 'remove-1', 'remove-2']) {
      await expect(g1.getByTestId(testId), testId).toBeInViewport({ ratio: 1 });
    }
  });

  test('at 390 px the builder fits the phone: no sideways scroll, log out and prices on screen, Apply visible', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const id = await createOrderByApi(request, 'Phone', [[{ code: 'B24' }, { code: 'W3030' }]]);
    await loginAs(page, 'PERSONAL');
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth);
    for (const url of ['/orders/build', `/orders/${id}`]) {
      await page.goto(url);
      await expect(page.getByTestId('order-builder')).toBeVisible();
      await expect(page.getByTestId('group-0').getByTestId('add-code-input')).toBeVisible();
      expect(await fits(), url).toBeLessThanOrEqual(390);
      await expect(page.getByRole('button', { name: WEB_TEXT.logout })).toBeInViewport({ ratio: 1 });
    }
    // The saved order: its subtotal and the line prices can be reached without the page moving sideways.
    await page.getByTestId('live-subtotal').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('live-subtotal')).toBeInViewport({ ratio: 1 });
    await page.getByTestId('group-0').getByTestId('group-subtotal').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('group-0').getByTestId('group-subtotal')).toBeInViewport({ ratio: 1 });
    expect(await fits()).toBeLessThanOrEqual(390);
    await page.getByTestId('group-0').getByTestId('choose-styles').click();
    const dialog = page.getByTestId('style-dialog');
    await expect(dialog.getByTestId('style-apply')).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByTestId('style-door')).toBeInViewport({ ratio: 1 });
  });

  test("the first save keeps the same builder: keys typed during the switch to the order's page are not lost", async ({
    page,
  }) => {
    await loginAs(page, 'PERSONAL', '/orders/build');
    const g1 = page.getByTestId('group-0');
    await keyLine(page, g1, 'B24', 2);
    await page.getByTestId('order-name').fill(`Switch ${Date.now().toString(36)}`);
    await codeField(g1).focus();
    await page.evaluate(() => {
      (document.querySelector('[data-testid="order-builder"]') as HTMLElement & { __kept?: boolean }).__kept = true;
    });
    await page.keyboard.press('Control+s');
    // No waiting for the order's page: the next line is keyed in while the page switches.
    await page.waitForURL(/\/orders\/\d+$/);
    await page.keyboard.type('W3030');
    await page.keyboard.press('Enter');
    // As a person: the quantity once its field has the focus (the code is looked up meanwhile).
    await expect(page.getByTestId('qty-2')).toBeFocused();
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('order-title')).toBeVisible();
    // The builder on the order's page is the one keyed into (not a new one).
    expect(
      await page.evaluate(
        () => (document.querySelector('[data-testid="order-builder"]') as HTMLElement & { __kept?: boolean }).__kept,
      ),
    ).toBe(true);
    const onPage = page.getByTestId('group-0');
    await expect(onPage.getByTestId('qty-2')).toHaveValue('3');
    await expect(codeField(onPage)).toBeFocused();
    await expect(page.getByTestId('save-status')).toHaveText(BUILDER_TEXT.saved);
    await page.reload();
    await expect(page.getByTestId('group-0').getByTestId('qty-2')).toHaveValue('3');
  });
});
