import type { AuditEntity } from '@cab/shared';
import { type BasisPoints, type Cents, FINANCE_ERROR_CODES, MSG, parseMoney, parsePercent } from '@cab/shared';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { Ctx } from '../../../kit/context.ts';
import { type AppError, badRequest, notFound } from '../../../kit/errors.ts';
import { orderBy, pageWindow } from '../../../kit/list.ts';
import { isForeignKeyViolation, rethrowUnique, transaction } from '../../../kit/transaction.ts';
import { audit } from '../../audit/index.ts';
import * as repo from './repository.ts';

/**
 * One admin rule list (issue 17): list, detail, create, PATCH and DELETE of a rule table, each
 * write in a transaction with its audit event. A kind says how its body becomes columns (and
 * what it checks in the database), how a row goes on the wire, and what its conflicts mean.
 */
export interface RuleKind<T extends repo.RuleTable, W extends { id: number }, B, P, Q> {
  entity: AuditEntity;
  table: T;
  order: Record<string, AnyColumn>;
  /** order_by when none is asked. */
  fallbackOrder: string;
  where: (query: Q) => SQL | undefined;
  toWire: (row: T['$inferSelect']) => W;
  /** The columns a body or a PATCH sends (undefined where nothing was sent): `values` below. */
  columns: (body: B | P) => Partial<T['$inferInsert']>;
  /** The columns of a create body, after the checks the database answers. */
  insert: (tx: Ctx, body: B, values: Partial<T['$inferInsert']>) => Promise<T['$inferInsert']>;
  /** The columns a PATCH changes, checked against the stored row. */
  patch: (
    tx: Ctx,
    body: P,
    existing: T['$inferSelect'],
    values: Partial<T['$inferInsert']>,
  ) => Promise<Partial<T['$inferInsert']>>;
  /** What the delete answer names. */
  label: (row: T['$inferSelect']) => string;
  /** A unique violation (by constraint) as the field error it means. */
  taken?: (constraint: string | undefined) => AppError | undefined;
  /** The message when orders still reference the row (the delete is refused). */
  inUseMessage?: string;
}

export function ruleService<T extends repo.RuleTable, W extends { id: number }, B, P, Q>(
  kind: RuleKind<T, W, B, P, Q>,
) {
  const rethrow = (err: unknown): never => rethrowUnique(err, (c) => kind.taken?.(c));
  return {
    async list(ctx: Ctx, query: Q & { page: number; page_size: number; order_by?: string }) {
      const order = orderBy(query.order_by, kind.order, kind.fallbackOrder, kind.order.id!);
      const page = await repo.rulePage(ctx.db, kind.table, kind.where(query), order, pageWindow(query));
      return { results: page.rows.map(kind.toWire), total: page.total };
    },
    async get(ctx: Ctx, id: number): Promise<W> {
      const row = await repo.ruleById(ctx.db, kind.table, id);
      if (!row) throw notFound();
      return kind.toWire(row);
    },
    async create(ctx: Ctx, body: B): Promise<W> {
      try {
        return await transaction(ctx, async (tx) => {
          const after = kind.toWire(
            await repo.insertRule(tx.db, kind.table, await kind.insert(tx, body, sent(kind.columns(body)))),
          );
          await audit(tx, { entity: kind.entity, id: after.id, action: 'create', after });
          return after;
        });
      } catch (err) {
        return rethrow(err);
      }
    },
    async update(ctx: Ctx, id: number, body: P): Promise<W> {
      try {
        return await transaction(ctx, async (tx) => {
          const existing = await repo.ruleById(tx.db, kind.table, id, true);
          if (!existing) throw notFound();
          const row = await repo.updateRule(
            tx.db,
            kind.table,
            id,
            await kind.patch(tx, body, existing, sent(kind.columns(body))),
          );
          if (!row) throw notFound();
          const before = kind.toWire(existing);
          const after = kind.toWire(row);
          // A PATCH that changes nothing leaves no event.
          if (JSON.stringify(before) !== JSON.stringify(after)) {
            await audit(tx, { entity: kind.entity, id, action: 'update', before, after });
          }
          return after;
        });
      } catch (err) {
        return rethrow(err);
      }
    },
    async remove(ctx: Ctx, id: number) {
      try {
        return await transaction(ctx, async (tx) => {
          const existing = await repo.ruleById(tx.db, kind.table, id, true);
          if (!existing) throw notFound();
          await repo.deleteRule(tx.db, kind.table, id);
          await audit(tx, { entity: kind.entity, id, action: 'delete', before: kind.toWire(existing) });
          return { detail: MSG.deleted(kind.label(existing)) };
        });
      } catch (err) {
        // Orders keep the option or code they were priced with (the reference restricts the delete).
        if (kind.inUseMessage && isForeignKeyViolation(err)) {
          throw badRequest(FINANCE_ERROR_CODES.ruleInUse, kind.inUseMessage);
        }
        throw err;
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Wire values to stored ones: undefined stays undefined (not sent), null stays null.

export function bp(v: string | number | null | undefined): BasisPoints | null | undefined {
  if (v === undefined || v === null) return v;
  return parsePercent(v) as BasisPoints;
}

export function money(v: string | number | null | undefined): Cents | null | undefined {
  if (v === undefined || v === null) return v;
  return parseMoney(v) as Cents;
}

/** The sent entries of `values` only (a PATCH changes what it names). */
export function sent<V extends Record<string, unknown>>(values: V): Partial<V> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<V>;
}

/**
 * A create's columns: the same columns a PATCH sends, from the same mapping, with `defaults` for
 * what the body left out (the body's schema makes sure the required ones are there).
 */
export function created<I extends Record<string, unknown>>(values: Partial<I>, defaults: Partial<I>): I {
  return { ...defaults, ...sent(values) } as I;
}
