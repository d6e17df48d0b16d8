import type { schema } from '@cab/db';
import {
  type PremiumBodyOut as Body,
  ERROR_CODES,
  exportCategoryLabel,
  KIND_TYPE,
  kindCanAdd,
  kindCanDelete,
  type PremiumListQueryOut as ListQuery,
  MSG,
  PAGE_SIZE,
  type PremiumPatchOut as Patch,
  type Premium,
  type PremiumKind,
  type PremiumType,
  parseMoney,
  parsePercent,
  premiumTypeIssues,
  toPaged,
  toWire,
} from '@cab/shared';
import type { UploadedFile } from '../../../http/multipart.ts';
import type { Ctx, PublicCtx } from '../../../kit/context.ts';
import { AppError, fieldError, fieldErrors, methodNotAllowed, notFound } from '../../../kit/errors.ts';
import { orderBy, pageWindow } from '../../../kit/list.ts';
import { rethrowUnique, transaction } from '../../../kit/transaction.ts';
import { audit } from '../../audit/index.ts';
import { checkCategories, checkPremiumGroup } from '../categories/service.ts';
import { idFilter, idList, mergeFilters, requestedIds, textFilter } from '../filters.ts';
import { prepareImages } from '../images/processing.ts';
import * as images from '../images/service.ts';
import { resolveTags, type TagRef } from '../tags/repository.ts';
import * as repo from './repository.ts';

const EMPTY_ATTRS = { outside_edge: '', panel_detail: '', inside_edge: '', route_pattern: '' };

type Relations = Awaited<ReturnType<typeof relationsOf>>;

/** Categories, linked premiums, tags and images of the given premiums, each keyed by premium id. */
async function relationsOf(ctx: PublicCtx, ids: number[]) {
  const [rel, imgs] = await Promise.all([
    repo.premiumRelations(ctx.db, ids),
    images.imagesByOwner(ctx, 'premium', ids),
  ]);
  return { ...rel, images: imgs };
}

function toWirePremium(row: repo.PremiumRow, rel: Relations): Premium {
  return {
    id: row.id,
    premium_type: row.premiumType,
    code: row.code,
    description: row.description,
    categories: rel.cats.get(row.id) ?? [],
    finish_options: rel.finishes.get(row.id) ?? [],
    wood_species: rel.woods.get(row.id) ?? [],
    price: row.priceCents === null ? null : toWire(row.priceCents),
    percentage: row.percentageBp === null ? null : toWire(row.percentageBp),
    export_name: row.exportName,
    config: { door_style_attrs: { ...EMPTY_ATTRS, ...(row.config.door_style_attrs ?? {}) } },
    index: row.index,
    premium_group: row.premiumGroupId,
    group_name: row.groupName,
    group_index: row.groupIndex,
    tags: rel.tags.get(row.id) ?? [],
    export_category: row.exportCategory,
    export_category_display: exportCategoryLabel(row.exportCategory),
    use_finish_option_for_export: row.useFinishOptionForExport,
    is_cabinet_construction_vertical: row.isCabinetConstructionVertical,
    images: rel.images.get(row.id) ?? [],
  };
}

export async function listPremiums(ctx: PublicCtx, kind: PremiumKind, rawQuery: ListQuery) {
  const query = mergeFilters(rawQuery);
  const type = KIND_TYPE[kind];
  const where = repo.premiumWhere({
    type,
    ids: requestedIds(query),
    code: textFilter(query.code),
    description: textFilter(query.description),
    categories: idList([...(query.categories ?? []), ...(query['categories[]'] ?? [])]),
    doorStyle: idFilter(query.door_style),
    woodSpecies: idFilter(query.wood_species),
    premiumGroup: idFilter(query.premium_group),
  });
  const order = orderBy(query.order_by, repo.PREMIUM_ORDER, '-id', repo.PREMIUM_ORDER.id);
  // SPEC 9: premium lists show 10 a page, 50 in selection mode.
  const window = pageWindow(query, query.select ? PAGE_SIZE.premiumSelection : PAGE_SIZE.premiumList);
  const page = await repo.premiumPage(ctx.db, where, order, window);
  const rel = await relationsOf(
    ctx,
    page.rows.map((r) => r.id),
  );
  return toPaged(page, (r) => toWirePremium(r, rel));
}

export async function getPremium(ctx: PublicCtx, kind: PremiumKind, id: number): Promise<Premium> {
  const where = repo.premiumWhere({ type: KIND_TYPE[kind], ids: [id] });
  const [row] = await repo.premiumRows(ctx.db, where, [], { limit: 1, offset: 0 });
  if (!row) throw notFound();
  return toWirePremium(row, await relationsOf(ctx, [id]));
}

/** Every premium of a type with its relations (CSV export). */
export async function allPremiums(ctx: PublicCtx, type: PremiumType): Promise<Premium[]> {
  const rows = await repo.premiumRows(
    ctx.db,
    repo.premiumWhere({ type }),
    orderBy('code', repo.PREMIUM_ORDER, 'code', repo.PREMIUM_ORDER.id),
  );
  const rel = await relationsOf(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toWirePremium(r, rel));
}

interface Prepared {
  columns: Partial<typeof schema.premiums.$inferInsert>;
  links: { categories?: number[]; finishOptions?: number[]; woodSpecies?: number[] };
  tags?: TagRef[];
}

/**
 * Checks a create or patch body against the type's rules and the database, and turns it into
 * columns and links. `existing` is the stored row for a patch (its values fill what is not sent).
 */
export async function preparePremium(
  ctx: PublicCtx,
  type: PremiumType,
  body: Body | Patch,
  existing: Awaited<ReturnType<typeof repo.premiumById>> | null,
  options: { trusted?: boolean } = {},
): Promise<Prepared> {
  // A CSV import resolves names and codes to existing ids itself, so it skips the lookups.
  const check = !options.trusted;
  const exportName = body.export_name ?? existing?.exportName ?? '';
  const issues = premiumTypeIssues(type, { export_name: exportName });
  if (Object.keys(issues).length) throw fieldErrors(issues);

  const columns: Prepared['columns'] = {};
  const links: Prepared['links'] = {};
  if (body.code !== undefined) columns.code = body.code;
  if (body.description !== undefined) columns.description = body.description;
  if (body.export_name !== undefined) columns.exportName = body.export_name;
  if (body.index !== undefined) columns.index = body.index;

  // Price and percentage: never both; setting one clears the other (SPEC 4).
  if (body.price !== undefined) {
    columns.priceCents = body.price === null ? null : parseMoney(body.price);
    if (columns.priceCents !== null && body.percentage === undefined) columns.percentageBp = null;
  }
  if (body.percentage !== undefined) {
    columns.percentageBp = body.percentage === null ? null : parsePercent(body.percentage);
    if (columns.percentageBp !== null && body.price === undefined) columns.priceCents = null;
  }

  if (body.config?.door_style_attrs !== undefined) {
    columns.config = {
      ...(existing?.config ?? {}),
      door_style_attrs: {
        ...EMPTY_ATTRS,
        ...(existing?.config.door_style_attrs ?? {}),
        ...Object.fromEntries(Object.entries(body.config.door_style_attrs).filter(([, v]) => v !== undefined)),
      },
    };
  }
  if (body.premium_group !== undefined) {
    if (body.premium_group !== null && check) await checkPremiumGroup(ctx, body.premium_group, type);
    columns.premiumGroupId = body.premium_group;
  }
  if (body.export_category !== undefined) columns.exportCategory = body.export_category;
  if (body.use_finish_option_for_export !== undefined)
    columns.useFinishOptionForExport = body.use_finish_option_for_export;
  if (body.is_cabinet_construction_vertical !== undefined) {
    columns.isCabinetConstructionVertical = body.is_cabinet_construction_vertical;
  }

  if (body.categories !== undefined) {
    const ids = [...new Set(body.categories)];
    if (check) await checkCategories(ctx, ids, [type], 'categories');
    links.categories = ids;
  }
  if (type === 'WOOD_SPECIES' && body.finish_options !== undefined) {
    links.finishOptions = check
      ? await checkLinked(ctx, 'FINISH_OPTION', body.finish_options, 'finish_options')
      : [...new Set(body.finish_options)];
  }
  if (type === 'DOOR_STYLE' && body.wood_species !== undefined) {
    links.woodSpecies = check
      ? await checkLinked(ctx, 'WOOD_SPECIES', body.wood_species, 'wood_species')
      : [...new Set(body.wood_species)];
  }
  return { columns, links, tags: body.tags?.map((t) => ({ name: t.name, value: t.value ?? null })) };
}

async function checkLinked(ctx: PublicCtx, type: PremiumType, ids: number[], field: string) {
  const unique = [...new Set(ids)];
  const found = await repo.premiumIdsOfType(ctx.db, type, unique);
  const missing = unique.find((id) => !found.includes(id));
  if (missing !== undefined)
    throw fieldError(ERROR_CODES.validation, field, MSG.unknownPremium(field, String(missing)));
  return unique;
}

const codeTaken = () => fieldError(ERROR_CODES.validation, 'code', MSG.codeTaken);

/** Writes a prepared body's links and tags (tags resolved through `tagCache` when given). */
export async function savePremiumLinks(tx: PublicCtx, id: number, prepared: Prepared, tagCache?: Map<string, number>) {
  const tagIds = prepared.tags ? await resolveTags(tx.db, prepared.tags, tagCache) : undefined;
  await repo.replaceLinks(tx.db, id, { ...prepared.links, tagIds });
}

export async function createPremium(ctx: Ctx, kind: PremiumKind, body: Body) {
  if (!kindCanAdd(kind)) throw methodNotAllowed(MSG.finishedSideAddRefused);
  const type = KIND_TYPE[kind];
  try {
    return await transaction(ctx, async (tx) => {
      const prepared = await preparePremium(tx, type, body, null);
      const id = await repo.insertPremium(tx.db, { premiumType: type, code: body.code, ...prepared.columns });
      await savePremiumLinks(tx, id, prepared);
      const after = await getPremium(tx, kind, id);
      await audit(tx, { entity: 'premium', id, action: 'create', after });
      return after;
    });
  } catch (err) {
    rethrowUnique(err, codeTaken);
  }
}

export async function updatePremium(ctx: Ctx, kind: PremiumKind, id: number, body: Patch) {
  const type = KIND_TYPE[kind];
  try {
    return await transaction(ctx, async (tx) => {
      const existing = await repo.premiumById(tx.db, type, id);
      if (!existing) throw notFound();
      const before = await getPremium(tx, kind, id);
      const prepared = await preparePremium(tx, type, body, existing);
      if (Object.keys(prepared.columns).length) await repo.updatePremium(tx.db, id, prepared.columns);
      await savePremiumLinks(tx, id, prepared);
      const after = await getPremium(tx, kind, id);
      await audit(tx, { entity: 'premium', id, action: 'update', before, after });
      return after;
    });
  } catch (err) {
    rethrowUnique(err, codeTaken);
  }
}

/**
 * Deletes a premium. A finish option that wood species offer is unlinked from them only when the
 * caller confirmed it (`unlink`); otherwise the answer is a 409 naming them, for the caller to ask.
 */
export async function deletePremium(ctx: Ctx, kind: PremiumKind, id: number, unlink = false) {
  if (!kindCanDelete(kind)) throw methodNotAllowed(MSG.finishedSideDeleteRefused);
  const type = KIND_TYPE[kind];
  return transaction(ctx, async (tx) => {
    if (!(await repo.lockPremium(tx.db, type, id))) throw notFound();
    const before = await getPremium(tx, kind, id);
    const species = kind === 'finish_option' ? await repo.woodSpeciesOffering(tx.db, id) : [];
    if (species.length > 0 && !unlink) {
      // A question for the caller, not a failure to pop up: the web asks, then repeats with unlink.
      const codes = species.map((s) => s.code);
      throw new AppError(409, ERROR_CODES.finishOptionInUse, MSG.finishOptionInUse(before.code, codes), {
        wood_species: species,
        skip_common_handling: true,
      });
    }
    await images.deleteAllImages(tx, 'premium', [id]);
    await repo.deletePremium(tx.db, id);
    // The wood species lose the option with it (the link rows cascade): the trail says which.
    const trail = species.length > 0 ? { ...before, unlinked_wood_species: species } : before;
    await audit(tx, { entity: 'premium', id, action: 'delete', before: trail });
    return { detail: MSG.deleted(before.code) };
  });
}

// Images

const lockOf =
  (kind: PremiumKind): images.LockOwner =>
  (tx, id) =>
    repo.lockPremium(tx.db, KIND_TYPE[kind], id);

export async function addPremiumImages(ctx: Ctx, kind: PremiumKind, id: number, files: UploadedFile[]) {
  if (!(await repo.premiumById(ctx.db, KIND_TYPE[kind], id))) throw notFound();
  const prepared = await prepareImages(files, 'premium');
  return images.addImages(ctx, 'premium', id, prepared, lockOf(kind));
}

export const deletePremiumImage = (ctx: Ctx, kind: PremiumKind, id: number, imageId: number) =>
  images.deleteImage(ctx, 'premium', id, imageId, lockOf(kind));

export const movePremiumImage = (ctx: Ctx, kind: PremiumKind, id: number, body: images.MoveTarget) =>
  images.moveImage(ctx, 'premium', id, body, lockOf(kind));

// Validation of a premium combination (POST /api/catalog/validate/)

export async function validateCombination(
  ctx: PublicCtx,
  body: { door_styles: number[]; wood_species?: number | null; finish_option?: number | null },
) {
  const errors: string[] = [];
  const ids = [
    ...body.door_styles,
    ...(body.wood_species ? [body.wood_species] : []),
    ...(body.finish_option ? [body.finish_option] : []),
  ];
  const found = new Map((await repo.premiumsForValidate(ctx.db, ids)).map((p) => [p.id, p]));
  const expect = (id: number, type: PremiumType, label: string) => {
    const p = found.get(id);
    if (!p || p.type !== type) {
      errors.push(MSG.premiumNotFoundForValidate(label, id));
      return null;
    }
    return p;
  };
  const wood = body.wood_species ? expect(body.wood_species, 'WOOD_SPECIES', 'wood species') : null;
  const doors = body.door_styles.map((id) => expect(id, 'DOOR_STYLE', 'door style'));
  const finish = body.finish_option ? expect(body.finish_option, 'FINISH_OPTION', 'finish option') : null;
  if (!wood) return { errors };

  // An empty list means "not restricted" (docs/decisions/0006-catalogue-model.md).
  const doorLinks = await repo.doorWoodLinks(
    ctx.db,
    doors.filter((d) => d !== null).map((d) => d.id),
  );
  for (const door of doors) {
    if (!door) continue;
    const offered = doorLinks.filter((l) => l.doorStyleId === door.id).map((l) => l.woodSpeciesId);
    if (offered.length > 0 && !offered.includes(wood.id))
      errors.push(MSG.doorStyleNotInWoodSpecies(door.code, wood.code));
  }
  if (finish) {
    const finishes = await repo.woodFinishLinks(ctx.db, wood.id);
    if (finishes.length > 0 && !finishes.includes(finish.id))
      errors.push(MSG.finishNotForWoodSpecies(finish.code, wood.code));
  }
  return { errors: [...new Set(errors)] };
}
