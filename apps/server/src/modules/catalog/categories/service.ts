import type { Db, Executor } from '@cab/db';
import { ERROR_CODES, MSG, type PremiumType } from '@cab/shared';
import { fieldError, notFound } from '../../../http/errors.ts';
import { deleted, isUniqueViolation, orderBy, paging } from '../common.ts';
import * as repo from './repository.ts';

const wireCategory = (c: { id: number; name: string; categoryType: PremiumType }) => ({
  id: c.id,
  name: c.name,
  category_type: c.categoryType,
});

export async function listCategories(
  db: Db,
  query: {
    page?: number;
    page_size?: number;
    name?: string;
    category_type?: PremiumType;
    id?: number[];
    'id[]'?: number[];
    order_by?: string;
  },
) {
  const ids = [...(query.id ?? []), ...(query['id[]'] ?? [])];
  const where = repo.categoryWhere({
    name: query.name,
    type: query.category_type,
    ids: ids.length ? ids : undefined,
  });
  const order = orderBy(query.order_by, repo.CATEGORY_ORDER_KEYS, 'name', repo.CATEGORY_ORDER_KEYS.id);
  const { limit, offset } = paging(query, 50);
  const { rows, total } = await repo.listCategories(db, where, order, limit, offset);
  return { results: rows.map(wireCategory), total };
}

export async function getCategory(db: Db, id: number) {
  const row = await repo.categoryById(db, id);
  if (!row) throw notFound();
  return wireCategory(row);
}

export async function createCategory(db: Db, body: { name: string; category_type: PremiumType }) {
  try {
    return wireCategory(await repo.insertCategory(db, { name: body.name, categoryType: body.category_type }));
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError(ERROR_CODES.validation, 'name', MSG.nameTaken);
    throw err;
  }
}

export async function updateCategory(db: Db, id: number, body: { name?: string; category_type?: PremiumType }) {
  try {
    const row = await repo.updateCategory(db, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.category_type !== undefined ? { categoryType: body.category_type } : {}),
    });
    if (!row) throw notFound();
    return wireCategory(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError(ERROR_CODES.validation, 'name', MSG.nameTaken);
    throw err;
  }
}

export async function deleteCategory(db: Db, id: number) {
  const row = await repo.categoryById(db, id);
  if (!row || !(await repo.deleteCategory(db, id))) throw notFound();
  return deleted(row.name);
}

/**
 * Checks category ids exist and have the expected type(s); returns them. Field errors land on
 * `field` (the form's Categories/Category input).
 */
export async function checkCategories(db: Executor, ids: number[], types: PremiumType[], field: string) {
  const rows = await repo.categoriesByIds(db, ids);
  if (rows.length !== new Set(ids).size) throw fieldError(ERROR_CODES.validation, field, MSG.unknownCategory);
  const wrong = rows.find((r) => !types.includes(r.categoryType));
  if (wrong) throw fieldError(ERROR_CODES.validation, field, MSG.categoryTypeMismatch(types.join(' or ')));
  return rows;
}

// Premium groups

const wireGroup = (g: { id: number; name: string; premiumType: PremiumType; index: number }) => ({
  id: g.id,
  name: g.name,
  premium_type: g.premiumType,
  index: g.index,
});

export async function listPremiumGroups(db: Db, type: PremiumType | undefined) {
  return (await repo.listPremiumGroups(db, type)).map(wireGroup);
}

export async function createPremiumGroup(
  db: Db,
  queryType: PremiumType | undefined,
  body: { name: string; index?: number; premium_type?: PremiumType },
) {
  const type = queryType ?? body.premium_type;
  if (!type) throw fieldError(ERROR_CODES.validation, 'premium_type', MSG.required);
  try {
    return wireGroup(await repo.insertPremiumGroup(db, { name: body.name, premiumType: type, index: body.index ?? 0 }));
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError(ERROR_CODES.validation, 'name', MSG.nameTaken);
    throw err;
  }
}

export async function updatePremiumGroup(db: Db, id: number, body: { name?: string; index?: number }) {
  try {
    const row = await repo.updatePremiumGroup(db, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.index !== undefined ? { index: body.index } : {}),
    });
    if (!row) throw notFound();
    return wireGroup(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError(ERROR_CODES.validation, 'name', MSG.nameTaken);
    throw err;
  }
}

export async function checkPremiumGroup(db: Executor, id: number, type: PremiumType) {
  const row = await repo.premiumGroupById(db, id);
  if (!row) throw fieldError(ERROR_CODES.validation, 'premium_group', MSG.unknownPremiumGroup);
  if (row.premiumType !== type) throw fieldError(ERROR_CODES.validation, 'premium_group', MSG.premiumGroupTypeMismatch);
  return row;
}
