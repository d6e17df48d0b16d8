import { expect, test } from '@playwright/test';

test('the printable catalogue renders to PDF in Chromium and hides its controls in print', async ({ page }) => {
  await page.goto('/template/catalog/');
  await expect(page.getByRole('heading', { level: 2, name: 'Base Cabinets' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  // Every picture loaded (drawn by the seed, served from /api/media).
  const broken = await page
    .locator('img')
    .evaluateAll(
      (imgs) =>
        imgs.filter((i) => !(i as HTMLImageElement).complete || (i as HTMLImageElement).naturalWidth === 0).length,
    );
  expect(broken).toBe(0);

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  const pdf = await page.pdf({ format: 'Letter' });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(10_000);
});

test('a product group page opens the print dialog with ?print=true', async ({ page }) => {
  await page.addInitScript(() => {
    window.print = () => {
      (window as unknown as { printed: boolean }).printed = true;
    };
  });
  await page.goto('/template/catalog/group/1/?print=true');
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed?: boolean }).printed)).toBe(true);
});
