import type { schema } from '@cab/db';
import {
  LINE_ITEM_COUNTS,
  LINE_ITEM_CSV_COLUMNS,
  LINE_ITEM_EXPORT_NAMES,
  LINE_ITEM_FLAGS,
  LINE_ITEM_MEASURES,
  lineItemBodySchema,
  lineItemIssues,
  MSG,
} from '@cab/shared';
import type { Ctx, PublicCtx } from '../../../kit/context.ts';
import { toCsv } from '../../../kit/csv.ts';
import { audit } from '../../audit/index.ts';
import { ensureCategories } from '../categories/service.ts';
import * as csv from '../csv.ts';
import { ensureProductGroups, productGroupNames } from '../groups/service.ts';
import { resolveTags, type TagRef } from '../tags/repository.ts';
import * as repo from './repository.ts';
import { allItems, type ItemScope, itemColumns } from './service.ts';

type Insert = typeof schema.lineItems.$inferInsert;

/** Stands in for a category or product group named in a row until apply resolves the name. */
const NAMED = 1;

const NUMBER_FIELDS = [...LINE_ITEM_MEASURES, ...LINE_ITEM_COUNTS];
const TEXT_FIELDS = ['price', 'description', 'base_category', 'hinge', ...LINE_ITEM_EXPORT_NAMES] as const;

/** Wire field -> column key, for the columns a conflict overwrites: the camel-cased name but for three. */
const COLUMN_OF: Record<string, keyof Insert> = {
  ...Object.fromEntries(
    LINE_ITEM_CSV_COLUMNS.filter((c) => c !== 'tags').map((c) => [c, c.replace(/_(\w)/g, (_, l) => l.toUpperCase())]),
  ),
  price: 'priceCents',
  category: 'categoryId',
  product_group: 'productGroupId',
};

/**
 * CSV import of line items or attachments: upsert by manufacturer_code. Valid rows go in batches
 * of one multi-row INSERT ... ON CONFLICT each, so 10,000 rows take seconds; see csv.runImport. Each
 * imported row is audited ('import', after = the row as validated) in its batch's transaction.
 */
export async function importItems(ctx: Ctx, scope: ItemScope, bytes: Buffer) {
  const attachments = scope === 'attachments';
  const required = ['manufacturer_code', 'price', 'category', ...(attachments ? [] : ['export_name_1'])];
  const { columns, rows } = csv.parseCsv(bytes, LINE_ITEM_CSV_COLUMNS, required);
  const has = (c: string) => columns.includes(c);

  // An attachment row's category is an ATTACHMENT category, any other row's a LINE_ITEM one.
  const rowIsAttachment = (r: csv.CsvRow) =>
    attachments || (has('is_attachment') && csv.parseBool(r.cells.is_attachment));

  // Categories and product groups are named in the file and resolved (or created) in apply,
  // inside the rows' transaction: a row that fails creates nothing. Until then an id stands in.
  const prepare = (row: csv.CsvRow) => {
    const c = row.cells;
    const isAttachment = rowIsAttachment(row);
    const body: Record<string, unknown> = {
      manufacturer_code: c.manufacturer_code,
      category: c.category ? NAMED : '',
    };
    for (const f of TEXT_FIELDS) if (has(f)) body[f] = c[f] ?? '';
    for (const f of NUMBER_FIELDS) if (has(f)) body[f] = c[f] ?? '';
    for (const f of LINE_ITEM_FLAGS) if (has(f)) body[f] = csv.parseBool(c[f]);
    if (has('product_group')) body.product_group = c.product_group ? NAMED : null;
    if (has('tags')) body.tags = csv.parseTagCell(c.tags ?? '');
    if (attachments || has('is_attachment')) body.is_attachment = isAttachment;

    const parsed = lineItemBodySchema.safeParse(body);
    if (!parsed.success) throw new csv.RowError(csv.issuesText(parsed.error));
    const issues = lineItemIssues(parsed.data);
    if (Object.keys(issues).length) throw new csv.RowError(csv.fieldsText(issues));
    return {
      body: parsed.data,
      isAttachment,
      category: c.category ?? '',
      group: has('product_group') ? (c.product_group ?? '') : undefined,
      tags: parsed.data.tags?.map((t) => ({ name: t.name, value: t.value ?? null })) as TagRef[] | undefined,
    };
  };

  const update = [...new Set(columns.map((c) => COLUMN_OF[c]).filter((c) => c !== undefined))].filter(
    (c) => c !== 'manufacturerCode',
  );
  if (attachments && !update.includes('isAttachment')) update.push('isAttachment');

  return csv.runImport(ctx, rows, prepare, async (tx, batch) => {
    const names = (wanted: boolean) =>
      batch.filter((b) => b.value.isAttachment === wanted).map((b) => b.value.category);
    const itemCats = await ensureCategories(tx, 'LINE_ITEM', names(false));
    const attachmentCats = await ensureCategories(tx, 'ATTACHMENT', names(true));
    const groups = has('product_group')
      ? await ensureProductGroups(
          tx,
          batch.map((b) => b.value.group ?? ''),
        )
      : new Map<string, number>();
    const resolved = batch.map(({ value }) => {
      const cats = value.isAttachment ? attachmentCats : itemCats;
      const body = {
        ...value.body,
        category: cats.get(value.category.toLowerCase())!,
        ...(value.group === undefined
          ? {}
          : { product_group: value.group ? groups.get(value.group.toLowerCase())! : null }),
      };
      return { body, columns: itemColumns(body) as Insert, tags: value.tags };
    });

    // Per transaction: a rolled-back batch must not leave ids of tags it created behind.
    const tagCache = new Map<string, number>();
    const saved = await repo.upsertItems(
      tx.db,
      resolved.map((r) => r.columns),
      update,
    );
    const idOf = new Map(saved.map((s) => [s.code, s.id]));
    // An upsert never turns a line item into an attachment or back: a code the upsert left alone
    // belongs to the other kind, and its row fails (the batch is then replayed row by row).
    for (const { value } of batch) {
      const code = value.body.manufacturer_code;
      if (!idOf.has(code)) {
        throw new csv.RowError(
          `manufacturer_code: ${value.isAttachment ? MSG.importCodeIsLineItem(code) : MSG.importCodeIsAttachment(code)}`,
        );
      }
    }
    if (has('tags')) {
      const links: { lineItemId: number; tagId: number }[] = [];
      for (const value of resolved) {
        const lineItemId = idOf.get(value.columns.manufacturerCode)!;
        for (const tagId of await resolveTags(tx.db, value.tags ?? [], tagCache)) links.push({ lineItemId, tagId });
      }
      await repo.replaceItemTags(
        tx.db,
        saved.map((s) => s.id),
        links,
      );
    }
    await audit(
      tx,
      ...resolved.map((value) => ({
        entity: 'line_item' as const,
        id: idOf.get(value.columns.manufacturerCode)!,
        action: 'import',
        after: value.body,
      })),
    );
  });
}

export async function exportItems(ctx: PublicCtx, scope: ItemScope) {
  const list = await allItems(ctx, scope);
  const groupNames = await productGroupNames(ctx);
  const rows = list.map((it) => ({
    ...it,
    category: it.category?.name ?? '',
    base_category: it.base_category ?? '',
    tags: csv.tagCell(it.tags),
    product_group: it.product_group === null ? '' : (groupNames.get(it.product_group) ?? ''),
  }));
  return toCsv(LINE_ITEM_CSV_COLUMNS, rows);
}
