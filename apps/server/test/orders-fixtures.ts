import { schema } from '@cab/db';
import { type BasisPoints, type Cents, NO_PREMIUMS } from '@cab/shared';
import { eq } from 'drizzle-orm';
import type { TestApp } from './helpers.ts';
import { ROLE_EMAILS } from './helpers.ts';

/**
 * A small catalogue for the orders tests, written straight into the database: premiums with
 * fixed prices and percentages, three cabinets, an attachment, and a door style that is not
 * offered in the wood species.
 */
export async function orderCatalogue(t: TestApp) {
  const db = t.handle.db;
  const premium = async (
    premiumType: (typeof schema.premiums.$inferInsert)['premiumType'],
    code: string,
    price: number | null,
    percentage: number | null = null,
  ) => {
    const [row] = await db
      .insert(schema.premiums)
      .values({
        premiumType,
        code,
        priceCents: price as Cents | null,
        percentageBp: percentage as BasisPoints | null,
        exportName: code,
      })
      .returning();
    return row!.id;
  };
  const ws = await premium('WOOD_SPECIES', 'ZMAPLE', 5000); // $50.00 per cabinet
  const ws2 = await premium('WOOD_SPECIES', 'ZOAK', 0);
  const fo = await premium('FINISH_OPTION', 'ZSTAIN', null, 1000); // 10 %
  const bd = await premium('DOOR_STYLE', 'ZSHAKER', 2000); // $20.00 per door
  const wd = await premium('DOOR_STYLE', 'ZSLAB', 1500); // $15.00 per door
  const td = await premium('DOOR_STYLE', 'ZTALLSHAKER', 2500);
  const oakOnly = await premium('DOOR_STYLE', 'ZOAKONLY', 1000);
  const dr = await premium('DRAWER_STYLE', 'ZDOVETAIL', 1250); // $12.50 per drawer
  const fs = await premium('FINISHED_SIDE', 'ZFSIDE', 3000); // $30.00 per side
  await db.insert(schema.doorStyleWoodSpecies).values([
    { doorStyleId: bd, woodSpeciesId: ws },
    { doorStyleId: oakOnly, woodSpeciesId: ws2 },
  ]);
  const item = async (values: Partial<typeof schema.lineItems.$inferInsert> & { manufacturerCode: string }) => {
    const [row] = await db
      .insert(schema.lineItems)
      .values({ priceCents: 0 as Cents, exportName1: values.manufacturerCode, ...values })
      .returning();
    return row!.id;
  };
  const base = await item({
    manufacturerCode: 'ZB24',
    priceCents: 30000 as Cents,
    baseCategory: 'BASE',
    width: 24,
    height: 34.5,
    depth: 24,
    nbBaseDoor: 2,
    nbDrawer: 1,
    nbAdjustableShelf: 1,
    description: 'Base 24',
  });
  const wall = await item({
    manufacturerCode: 'ZW30',
    priceCents: 20000 as Cents,
    baseCategory: 'WALL',
    nbWallDoor: 2,
  });
  const tall = await item({
    manufacturerCode: 'ZT84',
    priceCents: 50000 as Cents,
    baseCategory: 'TALL',
    nbTallDoor: 2,
  });
  const att = await item({ manufacturerCode: 'ZATT1', priceCents: 2500 as Cents, isAttachment: true });
  return { ws, ws2, fo, bd, wd, td, oakOnly, dr, fs, base, wall, tall, att };
}
export type Catalogue = Awaited<ReturnType<typeof orderCatalogue>>;

/** A group with no premium (shared's NO_PREMIUMS under the name these tests use). */
export const noPremiums = NO_PREMIUMS;

/** A clean group: a base cabinet with a finished side and an attachment, and a wall cabinet. */
export function fullGroup(c: Catalogue) {
  return {
    name: 'Kitchen',
    premiums: {
      wood_species: c.ws,
      finish_option: c.fo,
      base_door_style: c.bd,
      wall_door_style: c.wd,
      tall_door_style: null,
      drawer_style: c.dr,
    },
    items: [
      { _id: 'a', line_item: c.base, qty: 2, finished_side: c.fs, is_attachment: false },
      { _id: 'b', line_item: c.wall, qty: 1, is_attachment: false },
      { _id: 'c', line_item: c.att, qty: 3, is_attachment: true, parentId: 'a' },
    ],
  };
}

async function userId(t: TestApp, email: string) {
  const [u] = await t.handle.db.select().from(schema.users).where(eq(schema.users.email, email));
  return u!.id;
}

export const roleUserId = (t: TestApp, role: keyof typeof ROLE_EMAILS) => userId(t, ROLE_EMAILS[role]);

/** Writes order columns directly (a status the lifecycle files set, a chosen payment option...). */
export async function setOrder(t: TestApp, id: number, values: Partial<typeof schema.orders.$inferInsert>) {
  await t.handle.db.update(schema.orders).set(values).where(eq(schema.orders.id, id));
}
