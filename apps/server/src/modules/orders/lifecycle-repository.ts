import { type Executor, schema } from '@cab/db';
import type { OrderStatus } from '@cab/shared';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { exactCount, type PageWindow, paginate } from '../../kit/list.ts';

/**
 * The SQL of the lifecycle, conversation, files and timeline parts of the orders module (the
 * order, group and item queries are in repository.ts).
 */
const { orders, orderComments, orderNotes, orderTodos, orderFiles, addresses, auditEvents, users } = schema;

export type OrderCommentRow = typeof orderComments.$inferSelect;
export type OrderNoteRow = typeof orderNotes.$inferSelect;
export type OrderTodoRow = typeof orderTodos.$inferSelect;
export type OrderFileRow = typeof orderFiles.$inferSelect;
export type NewOrderFile = typeof orderFiles.$inferInsert;
export type OrderFileKind = OrderFileRow['kind'];

const fullName = (t: typeof users) => sql<string>`trim(${t.firstName} || ' ' || ${t.lastName})`;

// ---------------------------------------------------------------------------------------------
// The status writer's compare-and-set (decision 0013)

/** The column that records when an order entered a status (decision 0018). */
const STATUS_TIME = {
  ORDERED: 'submittedAt',
  VERIFIED: 'verifiedAt',
  COMPLETED: 'completedAt',
  SHIPPED: 'shippedAt',
  CANCELLED: 'cancelledAt',
} as const satisfies Partial<Record<OrderStatus, keyof typeof orders.$inferInsert>>;

/**
 * Moves the order only if it still has the status and version it was read with; null when
 * another writer got there first. The only statement that writes status and in_editing_mode, and
 * the status timestamps: entering ORDERED, VERIFIED, COMPLETED, SHIPPED or CANCELLED stamps it.
 */
export async function compareAndSetStatus(
  db: Executor,
  id: number,
  read: { status: OrderStatus; version: number },
  to: { status: OrderStatus; inEditingMode: boolean },
) {
  const stamp = to.status !== read.status ? STATUS_TIME[to.status as keyof typeof STATUS_TIME] : undefined;
  const [row] = await db
    .update(orders)
    .set({
      status: to.status,
      inEditingMode: to.inEditingMode,
      ...(stamp ? { [stamp]: sql`now()` } : {}),
      version: sql`${orders.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, id), eq(orders.status, read.status), eq(orders.version, read.version)))
    .returning();
  return row ?? null;
}

/** An address of the customer or of the customer's company; null for anyone else's. */
export async function addressOfOwner(db: Executor, addressId: number, customerId: number, companyId: number | null) {
  const owner =
    companyId === null
      ? eq(addresses.userId, customerId)
      : or(eq(addresses.userId, customerId), eq(addresses.companyId, companyId));
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), owner));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Comments

export function commentsOf(db: Executor, orderId: number) {
  return db
    .select({ comment: orderComments, author: { id: users.id, fullName: fullName(users) } })
    .from(orderComments)
    .leftJoin(users, eq(users.id, orderComments.authorId))
    .where(eq(orderComments.orderId, orderId))
    .orderBy(asc(orderComments.id));
}
export type CommentWithAuthor = Awaited<ReturnType<typeof commentsOf>>[number];

export async function commentById(db: Executor, id: number) {
  const [row] = await db
    .select({ comment: orderComments, author: { id: users.id, fullName: fullName(users) } })
    .from(orderComments)
    .leftJoin(users, eq(users.id, orderComments.authorId))
    .where(eq(orderComments.id, id));
  return row ?? null;
}

export async function insertComment(db: Executor, values: typeof orderComments.$inferInsert) {
  const [row] = await db.insert(orderComments).values(values).returning({ id: orderComments.id });
  return row!.id;
}

// ---------------------------------------------------------------------------------------------
// Notes

const resolver = alias(users, 'resolver');

function noteQuery(db: Executor, where: SQL | undefined) {
  return db
    .select({
      note: orderNotes,
      author: { id: users.id, fullName: fullName(users) },
      resolvedBy: {
        id: resolver.id,
        fullName: sql<string>`trim(${resolver.firstName} || ' ' || ${resolver.lastName})`,
      },
    })
    .from(orderNotes)
    .leftJoin(users, eq(users.id, orderNotes.authorId))
    .leftJoin(resolver, eq(resolver.id, orderNotes.resolvedById))
    .where(where)
    .orderBy(asc(orderNotes.id));
}
export type NoteWithPeople = Awaited<ReturnType<typeof noteQuery>>[number];

export const notesOf = (db: Executor, orderId: number) => noteQuery(db, eq(orderNotes.orderId, orderId));

/** A note of this order (null for a note of another order). */
export async function noteOfOrder(db: Executor, orderId: number, noteId: number) {
  const [row] = await noteQuery(db, and(eq(orderNotes.orderId, orderId), eq(orderNotes.id, noteId)));
  return row ?? null;
}

export async function insertNote(db: Executor, values: typeof orderNotes.$inferInsert) {
  const [row] = await db.insert(orderNotes).values(values).returning({ id: orderNotes.id });
  return row!.id;
}

export async function updateNote(db: Executor, id: number, values: Partial<typeof orderNotes.$inferInsert>) {
  await db
    .update(orderNotes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(orderNotes.id, id));
}

// ---------------------------------------------------------------------------------------------
// To-dos

const completer = alias(users, 'completer');

function todoQuery(db: Executor, where: SQL | undefined) {
  return db
    .select({
      todo: orderTodos,
      createdBy: { id: users.id, fullName: fullName(users) },
      completedBy: {
        id: completer.id,
        fullName: sql<string>`trim(${completer.firstName} || ' ' || ${completer.lastName})`,
      },
    })
    .from(orderTodos)
    .leftJoin(users, eq(users.id, orderTodos.createdById))
    .leftJoin(completer, eq(completer.id, orderTodos.completedById))
    .where(where);
}
export type TodoWithPeople = Awaited<ReturnType<typeof todoQuery>>[number];

export function todoPage(db: Executor, orderId: number, isCompleted: boolean | undefined, window: PageWindow) {
  const where = and(
    eq(orderTodos.orderId, orderId),
    isCompleted === undefined ? undefined : eq(orderTodos.isCompleted, isCompleted),
  );
  return paginate(
    window,
    ({ limit, offset }) => todoQuery(db, where).orderBy(asc(orderTodos.id)).limit(limit).offset(offset),
    exactCount(db, orderTodos, where),
  );
}

export async function todoOfOrder(db: Executor, orderId: number, todoId: number) {
  const [row] = await todoQuery(db, and(eq(orderTodos.orderId, orderId), eq(orderTodos.id, todoId)));
  return row ?? null;
}

export async function insertTodo(db: Executor, values: typeof orderTodos.$inferInsert) {
  const [row] = await db.insert(orderTodos).values(values).returning({ id: orderTodos.id });
  return row!.id;
}

export async function updateTodo(db: Executor, id: number, values: Partial<typeof orderTodos.$inferInsert>) {
  await db.update(orderTodos).set(values).where(eq(orderTodos.id, id));
}

export async function deleteTodo(db: Executor, id: number) {
  await db.delete(orderTodos).where(eq(orderTodos.id, id));
}

// ---------------------------------------------------------------------------------------------
// Files

export const filesOf = (db: Executor, orderId: number) =>
  db.select().from(orderFiles).where(eq(orderFiles.orderId, orderId)).orderBy(asc(orderFiles.id));

export async function fileOfOrder(db: Executor, orderId: number, fileId: number) {
  const [row] = await db
    .select()
    .from(orderFiles)
    .where(and(eq(orderFiles.orderId, orderId), eq(orderFiles.id, fileId)));
  return row ?? null;
}

export async function insertFiles(db: Executor, values: NewOrderFile[]) {
  if (values.length) await db.insert(orderFiles).values(values);
}

/** Deletes the order's files of one kind; answers their storage keys. */
export function deleteFilesOfKind(db: Executor, orderId: number, kind: OrderFileKind) {
  return db
    .delete(orderFiles)
    .where(and(eq(orderFiles.orderId, orderId), eq(orderFiles.kind, kind)))
    .returning({ id: orderFiles.id, name: orderFiles.name, storageKey: orderFiles.storageKey });
}

// ---------------------------------------------------------------------------------------------
// Timeline: the audit trail of one order

/** The order's events, newest first; only `actions` when given. */
export function orderEvents(db: Executor, orderId: number, actions: readonly string[] | null, limit: number) {
  return db
    .select({ event: auditEvents, actor: { id: users.id, fullName: fullName(users) } })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(
      and(
        eq(auditEvents.entity, 'order'),
        eq(auditEvents.entityId, String(orderId)),
        actions ? inArray(auditEvents.action, [...actions]) : undefined,
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(limit);
}
