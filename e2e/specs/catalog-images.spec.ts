import { deflateSync } from 'node:zlib';
import { MSG } from '@cab/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { loginAs } from '../fixtures.ts';

/** Premium image gallery (SPEC 2, 4, 6): upload real PNGs, drag to reorder, delete, view in full. */

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A solid-colour RGB PNG, made here so the upload is a real image. */
function makePng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set([r, g, b], y * stride + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function cardIds(gallery: Locator): Promise<string[]> {
  return gallery
    .locator('[data-testid^="image-card-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
}

async function drag(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('cards not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(a.x + a.width / 2 + ((b.x - a.x) * i) / 12, a.y + a.height / 2 + ((b.y - a.y) * i) / 12);
  }
  await page.mouse.up();
}

test('an admin uploads PNGs, reorders them by dragging and deletes one', async ({ page }) => {
  await loginAs(page, 'ADMIN', '/catalog/premiums/finished_sides');
  await page.getByTestId('images-FS-NONE').click();
  const dialog = page.getByTestId('premium-images-dialog');
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('FS-NONE');
  const gallery = dialog.getByTestId('image-gallery');
  await expect(gallery.getByTestId('no-images')).toContainText(MSG.noImagesFound);
  await expect(gallery.getByTestId('no-images')).toContainText(MSG.clickToAddImages);

  await gallery.getByTestId('image-file-input').setInputFiles([
    { name: 'red.png', mimeType: 'image/png', buffer: makePng(64, 48, [200, 40, 40]) },
    { name: 'green.png', mimeType: 'image/png', buffer: makePng(48, 64, [40, 160, 60]) },
    { name: 'blue.png', mimeType: 'image/png', buffer: makePng(64, 64, [40, 80, 200]) },
  ]);
  await expect(page.getByText('3 images added')).toBeVisible();
  const cards = gallery.locator('[data-testid^="image-card-"]');
  await expect(cards).toHaveCount(3);
  await expect(gallery.getByTestId('image-index')).toHaveText(['0', '1', '2']);
  const [red, green, blue] = await cardIds(gallery);
  // Cards are 250 x 250 thumbnails of the real images.
  const box = await cards.first().boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(250);
  expect(Math.round(box?.height ?? 0)).toBe(250);
  await expect(cards.first().locator('img')).toHaveJSProperty('complete', true);
  expect(
    await cards
      .first()
      .locator('img')
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);

  // Drag the last image to the front: it becomes index 0, the others move down one.
  await drag(page, gallery.getByTestId(blue!), gallery.getByTestId(red!));
  await expect.poll(() => cardIds(gallery)).toEqual([blue, red, green]);
  await expect(gallery.getByTestId('image-index')).toHaveText(['0', '1', '2']);
  await expect(gallery.getByTestId(blue!)).toHaveAttribute('data-index', '0');

  // Drag the first image one place down.
  await drag(page, gallery.getByTestId(blue!), gallery.getByTestId(red!));
  await expect.poll(() => cardIds(gallery)).toEqual([red, blue, green]);

  // The order is kept by the server.
  await page.reload();
  await page.getByTestId('images-FS-NONE').click();
  await expect.poll(() => cardIds(gallery)).toEqual([red, blue, green]);

  // Full size for anyone; delete (admin) renumbers the later images.
  await gallery
    .getByTestId(blue!)
    .getByRole('button', { name: /View full size/ })
    .click();
  await expect(page.getByTestId('image-viewer-img')).toBeVisible();
  await page.keyboard.press('Escape');
  await gallery.getByTestId(red!).getByTestId('delete-image').click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: MSG.deleteYes }).click();
  await expect.poll(() => cardIds(gallery)).toEqual([blue, green]);
  await expect(gallery.getByTestId('image-index')).toHaveText(['0', '1']);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('row-FS-NONE').getByTestId('images-FS-NONE')).toContainText('2');
});
