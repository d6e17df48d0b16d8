import type { Db, Executor } from '@cab/db';
import type { premiumBodySchema, premiumListQuerySchema, premiumPatchSchema } from '@cab/shared';
import {
  ERROR_CODES,
  exportCategoryLabel,
  KIND_TYPE,
  kindCanAdd,
  kindCanDelete,
  MSG,
  type Premium,
  type PremiumKind,
  type PremiumType,
  parseMoney,
  premiumTypeIssues,
  toWire,
} from '@cab/shared';
import type { z } from 'zod';
import { fieldError, notFound } from '../../../http/errors.ts';
import type { FileStorage } from '../../../storage/index.ts';
import { checkCategories, checkPremiumGroup } from '../categories/service.ts';
import {
  deleted,
  fieldErrors,
  idList,
  isUniqueViolation,
  mergeFilters,
  methodNotAllowed,
  orderBy,
  paging,
  requestedIds,
  resolveTags,
  type TagRef,
  textFilter,
} from '../common.ts';
import * as images from '../images.ts';
import * as repo from './repository.ts';

type ListQuery = z.output<typeof premiumListQuerySchema>;
type Body = z.output<typeof premiumBodySchema>;
type Patch = z.output<typeof premiumPatchSchema>;

const EMPTY_ATTRS = { outside_edge: '', panel_detail: '', inside_edge: '', route_pattern: '' };

export function toWirePremium(row: repo.PremiumRow, rel: Awaited<ReturnType<typeof repo.premiumRelations>>): Premium {
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

/** SPEC 9: premium lists show 10 a page, 50 in selection mode. */
const DEFAULT_PAGE_SIZE = 10;
const SELECTION_PAGE_SIZE = 50;

export async function listPremiums(db: Executor, kind: PremiumKind, rawQuery: ListQuery) {
  const query = mergeFilters(rawQuery);
  const type = KIND_TYPE[kind];
  const where = repo.premiumWhere({
    type,
    ids: requestedIds(query),
    code: textFilter(query.code),
    description: textFilter(query.description),
    categories: idList([...(query.categories ?? []), ...(query['categories[]'] ?? [])]),
    doorStyle: query.door_style ? Number(query.door_style) : undefined,
    woodSpecies: query.wood_species ? Number(query.wood_species) : undefined,
    premiumGroup: query.premium_group ? Number(query.premium_group) : undefined,
  });
  const order = orderBy(query.order_by, repo.PREMIUM_ORDER_KEYS, '-id', repo.PREMIUM_ORDER_KEYS.id);
  const { limit, offset } = paging(query, query.select ? SELECTION_PAGE_SIZE : DEFAULT_PAGE_SIZE);
  const [rows, total] = await Promise.all([
    repo.listPremiumRows(db, where, order, limit, offset),
    repo.countPremiums(db, where),
  ]);
  const rel = await repo.premiumRelations(
    db,
    rows.map((r) => r.id),
  );
  return { results: rows.map((r) => toWirePremium(r, rel)), total };
}

export async function getPremium(db: Executor, kind: PremiumKind, id: number): Promise<Premium> {
  const where = repo.premiumWhere({ type: KIND_TYPE[kind], ids: [id] });
  const [row] = await repo.listPremiumRows(db, where, [], 1, 0);
  if (!row) throw notFound();
  return toWirePremium(row, await repo.premiumRelations(db, [id]));
}

/** Every premium of a type with its relations (CSV export). */
export async function allPremiums(db: Executor, type: PremiumType): Promise<Premium[]> {
  const rows = await repo.listPremiumRows(
    db,
    repo.premiumWhere({ type }),
    orderBy('code', repo.PREMIUM_ORDER_KEYS, 'code', repo.PREMIUM_ORDER_KEYS.id),
    undefined,
    0,
  );
  const rel = await repo.premiumRelations(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toWirePremium(r, rel));
}

interface Prepared {
  columns: Partial<typeof import('@cab/db').schema.premiums.$inferInsert>;
  links: { categories?: number[]; finishOptions?: number[]; woodSpecies?: number[] };
  tags?: TagRef[];
}

/**
 * Checks a create or patch body against the type's rules and the database, and turns it into
 * columns and links. `existing` is the stored row for a patch (its values fill what is not sent).
 */
export async function preparePremium(
  db: Executor,
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
    columns.percentageBp = body.percentage === null ? null : parseMoney(body.percentage);
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
    if (body.premium_group !== null && check) await checkPremiumGroup(db, body.premium_group, type);
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
    if (check) await checkCategories(db, ids, [type], 'categories');
    links.categories = ids;
  }
  if (type === 'WOOD_SPECIES' && body.finish_options !== undefined) {
    links.finishOptions = check
      ? await checkLinked(db, 'FINISH_OPTION', body.finish_options, 'finish_options')
      : [...new Set(body.finish_options)];
  }
  if (type === 'DOOR_STYLE' && body.wood_species !== undefined) {
    links.woodSpecies = check
      ? await checkLinked(db, 'WOOD_SPECIES', body.wood_species, 'wood_species')
      : [...new Set(body.wood_species)];
  }
  return { columns, links, tags: body.tags?.map((t) => ({ name: t.name, value: t.value ?? null })) };
}

async function checkLinked(db: Executor, type: PremiumType, ids: number[], field: string) {
  const unique = [...new Set(ids)];
  const found = await repo.premiumIdsOfType(db, type, unique);
  const missing = unique.find((id) => !found.includes(id));
  if (missing !== undefined)
    throw fieldError(ERROR_CODES.validation, field, MSG.unknownPremium(field, String(missing)));
  return unique;
}

const codeTaken = () => fieldError(ERROR_CODES.validation, 'code', MSG.codeTaken);

export async function createPremium(db: Db, kind: PremiumKind, body: Body) {
  if (!kindCanAdd(kind)) throw methodNotAllowed(MSG.finishedSideAddRefused);
  const type = KIND_TYPE[kind];
  const prepared = await preparePremium(db, type, body, null);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const newId = await repo.insertPremium(tx, {
        premiumType: type,
        code: body.code,
        ...prepared.columns,
      });
      const tagIds = prepared.tags ? await resolveTags(tx, prepared.tags) : undefined;
      await repo.replaceLinks(tx, newId, { ...prepared.links, tagIds });
      return newId;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
  return getPremium(db, kind, id);
}

export async function updatePremium(db: Db, kind: PremiumKind, id: number, body: Patch) {
  const type = KIND_TYPE[kind];
  const existing = await repo.premiumById(db, type, id);
  if (!existing) throw notFound();
  const prepared = await preparePremium(db, type, body, existing);
  try {
    await db.transaction(async (tx) => {
      if (Object.keys(prepared.columns).length) await repo.updatePremium(tx, id, prepared.columns);
      const tagIds = prepared.tags ? await resolveTags(tx, prepared.tags) : undefined;
      await repo.replaceLinks(tx, id, { ...prepared.links, tagIds });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
  return getPremium(db, kind, id);
}

export async function deletePremium(db: Db, storage: FileStorage, kind: PremiumKind, id: number) {
  if (!kindCanDelete(kind)) throw methodNotAllowed(MSG.finishedSideDeleteRefused);
  const type = KIND_TYPE[kind];
  const existing = await repo.premiumById(db, type, id);
  if (!existing) throw notFound();
  const removed = await db.transaction(async (tx) => {
    const rows = await images.deleteImageRows(tx, 'premium', [id]);
    await repo.deletePremium(tx, id);
    return rows;
  });
  await images.removeFiles(storage, removed);
  return deleted(existing.code);
}

// Images

const lockOf = (kind: PremiumKind, id: number) => (tx: Executor) => repo.lockPremium(tx, KIND_TYPE[kind], id);

export async function addPremiumImages(
  db: Db,
  storage: FileStorage,
  kind: PremiumKind,
  id: number,
  files: images.UploadedFile[],
) {
  if (!(await repo.premiumById(db, KIND_TYPE[kind], id))) throw notFound();
  const prepared = await images.prepareImages(files, 'premium');
  return images.addImages(db, storage, 'premium', id, prepared, lockOf(kind, id));
}

export async function deletePremiumImage(db: Db, storage: FileStorage, kind: PremiumKind, id: number, imageId: number) {
  const result = await images.deleteImage(
    db,
    storage,
    imageId,
    (row) => row.ownerKind === 'premium' && row.ownerId === id,
    (tx) => repo.lockPremium(tx, KIND_TYPE[kind], id),
  );
  return result.images;
}

export async function movePremiumImage(
  db: Db,
  kind: PremiumKind,
  id: number,
  body: { moved: number; under?: number | null; above?: number | null; going_up?: boolean },
) {
  return images.moveImage(db, 'premium', id, body, lockOf(kind, id));
}

// Validation of a premium combination (POST /api/catalog/validate/)

export async function validateCombination(
  db: Db,
  body: { door_styles: number[]; wood_species?: number | null; finish_option?: number | null },
) {
  const errors: string[] = [];
  const ids = [
    ...body.door_styles,
    ...(body.wood_species ? [body.wood_species] : []),
    ...(body.finish_option ? [body.finish_option] : []),
  ];
  const found = new Map((await repo.premiumsForValidate(db, ids)).map((p) => [p.id, p]));
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
    db,
    doors.filter((d) => d !== null).map((d) => d.id),
  );
  for (const door of doors) {
    if (!door) continue;
    const offered = doorLinks.filter((l) => l.doorStyleId === door.id).map((l) => l.woodSpeciesId);
    if (offered.length > 0 && !offered.includes(wood.id))
      errors.push(MSG.doorStyleNotInWoodSpecies(door.code, wood.code));
  }
  if (finish) {
    const finishes = await repo.woodFinishLinks(db, wood.id);
    if (finishes.length > 0 && !finishes.includes(finish.id))
      errors.push(MSG.finishNotForWoodSpecies(finish.code, wood.code));
  }
  return { errors: [...new Set(errors)] };
}
