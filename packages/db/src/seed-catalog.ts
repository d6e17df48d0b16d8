import { deflateSync } from 'node:zlib';
import { basisPoints, cents, type PremiumType, parseMoney, parsePercent } from '@cab/shared';
import { sql } from 'drizzle-orm';
import { moveCatalogVersion } from './catalog-version.ts';
import {
  categories,
  doorStyleWoodSpecies,
  images,
  lineItems,
  lineItemTags,
  type PremiumConfig,
  premiumCategories,
  premiumGroups,
  premiums,
  productGroups,
  subcategories,
  subcategoryGroups,
  tags,
  woodSpeciesFinishOptions,
} from './schema/index.ts';
import type { Executor } from './types.ts';

/**
 * The demo catalogue: standard cabinet codes, attachments, premiums of every type, categories,
 * subcategories and product groups with pictures. Loaded once, only into empty catalogue tables.
 * Pictures are not files here: each image row names a drawing ("seed/<shape>-<colour>.png") that
 * drawSeedImage() renders on first request, so seeding stays a handful of INSERTs.
 */

type CabinetKind =
  | 'base'
  | 'sink'
  | 'drawer'
  | 'wall'
  | 'tall'
  | 'filler'
  | 'panel'
  | 'swatch'
  | 'door'
  | 'drawerfront';

const WOODS = [
  { code: 'MAPLE', description: 'Hard maple', color: 'e8cfa0', price: null, pct: null },
  { code: 'CHERRY', description: 'American cherry', color: 'a4553a', price: null, pct: '12.00' },
  { code: 'WALNUT', description: 'Black walnut', color: '5c3f2a', price: null, pct: '20.00' },
  { code: 'OAK', description: 'Red oak, plain sawn', color: 'c89b63', price: null, pct: '5.00' },
  { code: 'PAINTED', description: 'Paint-grade maple and MDF', color: 'f2f0ea', price: null, pct: '8.00' },
] as const;

const FINISHES = [
  { code: 'NATURAL', description: 'Clear satin lacquer', color: 'efd9b0', method: 1, vertical: false },
  { code: 'HONEY', description: 'Honey stain', color: 'c98a3e', method: 1, vertical: false },
  { code: 'ESPRESSO', description: 'Espresso stain', color: '3b2418', method: 2, vertical: false },
  { code: 'GLAZE', description: 'Stain with chocolate glaze', color: '8a5a3a', method: 3, vertical: true },
  { code: 'WHITE', description: 'Painted white', color: 'fbfbf8', method: 14, vertical: true },
  { code: 'GRAY', description: 'Painted dove gray', color: 'a9a9a4', method: 14, vertical: true },
  { code: 'NAVY', description: 'Painted navy', color: '263a5e', method: 14, vertical: true },
] as const;

/** Which finishes each wood takes: stains on wood grain, paints on paint grade. */
const WOOD_FINISHES: Record<string, string[]> = {
  MAPLE: ['NATURAL', 'HONEY', 'ESPRESSO', 'GLAZE'],
  CHERRY: ['NATURAL', 'HONEY', 'GLAZE'],
  WALNUT: ['NATURAL', 'ESPRESSO'],
  OAK: ['NATURAL', 'HONEY', 'ESPRESSO', 'GLAZE'],
  PAINTED: ['WHITE', 'GRAY', 'NAVY'],
};

/** Door styles: code, description, premium group, price. */
const DOORS = [
  { code: 'SHAKER', description: 'Shaker, flat recessed panel', group: 'Recessed Panel', price: null },
  { code: 'SHAKER-BEAD', description: 'Shaker with beaded inside edge', group: 'Recessed Panel', price: '12.00' },
  { code: 'RAISED', description: 'Traditional raised panel', group: 'Raised Panel', price: '18.00' },
  { code: 'CATHEDRAL', description: 'Cathedral arch raised panel', group: 'Raised Panel', price: '24.00' },
  { code: 'SLAB', description: 'Flat slab, modern', group: 'Slab', price: null },
  { code: 'V-GROOVE', description: 'Slab with vertical V-grooves', group: 'Slab', price: '15.00' },
] as const;

/** Which woods each door style is offered in. */
const DOOR_WOODS: Record<string, string[]> = {
  SHAKER: ['MAPLE', 'CHERRY', 'WALNUT', 'OAK', 'PAINTED'],
  'SHAKER-BEAD': ['MAPLE', 'CHERRY', 'PAINTED'],
  RAISED: ['MAPLE', 'CHERRY', 'OAK'],
  CATHEDRAL: ['CHERRY', 'OAK'],
  SLAB: ['MAPLE', 'WALNUT', 'PAINTED'],
  'V-GROOVE': ['MAPLE', 'PAINTED'],
};

/** Each door style's profile (its door_style_attrs). */
const DOOR_ATTRS: Record<string, NonNullable<PremiumConfig['door_style_attrs']>> = {
  SHAKER: { outside_edge: 'Square', panel_detail: 'Flat', inside_edge: 'Square', route_pattern: 'None' },
  'SHAKER-BEAD': { outside_edge: 'Square', panel_detail: 'Flat', inside_edge: 'Bead', route_pattern: 'None' },
  RAISED: { outside_edge: 'Ogee', panel_detail: 'Raised', inside_edge: 'Ogee', route_pattern: 'None' },
  CATHEDRAL: { outside_edge: 'Ogee', panel_detail: 'Raised', inside_edge: 'Ogee', route_pattern: 'Cathedral arch' },
  SLAB: { outside_edge: 'Eased', panel_detail: 'Solid', inside_edge: 'None', route_pattern: 'None' },
  'V-GROOVE': { outside_edge: 'Eased', panel_detail: 'Solid', inside_edge: 'None', route_pattern: 'V-groove 2 in' },
};

const DRAWERS = [
  { code: 'DR-SLAB', description: 'Slab drawer front', price: null },
  { code: 'DR-5PC', description: 'Five-piece drawer front matching the door', price: '9.00' },
  { code: 'DR-DOVETAIL', description: 'Dovetail box, soft-close slides', price: '35.00' },
];

const FINISHED_SIDES = [
  { code: 'FS-NONE', description: 'No finished side', price: null, pct: null },
  { code: 'FS-LEFT', description: 'Finished left side', price: '25.00', pct: null },
  { code: 'FS-RIGHT', description: 'Finished right side', price: '25.00', pct: null },
  { code: 'FS-BOTH', description: 'Both sides finished', price: '45.00', pct: null },
];

type ItemSeed = {
  code: string;
  price: number;
  description: string;
  category: string;
  base: 'BASE' | 'WALL' | 'TALL' | 'ACCESSORY';
  w: number;
  h: number;
  d: number;
  hinge?: 'Right' | 'Left' | 'Both' | 'None';
  doors: number;
  drawers: number;
  shelves: number;
  group: string;
  attachment?: boolean;
  tags?: string[];
};

function buildItems(): ItemSeed[] {
  const items: ItemSeed[] = [];
  for (const w of [9, 12, 15, 18, 21, 24, 27, 30, 33, 36]) {
    const doors = w <= 21 ? 1 : 2;
    items.push({
      code: `B${String(w).padStart(2, '0')}`,
      price: 18_000 + w * 650,
      description: `Base cabinet ${w}" wide, ${doors} door${doors > 1 ? 's' : ''}, 1 drawer`,
      category: 'Base Cabinets',
      base: 'BASE',
      w,
      h: 34.5,
      d: 24,
      hinge: doors === 1 ? 'Left' : 'Both',
      doors,
      drawers: 1,
      shelves: 1,
      group: doors === 1 ? 'Base 1 Door' : 'Base 2 Doors',
      tags: w === 18 || w === 36 ? ['popular'] : undefined,
    });
  }
  for (const w of [30, 36]) {
    items.push({
      code: `SB${w}`,
      price: 21_000 + w * 600,
      description: `Sink base ${w}" wide, 2 doors, false drawer front`,
      category: 'Base Cabinets',
      base: 'BASE',
      w,
      h: 34.5,
      d: 24,
      hinge: 'Both',
      doors: 2,
      drawers: 0,
      shelves: 0,
      group: 'Sink Bases',
    });
  }
  for (const w of [15, 18, 21, 24]) {
    items.push({
      code: `DB${w}`,
      price: 32_000 + w * 900,
      description: `Drawer base ${w}" wide, 3 drawers`,
      category: 'Base Cabinets',
      base: 'BASE',
      w,
      h: 34.5,
      d: 24,
      doors: 0,
      drawers: 3,
      shelves: 0,
      group: 'Drawer Bases',
      tags: w === 24 ? ['new'] : undefined,
    });
  }
  for (const h of [30, 36, 42]) {
    for (const w of [9, 12, 15, 18, 21, 24, 27, 30, 33, 36]) {
      const doors = w <= 21 ? 1 : 2;
      items.push({
        code: `W${String(w).padStart(2, '0')}${h}`,
        price: 12_000 + w * 500 + h * 150,
        description: `Wall cabinet ${w}" wide x ${h}" high, ${doors} door${doors > 1 ? 's' : ''}`,
        category: 'Wall Cabinets',
        base: 'WALL',
        w,
        h,
        d: 12,
        hinge: doors === 1 ? 'Right' : 'Both',
        doors,
        drawers: 0,
        shelves: h === 30 ? 2 : 3,
        group: 'Wall Cabinets',
      });
    }
  }
  for (const w of [18, 24]) {
    for (const h of [84, 90, 96]) {
      items.push({
        code: `U${w}${h}`,
        price: 52_000 + w * 1_100 + h * 300,
        description: `Tall utility cabinet ${w}" wide x ${h}" high`,
        category: 'Tall Cabinets',
        base: 'TALL',
        w,
        h,
        d: 24,
        hinge: w === 18 ? 'Left' : 'Both',
        doors: w === 18 ? 2 : 4,
        drawers: 0,
        shelves: 4,
        group: 'Tall Utility',
      });
    }
  }
  const accessories: Omit<ItemSeed, 'base' | 'category' | 'doors' | 'drawers' | 'shelves'>[] = [
    { code: 'F3', price: 3_500, description: 'Filler 3" x 30"', w: 3, h: 30, d: 0.75, group: 'Fillers' },
    { code: 'F6', price: 4_500, description: 'Filler 6" x 30"', w: 6, h: 30, d: 0.75, group: 'Fillers' },
    { code: 'TF396', price: 6_500, description: 'Tall filler 3" x 96"', w: 3, h: 96, d: 0.75, group: 'Fillers' },
    { code: 'BWF3', price: 5_000, description: 'Base wing filler 3"', w: 3, h: 34.5, d: 24, group: 'Fillers' },
    { code: 'SM8', price: 4_800, description: 'Scribe molding 8 ft', w: 0.75, h: 96, d: 0.25, group: 'Accessories' },
    { code: 'WSS', price: 9_500, description: 'Wall spice shelf insert', w: 9, h: 30, d: 12, group: 'Accessories' },
    { code: 'CTD', price: 14_500, description: 'Cutlery tray divider', w: 18, h: 3, d: 20, group: 'Accessories' },
    {
      code: 'ROT18',
      price: 18_000,
      description: 'Roll-out tray for 18" base',
      w: 15,
      h: 4,
      d: 21,
      group: 'Accessories',
    },
  ];
  for (const a of accessories) {
    items.push({ ...a, base: 'ACCESSORY', category: 'Accessories', doors: 0, drawers: 0, shelves: 0 });
  }
  const attachments: Omit<ItemSeed, 'base' | 'category' | 'doors' | 'drawers' | 'shelves' | 'group'>[] = [
    { code: 'FEP-B', price: 11_000, description: 'Finished end panel, base', w: 0.75, h: 34.5, d: 24 },
    { code: 'FEP-W', price: 8_500, description: 'Finished end panel, wall', w: 0.75, h: 42, d: 12 },
    { code: 'FEP-T', price: 19_500, description: 'Finished end panel, tall', w: 0.75, h: 96, d: 24 },
    { code: 'LR8', price: 5_500, description: 'Light rail molding 8 ft', w: 0.75, h: 1.5, d: 96 },
    { code: 'TK8', price: 3_800, description: 'Toe kick 8 ft', w: 96, h: 4.5, d: 0.25 },
    { code: 'CM8', price: 9_000, description: 'Crown molding 8 ft', w: 3.5, h: 3.5, d: 96 },
    { code: 'CM8-L', price: 12_500, description: 'Large crown molding 8 ft', w: 5.25, h: 5.25, d: 96 },
  ];
  for (const a of attachments) {
    items.push({
      ...a,
      base: 'ACCESSORY',
      category: 'Attachments',
      doors: 0,
      drawers: 0,
      shelves: 0,
      group: 'Attachments',
      attachment: true,
    });
  }
  return items;
}

/** Product groups by subcategory, in display order: name, notes and the drawings shown for them. */
const GROUPS_BY_SUB: Record<string, { name: string; note: string; shelf: string; shapes: CabinetKind[] }[]> = {
  Base: [
    { name: 'Base 1 Door', note: 'One door over one drawer.', shelf: '1 adjustable shelf', shapes: ['base'] },
    {
      name: 'Base 2 Doors',
      note: 'Two doors over one or two drawers.',
      shelf: '1 adjustable shelf',
      shapes: ['base', 'drawer'],
    },
    { name: 'Sink Bases', note: 'False drawer front, open back.', shelf: 'No shelf', shapes: ['sink'] },
    { name: 'Drawer Bases', note: 'Three drawers, full-extension slides.', shelf: '', shapes: ['drawer'] },
  ],
  Wall: [
    {
      name: 'Wall Cabinets',
      note: 'Heights 30, 36 and 42 in.',
      shelf: '2 or 3 adjustable shelves',
      shapes: ['wall', 'wall'],
    },
  ],
  Tall: [
    { name: 'Tall Utility', note: 'Pantry and utility cabinets.', shelf: '4 adjustable shelves', shapes: ['tall'] },
  ],
  Accessories: [
    { name: 'Fillers', note: 'Cut to fit on site.', shelf: '', shapes: ['filler'] },
    { name: 'Accessories', note: 'Inserts and moldings.', shelf: '', shapes: ['panel'] },
    { name: 'Attachments', note: 'Panels, rails, toe kicks and crown.', shelf: '', shapes: ['panel'] },
  ],
};
const GROUPS = Object.entries(GROUPS_BY_SUB).flatMap(([sub, groups]) =>
  groups.map((g, index) => ({ ...g, sub, index })),
);

const SUBCATEGORIES: { name: string; category: string }[] = [
  { name: 'Base', category: 'Base Cabinets' },
  { name: 'Wall', category: 'Wall Cabinets' },
  { name: 'Tall', category: 'Tall Cabinets' },
  { name: 'Accessories', category: 'Accessories' },
];

/** Categories by the type of what they hold, in id order. */
const CATEGORY_SEED: Partial<Record<PremiumType, string[]>> = {
  LINE_ITEM: ['Base Cabinets', 'Wall Cabinets', 'Tall Cabinets', 'Accessories'],
  ATTACHMENT: ['Attachments'],
  WOOD_SPECIES: ['Hardwood', 'Paint Grade'],
  FINISH_OPTION: ['Stain', 'Paint'],
  DOOR_STYLE: ['Doors'],
  DRAWER_STYLE: ['Drawers'],
  FINISHED_SIDE: ['Finished Sides'],
};

/** Premium groups by premium type, each in its list order. */
const PREMIUM_GROUP_SEED: Partial<Record<PremiumType, string[]>> = {
  DOOR_STYLE: ['Recessed Panel', 'Raised Panel', 'Slab'],
  FINISH_OPTION: ['Stains', 'Paints'],
  WOOD_SPECIES: ['Hardwoods', 'Paint Grade'],
};

/** Rows of a table seeded from { type: names } in order: `index` is the position within the type. */
const byType = (seed: Partial<Record<PremiumType, string[]>>) =>
  (Object.entries(seed) as [PremiumType, string[]][]).flatMap(([type, names]) =>
    names.map((name, index) => ({ type, name, index })),
  );

/** Seed prices are written as decimal strings; parsed without floats like every amount. */
const money = (text: string | null) => (text === null ? null : parseMoney(text));
const percent = (text: string | null) => (text === null ? null : parsePercent(text));

/** Loads the demo catalogue when no premium and no line item exists yet. Returns whether it did. */
export async function seedCatalog(tx: Executor): Promise<boolean> {
  const [p] = await tx.select({ n: sql<number>`count(*)::int` }).from(premiums);
  const [l] = await tx.select({ n: sql<number>`count(*)::int` }).from(lineItems);
  const n = (p?.n ?? 0) + (l?.n ?? 0);
  if (Number(n) > 0) return false;

  const cats = await tx
    .insert(categories)
    .values(byType(CATEGORY_SEED).map((c) => ({ name: c.name, categoryType: c.type })))
    .onConflictDoNothing()
    .returning();
  const cat = (name: string) => cats.find((c) => c.name === name)!.id;

  const groups = await tx
    .insert(premiumGroups)
    .values(byType(PREMIUM_GROUP_SEED).map((g) => ({ name: g.name, premiumType: g.type, index: g.index })))
    .onConflictDoNothing()
    .returning();
  const group = (name: string) => groups.find((g) => g.name === name)!.id;

  const rows: (typeof premiums.$inferInsert)[] = [
    ...WOODS.map((w, i) => ({
      premiumType: 'WOOD_SPECIES' as const,
      code: w.code,
      description: w.description,
      priceCents: money(w.price),
      percentageBp: percent(w.pct),
      exportName: w.code.toLowerCase(),
      index: i,
      premiumGroupId: group(w.code === 'PAINTED' ? 'Paint Grade' : 'Hardwoods'),
      useFinishOptionForExport: w.code === 'PAINTED',
    })),
    ...FINISHES.map((f, i) => ({
      premiumType: 'FINISH_OPTION' as const,
      code: f.code,
      description: f.description,
      percentageBp: f.method === 14 ? basisPoints(1000) : f.method === 1 ? null : basisPoints(500),
      exportName: f.code.toLowerCase(),
      index: i,
      premiumGroupId: group(f.method === 14 ? 'Paints' : 'Stains'),
      exportCategory: f.method,
      isCabinetConstructionVertical: f.vertical,
    })),
    ...DOORS.map((d, i) => ({
      premiumType: 'DOOR_STYLE' as const,
      code: d.code,
      description: d.description,
      priceCents: money(d.price),
      exportName: d.code.toLowerCase(),
      index: i,
      premiumGroupId: group(d.group),
      config: { door_style_attrs: { ...DOOR_ATTRS[d.code] } },
    })),
    ...DRAWERS.map((d, i) => ({
      premiumType: 'DRAWER_STYLE' as const,
      code: d.code,
      description: d.description,
      priceCents: money(d.price),
      exportName: d.code.toLowerCase(),
      index: i,
    })),
    ...FINISHED_SIDES.map((f, i) => ({
      premiumType: 'FINISHED_SIDE' as const,
      code: f.code,
      description: f.description,
      priceCents: money(f.price),
      exportName: '',
      index: i,
    })),
  ];
  const inserted = await tx.insert(premiums).values(rows).returning({
    id: premiums.id,
    code: premiums.code,
    premiumType: premiums.premiumType,
  });
  const pid = (type: string, code: string) => inserted.find((p) => p.premiumType === type && p.code === code)!.id;

  const categoryOf: Record<string, string> = {
    WOOD_SPECIES: 'Hardwood',
    FINISH_OPTION: 'Stain',
    DOOR_STYLE: 'Doors',
    DRAWER_STYLE: 'Drawers',
    FINISHED_SIDE: 'Finished Sides',
  };
  await tx.insert(premiumCategories).values(
    inserted.map((p) => {
      let name = categoryOf[p.premiumType]!;
      if (p.code === 'PAINTED') name = 'Paint Grade';
      if (['WHITE', 'GRAY', 'NAVY'].includes(p.code)) name = 'Paint';
      return { premiumId: p.id, categoryId: cat(name) };
    }),
  );
  await tx
    .insert(woodSpeciesFinishOptions)
    .values(
      Object.entries(WOOD_FINISHES).flatMap(([wood, finishes]) =>
        finishes.map((f) => ({ woodSpeciesId: pid('WOOD_SPECIES', wood), finishOptionId: pid('FINISH_OPTION', f) })),
      ),
    );
  await tx
    .insert(doorStyleWoodSpecies)
    .values(
      Object.entries(DOOR_WOODS).flatMap(([door, woods]) =>
        woods.map((w) => ({ doorStyleId: pid('DOOR_STYLE', door), woodSpeciesId: pid('WOOD_SPECIES', w) })),
      ),
    );

  // Product groups, subcategories and their order.
  const pgs = await tx
    .insert(productGroups)
    .values(GROUPS.map((g) => ({ name: g.name, note: g.note, shelfNote: g.shelf })))
    .returning();
  const subs = await tx
    .insert(subcategories)
    .values(SUBCATEGORIES.map((s, i) => ({ name: s.name, categoryId: cat(s.category), index: i })))
    .returning();
  await tx.insert(subcategoryGroups).values(
    GROUPS.map((g, i) => ({
      subcategoryId: subs.find((s) => s.name === g.sub)!.id,
      productGroupId: pgs[i]!.id,
      index: g.index,
    })),
  );

  // Pictures: product groups get cabinet drawings, premiums get swatches and door fronts.
  const imageRows: (typeof images.$inferInsert)[] = [];
  GROUPS.forEach((g, i) => {
    g.shapes.forEach((shape, k) => {
      const key = `seed/${shape}-${k === 0 ? 'b08a5c' : 'f2f0ea'}-${i}${k}`;
      imageRows.push({
        ownerKind: 'product_group',
        ownerId: pgs[i]!.id,
        path: `${key}.png`,
        thumbnailPath: `${key}.thumb.png`,
        contentType: 'image/png',
        index: k,
      });
    });
  });
  const premiumPictures: [string, string, CabinetKind, string][] = [
    ...WOODS.map((w) => ['WOOD_SPECIES', w.code, 'swatch', w.color] as [string, string, CabinetKind, string]),
    ...FINISHES.map((f) => ['FINISH_OPTION', f.code, 'swatch', f.color] as [string, string, CabinetKind, string]),
    ...DOORS.map(
      (d) =>
        ['DOOR_STYLE', d.code, 'door', d.code.startsWith('SLAB') || d.code === 'V-GROOVE' ? 'd9c7a6' : 'c89b63'] as [
          string,
          string,
          CabinetKind,
          string,
        ],
    ),
    ...DRAWERS.map((d) => ['DRAWER_STYLE', d.code, 'drawerfront', 'c89b63'] as [string, string, CabinetKind, string]),
  ];
  for (const [type, code, shape, color] of premiumPictures) {
    const key = `seed/${shape}-${color}-${code.toLowerCase()}`;
    imageRows.push({
      ownerKind: 'premium',
      ownerId: pid(type, code),
      path: `${key}.png`,
      thumbnailPath: `${key}.thumb.png`,
      contentType: 'image/png',
      index: 0,
    });
  }
  await tx.insert(images).values(imageRows);

  // Line items and attachments.
  const items = buildItems();
  const groupId = (name: string) => pgs.find((g) => g.name === name)?.id ?? null;
  const insertedItems = await tx
    .insert(lineItems)
    .values(
      items.map((it) => ({
        manufacturerCode: it.code,
        priceCents: cents(it.price),
        description: it.description,
        categoryId: cat(it.category),
        baseCategory: it.base,
        width: it.w,
        height: it.h,
        depth: it.d,
        hinge: it.hinge ?? 'None',
        nbBaseDoor: it.base === 'BASE' ? it.doors : 0,
        nbWallDoor: it.base === 'WALL' ? it.doors : 0,
        nbTallDoor: it.base === 'TALL' ? it.doors : 0,
        nbDoorPull: it.doors,
        nbDrawer: it.drawers,
        nbDrawerPull: it.drawers,
        nbAdjustableShelf: it.shelves,
        exportName1: it.attachment ? '' : it.code,
        exportName2: it.attachment ? '' : it.base.toLowerCase(),
        productGroupId: groupId(it.group),
        isAttachment: it.attachment ?? false,
        isCornerCabinet: false,
        manualWorkRequired: it.code.startsWith('U24'),
      })),
    )
    .returning({ id: lineItems.id, code: lineItems.manufacturerCode });

  const tagRows = await tx.select().from(tags);
  const links: (typeof lineItemTags.$inferInsert)[] = [];
  for (const it of items) {
    for (const name of it.tags ?? []) {
      const tag = tagRows.find((t) => t.name === name && t.value === null);
      const item = insertedItems.find((r) => r.code === it.code);
      if (tag && item) links.push({ lineItemId: item.id, tagId: tag.id });
    }
  }
  if (links.length) await tx.insert(lineItemTags).values(links);
  // Running servers keep answers drawn from the catalogue until its version moves.
  await moveCatalogVersion(tx);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Drawings: a tiny RGB canvas encoded as PNG, enough for recognisable cabinet elevations.

type Rgb = [number, number, number];
const hex = (h: string): Rgb => [
  Number.parseInt(h.slice(0, 2), 16),
  Number.parseInt(h.slice(2, 4), 16),
  Number.parseInt(h.slice(4, 6), 16),
];
const shade = ([r, g, b]: Rgb, f: number): Rgb => [
  Math.max(0, Math.min(255, Math.round(r * f))),
  Math.max(0, Math.min(255, Math.round(g * f))),
  Math.max(0, Math.min(255, Math.round(b * f))),
];

class Canvas {
  readonly px: Uint8Array;
  constructor(
    readonly w: number,
    readonly h: number,
    bg: Rgb,
  ) {
    this.px = new Uint8Array(w * h * 3);
    this.fill(0, 0, w, h, bg);
  }
  fill(x: number, y: number, w: number, h: number, c: Rgb) {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.w, Math.round(x + w));
    const y1 = Math.min(this.h, Math.round(y + h));
    for (let yy = y0; yy < y1; yy++) {
      for (let xx = x0; xx < x1; xx++) {
        const i = (yy * this.w + xx) * 3;
        this.px[i] = c[0];
        this.px[i + 1] = c[1];
        this.px[i + 2] = c[2];
      }
    }
  }
  frame(x: number, y: number, w: number, h: number, t: number, c: Rgb) {
    this.fill(x, y, w, t, c);
    this.fill(x, y + h - t, w, t, c);
    this.fill(x, y, t, h, c);
    this.fill(x + w - t, y, t, h, c);
  }
  png(): Buffer {
    const raw = Buffer.alloc((this.w * 3 + 1) * this.h);
    for (let y = 0; y < this.h; y++) {
      raw[y * (this.w * 3 + 1)] = 0;
      Buffer.from(this.px.buffer, y * this.w * 3, this.w * 3).copy(raw, y * (this.w * 3 + 1) + 1);
    }
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.w, 0);
    ihdr.writeUInt32BE(this.h, 4);
    ihdr[8] = 8; // bit depth
    ihdr[9] = 2; // RGB
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

const SEED_KEY = /^seed\/([a-z]+)-([0-9a-f]{6})-[a-z0-9-]+(\.thumb)?\.png$/;

/** True for a storage key that names a seed drawing. */
export const isSeedImageKey = (key: string) => SEED_KEY.test(key);

/** Renders the picture a seed image key names (320x240, thumbnails 160x120); null for other keys. */
export function drawSeedImage(key: string): Buffer | null {
  const m = SEED_KEY.exec(key);
  if (!m) return null;
  const shape = m[1] as CabinetKind;
  const wood = hex(m[2]!);
  const s = m[3] ? 0.5 : 1;
  const cv = new Canvas(320 * s, 240 * s, [246, 246, 243]);
  const dark = shade(wood, 0.6);
  const light = shade(wood, 1.12);
  const pull: Rgb = [60, 60, 64];
  const R = (x: number, y: number, w: number, h: number, c: Rgb) => cv.fill(x * s, y * s, w * s, h * s, c);
  const F = (x: number, y: number, w: number, h: number, t: number, c: Rgb) =>
    cv.frame(x * s, y * s, w * s, h * s, Math.max(1, t * s), c);
  const door = (x: number, y: number, w: number, h: number, knobRight: boolean) => {
    R(x, y, w, h, wood);
    F(x, y, w, h, 2, dark);
    F(x + 10, y + 10, w - 20, h - 20, 3, light);
    R(knobRight ? x + w - 12 : x + 8, y + h / 2 - 12, 4, 24, pull);
  };
  const drawer = (x: number, y: number, w: number, h: number) => {
    R(x, y, w, h, wood);
    F(x, y, w, h, 2, dark);
    R(x + w / 2 - 16, y + h / 2 - 2, 32, 4, pull);
  };
  switch (shape) {
    case 'base':
    case 'sink':
      R(70, 40, 180, 170, dark);
      R(60, 205, 200, 15, shade(wood, 0.4));
      if (shape === 'sink') R(76, 46, 168, 36, light);
      else drawer(76, 46, 168, 36);
      door(76, 88, 82, 112, false);
      door(162, 88, 82, 112, true);
      break;
    case 'drawer':
      R(70, 40, 180, 170, dark);
      R(60, 205, 200, 15, shade(wood, 0.4));
      drawer(76, 46, 168, 40);
      drawer(76, 90, 168, 55);
      drawer(76, 149, 168, 52);
      break;
    case 'wall':
      R(80, 20, 160, 200, dark);
      door(86, 26, 72, 188, false);
      door(162, 26, 72, 188, true);
      break;
    case 'tall':
      R(110, 10, 100, 220, dark);
      door(114, 14, 92, 86, true);
      door(114, 104, 92, 122, true);
      break;
    case 'filler':
      R(140, 20, 40, 200, wood);
      F(140, 20, 40, 200, 2, dark);
      break;
    case 'panel':
      R(40, 100, 240, 40, wood);
      F(40, 100, 240, 40, 2, dark);
      R(40, 140, 240, 8, dark);
      break;
    case 'door':
      door(90, 20, 140, 200, true);
      break;
    case 'drawerfront':
      drawer(40, 90, 240, 60);
      break;
    default: {
      // swatch: the colour with a little grain
      R(20, 20, 280, 200, wood);
      for (let i = 0; i < 9; i++) R(20, 34 + i * 21 + (i % 3) * 3, 280, 2, shade(wood, 0.9));
      F(20, 20, 280, 200, 2, dark);
    }
  }
  return cv.png();
}
