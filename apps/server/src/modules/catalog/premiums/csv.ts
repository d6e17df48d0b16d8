import {
  DOOR_STYLE_ATTRS,
  EXPORT_CATEGORIES,
  KIND_TYPE,
  kindCanImport,
  MSG,
  PREMIUM_CSV_COLUMNS,
  type PremiumKind,
  premiumBodySchema,
  premiumTypeIssues,
} from '@cab/shared';
import type { Ctx, PublicCtx } from '../../../kit/context.ts';
import { toCsv } from '../../../kit/csv.ts';
import { methodNotAllowed } from '../../../kit/errors.ts';
import { audit } from '../../audit/index.ts';
import { ensureCategories, ensurePremiumGroups } from '../categories/service.ts';
import * as csv from '../csv.ts';
import * as repo from './repository.ts';

/** Stands in for a category or group named in a row until apply resolves the name. */
const NAMED = 1;

import { allPremiums, preparePremium, savePremiumLinks } from './service.ts';

/**
 * CSV import of one premium kind: upsert by code, a bad row reported with its line (SPEC 7,
 * DOMAIN.md). Each imported row is audited ('import', after = the row as validated) in its batch's
 * transaction. `readFile` is called only for a kind that can import (a drawer style upload is
 * refused unread).
 */
export async function importPremiums(ctx: Ctx, kind: PremiumKind, readFile: () => Promise<Buffer>) {
  if (!kindCanImport(kind)) throw methodNotAllowed(MSG.drawerStyleImportRefused);
  const bytes = await readFile();
  const type = KIND_TYPE[kind];
  const known = PREMIUM_CSV_COLUMNS[kind];
  const required = ['code', 'categories', ...(premiumTypeIssues(type, {}).export_name ? ['export_name'] : [])];
  const { columns, rows } = csv.parseCsv(bytes, known, required);
  const has = (c: string) => columns.includes(c);

  // Codes of linked premiums are looked up once; categories and groups are named in the file and
  // resolved (or created) in apply, inside the rows' transaction, so a failing row creates nothing.
  const finishCodes =
    type === 'WOOD_SPECIES' && has('finish_options') ? await repo.premiumsByCode(ctx.db, 'FINISH_OPTION') : null;
  const woodCodes =
    type === 'DOOR_STYLE' && has('wood_species') ? await repo.premiumsByCode(ctx.db, 'WOOD_SPECIES') : null;

  const codesToIds = (cell: string | undefined, map: Map<string, number>, field: string) =>
    csv.splitList(cell).map((code) => {
      const id = map.get(code.toLowerCase());
      if (!id) throw new csv.RowError(`${field}: ${MSG.unknownPremium(field, code)}`);
      return id;
    });

  const prepare = (row: csv.CsvRow) => {
    const c = row.cells;
    const categoryNames = csv.splitList(c.categories);
    const body: Record<string, unknown> = { code: c.code, categories: categoryNames.map(() => NAMED) };
    for (const f of ['description', 'price', 'percentage', 'export_name', 'index'] as const) {
      if (has(f)) body[f] = c[f] ?? '';
    }
    if (DOOR_STYLE_ATTRS.some(has)) {
      body.config = {
        door_style_attrs: Object.fromEntries(DOOR_STYLE_ATTRS.filter(has).map((a) => [a, c[a] ?? ''])),
      };
    }
    if (has('group_name')) body.premium_group = c.group_name ? NAMED : null;
    if (has('tags')) body.tags = csv.parseTagCell(c.tags ?? '');
    if (has('export_category')) {
      const raw = (c.export_category ?? '').trim();
      body.export_category = EXPORT_CATEGORIES.find((e) => e.label.toLowerCase() === raw.toLowerCase())?.value ?? raw;
    }
    if (has('use_finish_option_for_export'))
      body.use_finish_option_for_export = csv.parseBool(c.use_finish_option_for_export);
    if (has('is_cabinet_construction_vertical')) {
      body.is_cabinet_construction_vertical = csv.parseBool(c.is_cabinet_construction_vertical);
    }
    if (finishCodes) body.finish_options = codesToIds(c.finish_options, finishCodes, 'finish_options');
    if (woodCodes) body.wood_species = codesToIds(c.wood_species, woodCodes, 'wood_species');

    const parsed = premiumBodySchema.safeParse(body);
    if (!parsed.success) throw new csv.RowError(csv.issuesText(parsed.error));
    const issues = premiumTypeIssues(type, parsed.data);
    if (Object.keys(issues).length) throw new csv.RowError(csv.fieldsText(issues));
    return { body: parsed.data, categoryNames, group: has('group_name') ? (c.group_name ?? '') : undefined };
  };

  return csv.runImport(ctx, rows, prepare, async (tx, batch) => {
    const cats = await ensureCategories(
      tx,
      type,
      batch.flatMap((b) => b.value.categoryNames),
    );
    const groups = has('group_name')
      ? await ensurePremiumGroups(
          tx,
          type,
          batch.map((b) => b.value.group ?? ''),
        )
      : new Map<string, number>();
    // Per transaction: a rolled-back batch must not leave ids of tags it created behind.
    const tagCache = new Map<string, number>();
    for (const { value: named } of batch) {
      const value = {
        ...named.body,
        categories: named.categoryNames.map((n) => cats.get(n.toLowerCase())!),
        ...(named.group === undefined
          ? {}
          : { premium_group: named.group ? groups.get(named.group.toLowerCase())! : null }),
      };
      const prepared = await preparePremium(tx, type, value, null, { trusted: true });
      const id = await repo.upsertPremium(tx.db, type, value.code, prepared.columns);
      await savePremiumLinks(tx, id, prepared, tagCache);
      await audit(tx, { entity: 'premium', id, action: 'import', after: value });
    }
  });
}

/** Every premium of the kind in the import columns, so an export imports back unchanged. */
export async function exportPremiums(ctx: PublicCtx, kind: PremiumKind) {
  const type = KIND_TYPE[kind];
  const list = await allPremiums(ctx, type);
  const codeOf = await repo.premiumCodes(ctx.db);
  const rows = list.map((p) => ({
    code: p.code,
    description: p.description,
    categories: p.categories.map((c) => c.name).join('; '),
    finish_options: p.finish_options.map((id) => codeOf.get(id)).join('; '),
    wood_species: p.wood_species.map((id) => codeOf.get(id)).join('; '),
    price: p.price ?? '',
    percentage: p.percentage ?? '',
    export_name: p.export_name,
    ...p.config.door_style_attrs,
    index: p.index,
    group_name: p.group_name ?? '',
    tags: csv.tagCell(p.tags),
    export_category: p.export_category ?? '',
    use_finish_option_for_export: p.use_finish_option_for_export,
    is_cabinet_construction_vertical: p.is_cabinet_construction_vertical,
  }));
  return toCsv(PREMIUM_CSV_COLUMNS[kind], rows);
}
