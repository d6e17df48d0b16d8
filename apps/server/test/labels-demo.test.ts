import { labelsApi, transferApi } from '@cab/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed/index.ts';
import { setupTestApp, type TestApp } from './helpers.ts';

/**
 * The demo orders with finished sides (issue 29: 24, 28, 30 and 35; #28's SB36 is FS-BOTH) on the
 * floor's files: the CNC export and the cabinet labels say which sides are finished.
 */
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await setupTestApp();
  await seed(t.handle.db, { demoOrders: true });
  staff = await t.login('STAFF');
}, 120_000);
afterAll(() => t.close());

const rowsOf = (csv: string): Record<string, string>[] => parse(csv, { columns: true });

describe('demo finished sides', () => {
  it('are in the CNC export of orders 24, 28, 30 and 35, and on #28 SB36’s label', async () => {
    for (const id of [24, 28, 30, 35]) {
      const res = await t.call(transferApi.orderExport, { token: staff, params: { id } });
      expect(res.status, `order ${id}`).toBe(200);
      const sided = rowsOf(res.body as string).filter((r) => r.finished_side);
      expect(sided.length, `order ${id}`).toBeGreaterThan(0);
      for (const r of sided) expect(r.finished_side).toMatch(/^FS-/);
    }
    const csv = rowsOf((await t.call(transferApi.orderExport, { token: staff, params: { id: 28 } })).body as string);
    const sb36 = csv.filter((r) => r.code === 'SB36');
    expect(sb36.length).toBeGreaterThan(0);
    expect(sb36.every((r) => r.finished_side === 'FS-BOTH')).toBe(true);

    const labels = await t.call(labelsApi.dymoXmls, {
      token: staff,
      params: { id: 28 },
      query: { mode: 'cabinet', barcodes: sb36.map((r) => r.barcode).join(',') },
    });
    expect(labels.status).toBe(200);
    expect(labels.body.results).toHaveLength(sb36.length);
    for (const l of labels.body.results) expect(l.xml).toContain('SB36 | Finished side FS-BOTH');
  });
});
