import { type categoryListQuerySchema, ERROR_CODES, MSG, type PremiumType } from '@cab/shared';
import type { z } from 'zod';
import type { Ctx, PublicCtx } from '../../../kit/context.ts';
import { fieldError, notFound } from '../../../kit/errors.ts';
import { orderBy, pageWindow } from '../../../kit/list.ts';
import { rethrowUnique, transaction } from '../../../kit/transaction.ts';
import { audit } from '../../audit/index.ts';
import { anyIds } from '../filters.ts';
import * as repo from './repository.ts';

const wireCategory = (c: { id: number; name: string; categoryType: PremiumType }) => ({
  id: c.id,
  name: c.name,
  category_type: c.categoryType,
});

const nameTaken = () => fieldError(ERROR_CODES.validation, 'name', MSG.nameTaken);

export async function listCategories(ctx: PublicCtx, query: z.output<typeof categoryListQuerySchema>) {
  const where = repo.categoryWhere({ name: query.name, type: query.category_type, ids: anyIds(query) });
  const order = orderBy(query.order_by, repo.CATEGORY_ORDER, 'name', repo.CATEGORY_ORDER.id);
  const { rows, total } = await repo.categoryPage(ctx.db, where, order, pageWindow(query));
  return { results: rows.map(wireCategory), total };
}

export async function getCategory(ctx: PublicCtx, id: number) {
  const row = await repo.categoryById(ctx.db, id);
  if (!row) throw notFound();
  return wireCategory(row);
}

export async function createCategory(ctx: Ctx, body: { name: string; category_type: PremiumType }) {
  try {
    return await transaction(ctx, async (tx) => {
      const after = wireCategory(
        await repo.insertCategory(tx.db, { name: body.name, categoryType: body.category_type }),
      );
      await audit(tx, { entity: 'category', id: after.id, action: 'create', after });
      return after;
    });
  } catch (err) {
    rethrowUnique(err, nameTaken);
  }
}

export async function updateCategory(ctx: Ctx, id: number, body: { name?: string; category_type?: PremiumType }) {
  try {
    return await transaction(ctx, async (tx) => {
      const existing = await repo.categoryById(tx.db, id);
      if (!existing) throw notFound();
      const values = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.category_type !== undefined ? { categoryType: body.category_type } : {}),
      };
      // An empty PATCH changes nothing (an UPDATE with nothing to set is an SQL error).
      if (Object.keys(values).length === 0) return wireCategory(existing);
      const row = await repo.updateCategory(tx.db, id, values);
      if (!row) throw notFound();
      const after = wireCategory(row);
      await audit(tx, { entity: 'category', id, action: 'update', before: wireCategory(existing), after });
      return after;
    });
  } catch (err) {
    rethrowUnique(err, nameTaken);
  }
}

export async function deleteCategory(ctx: Ctx, id: number) {
  return transaction(ctx, async (tx) => {
    const row = await repo.deleteCategory(tx.db, id);
    if (!row) throw notFound();
    await audit(tx, { entity: 'category', id, action: 'delete', before: wireCategory(row) });
    return { detail: MSG.deleted(row.name) };
  });
}

/**
 * Checks category ids exist and have the expected type(s); returns them. Field errors land on
 * `field` (the form's Categories/Category input).
 */
export async function checkCategories(ctx: PublicCtx, ids: number[], types: PremiumType[], field: string) {
  const rows = await repo.categoriesByIds(ctx.db, ids);
  if (rows.length !== new Set(ids).size) throw fieldError(ERROR_CODES.validation, field, MSG.unknownCategory);
  const wrong = rows.find((r) => !types.includes(r.categoryType));
  if (wrong) throw fieldError(ERROR_CODES.validation, field, MSG.categoryTypeMismatch(types.join(' or ')));
  return rows;
}

/** CSV imports: categories of a type by lower-cased name; the missing ones are created (and audited). */
export async function ensureCategories(ctx: Ctx, type: PremiumType, names: string[]) {
  return transaction(ctx, async (tx) => {
    const { map, created } = await repo.ensureCategories(tx.db, type, names);
    await audit(
      tx,
      ...created.map((c) => ({ entity: 'category' as const, id: c.id, action: 'create', after: wireCategory(c) })),
    );
    return map;
  });
}

// Premium groups

const wireGroup = (g: { id: number; name: string; premiumType: PremiumType; index: number }) => ({
  id: g.id,
  name: g.name,
  premium_type: g.premiumType,
  index: g.index,
});

export async function listPremiumGroups(ctx: PublicCtx, type: PremiumType | undefined) {
  return (await repo.listPremiumGroups(ctx.db, type)).map(wireGroup);
}

export async function createPremiumGroup(
  ctx: Ctx,
  queryType: PremiumType | undefined,
  body: { name: string; index?: number; premium_type?: PremiumType },
) {
  const type = queryType ?? body.premium_type;
  if (!type) throw fieldError(ERROR_CODES.validation, 'premium_type', MSG.required);
  try {
    return await transaction(ctx, async (tx) => {
      const after = wireGroup(
        await repo.insertPremiumGroup(tx.db, { name: body.name, premiumType: type, index: body.index ?? 0 }),
      );
      await audit(tx, { entity: 'premium_group', id: after.id, action: 'create', after });
      return after;
    });
  } catch (err) {
    rethrowUnique(err, nameTaken);
  }
}

export async function updatePremiumGroup(ctx: Ctx, id: number, body: { name?: string; index?: number }) {
  try {
    return await transaction(ctx, async (tx) => {
      const existing = await repo.premiumGroupById(tx.db, id);
      if (!existing) throw notFound();
      const values = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.index !== undefined ? { index: body.index } : {}),
      };
      if (Object.keys(values).length === 0) return wireGroup(existing);
      const row = await repo.updatePremiumGroup(tx.db, id, values);
      if (!row) throw notFound();
      const after = wireGroup(row);
      await audit(tx, { entity: 'premium_group', id, action: 'update', before: wireGroup(existing), after });
      return after;
    });
  } catch (err) {
    rethrowUnique(err, nameTaken);
  }
}

export async function checkPremiumGroup(ctx: PublicCtx, id: number, type: PremiumType) {
  const row = await repo.premiumGroupById(ctx.db, id);
  if (!row) throw fieldError(ERROR_CODES.validation, 'premium_group', MSG.unknownPremiumGroup);
  if (row.premiumType !== type) throw fieldError(ERROR_CODES.validation, 'premium_group', MSG.premiumGroupTypeMismatch);
  return row;
}

/** CSV imports: premium groups of a type by lower-cased name; the missing ones are created (and audited). */
export async function ensurePremiumGroups(ctx: Ctx, type: PremiumType, names: string[]) {
  return transaction(ctx, async (tx) => {
    const { map, created } = await repo.ensurePremiumGroups(tx.db, type, names);
    await audit(
      tx,
      ...created.map((g) => ({ entity: 'premium_group' as const, id: g.id, action: 'create', after: wireGroup(g) })),
    );
    return map;
  });
}
