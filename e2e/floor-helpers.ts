import { expect, type Page } from '@playwright/test';

/** The TV screens the board must fit (issue 35): 720p, 1080p and 4K. */
export const TV_SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
] as const;

/**
 * Every panel of the TV board inside the screen, each row shown inside its panel, and nothing
 * scrolling: what a TV nobody touches shows is the whole board.
 */
export async function expectBoardFits(page: Page, size: { width: number; height: number }) {
  const panels = page.getByTestId('floor-board').locator('section');
  expect(await panels.count()).toBe(6);
  for (const panel of await panels.all()) {
    const box = (await panel.boundingBox())!;
    const name = await panel.getAttribute('data-testid');
    expect(box.x, name!).toBeGreaterThanOrEqual(0);
    expect(box.y, name!).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name!).toBeLessThanOrEqual(size.width + 0.5);
    expect(box.y + box.height, name!).toBeLessThanOrEqual(size.height + 0.5);
    // Each row shown lies inside its panel (a row that does not fit whole is hidden and counted).
    for (const row of await panel.locator('li:visible').all()) {
      const r = (await row.boundingBox())!;
      expect(r.y + r.height, `${name} row`).toBeLessThanOrEqual(box.y + box.height + 0.5);
    }
  }
  const scroll = await page.evaluate(() => ({
    height: document.scrollingElement!.scrollHeight,
    width: document.scrollingElement!.scrollWidth,
  }));
  expect(scroll).toEqual({ height: size.height, width: size.width });
}
