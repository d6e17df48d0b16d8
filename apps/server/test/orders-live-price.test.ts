import { seededRandom } from '@cab/db';
import {
  catalogApi,
  type Endpoint,
  GROUP_PREMIUM_KINDS,
  type LineItem,
  ordersApi,
  type Premium,
  parseMoney,
  toWire,
} from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The browser's own live-price code, run here against the server's answer.
import { premiumPricesOf, priceGroup } from '../../web/src/features/orders/builder/pricing.ts';
import {
  type DraftGroup,
  type DraftItem,
  groupsToWire,
  snapshotOf,
} from '../../web/src/features/orders/builder/state.ts';
import { setupTestApp, type TestApp } from './helpers.ts';

/**
 * Issue 9: the browser prices a draft with the same engine as the server, and the two agree to the
 * cent. Generated orders over the demo catalogue (random premiums, including door styles a wood
 * species does not offer; random lines, quantities, finished sides and attachments) are priced by
 * the builder's live view and saved; every line's unit and total price and every group's subtotal
 * must equal the server's answer.
 */
let t: TestApp;
let token: string;
let items: LineItem[];
let attachments: LineItem[];
const premiums: Record<string, Premium[]> = {};

const all = async <T>(e: Endpoint, params: Record<string, string> = {}): Promise<T[]> => {
  const res = await t.call(e, { token, params, query: { page: '1', page_size: '1000' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.results as T[];
};

beforeAll(async () => {
  t = await setupTestApp();
  token = await t.login('PERSONAL');
  items = await all<LineItem>(catalogApi.itemList);
  attachments = await all<LineItem>(catalogApi.attachmentList);
  for (const kind of ['wood_species', 'finish_option', 'door_style', 'drawer_style', 'finished_side']) {
    premiums[kind] = await all<Premium>(catalogApi.premiumList, { kind });
  }
});
afterAll(() => t.close());

describe('live price = server price', () => {
  it('agrees to the cent on 30 generated orders', async () => {
    expect(items.length).toBeGreaterThan(10);
    expect(attachments.length).toBeGreaterThan(0);
    const prices = premiumPricesOf(Object.values(premiums).flat());
    const rng = seededRandom(9);
    const maybe = <T>(list: readonly T[], p = 0.8) => (list.length && rng.chance(p) ? rng.pick(list) : null);
    let lines = 0;

    for (let n = 0; n < 30; n++) {
      const groups: DraftGroup[] = [];
      for (let g = 0; g < rng.int(1, 3); g++) {
        const door = maybe(premiums.door_style!);
        const groupPremiums = {
          wood_species: maybe(premiums.wood_species!)?.id ?? null,
          finish_option: maybe(premiums.finish_option!)?.id ?? null,
          base_door_style: door?.id ?? null,
          wall_door_style: rng.chance(0.8) ? (door?.id ?? null) : (maybe(premiums.door_style!)?.id ?? null),
          tall_door_style: door?.id ?? null,
          drawer_style: maybe(premiums.drawer_style!)?.id ?? null,
        };
        const draftItems: DraftItem[] = [];
        for (let k = 0; k < rng.int(1, 12); k++) {
          const li = rng.pick(items);
          const id = `g${g}i${k}`;
          draftItems.push({
            _id: id,
            line_item: li.id,
            qty: rng.int(1, 6),
            hinge: null,
            finished_side: maybe(premiums.finished_side!, 0.3)?.id ?? null,
            is_attachment: false,
            parentId: null,
            snap: snapshotOf(li),
            saved: null,
          });
          if (rng.chance(0.3)) {
            const a = rng.pick(attachments);
            draftItems.push({
              _id: `${id}a`,
              line_item: a.id,
              qty: rng.int(1, 3),
              hinge: null,
              finished_side: null,
              is_attachment: true,
              parentId: id,
              snap: snapshotOf(a),
              saved: null,
            });
          }
        }
        groups.push({
          key: `k${g}`,
          name: `Group ${g + 1}`,
          premiums: groupPremiums,
          items: draftItems,
          serverErrors: [],
          synced: false,
        });
      }

      const wireGroups = groupsToWire({ groups } as Parameters<typeof groupsToWire>[0]);
      const res = await t.call(ordersApi.create, { token, body: { name: `Generated ${n}`, groups: wireGroups } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      for (const [gi, group] of groups.entries()) {
        const live = priceGroup(group, prices);
        const server = res.body.groups[gi];
        expect(server.subtotal, `order ${n} group ${gi} subtotal`).toBe(toWire(live.subtotal));
        for (const line of server.items) {
          const mine = live.lines.get(line._id)!;
          expect(line.unit_price, `order ${n} line ${line._id}`).toBe(toWire(mine.unit_price));
          expect(line.total_price, `order ${n} line ${line._id}`).toBe(toWire(mine.total_price));
          expect(parseMoney(line.breakdown.unit_price)).toBe(mine.breakdown.unit_price);
          lines++;
        }
      }
      // Every premium kind the order carries is a real one: the check above priced all of them.
      expect(Object.keys(res.body.groups[0].premiums)).toEqual([...GROUP_PREMIUM_KINDS]);
    }
    expect(lines).toBeGreaterThan(100);
  });
});
