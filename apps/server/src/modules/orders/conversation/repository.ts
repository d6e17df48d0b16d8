import { type Executor, schema } from '@cab/db';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { exactCount, type PageWindow, paginate } from '../../../kit/list.ts';

/**
 * The SQL of the conversation around an order: comments, notes, to-dos, files and the timeline.
 * The authors' names are joined in the same statement (decision 0023).
 */
const { orderComments, orderNotes, orderTodos, orderFiles, auditEvents, users } = schema;

export type OrderCommentRow = typeof orderComments.$inferSelect;
export type OrderNoteRow = typeof orderNotes.$inferSelect;
export type OrderTodoRow = typeof orderTodos.$inferSelect;
export type OrderFileRow = typeof orderFiles.$inferSelect;
export type NewOrderFile = typeof orderFiles.$inferInsert;
export type OrderFileKind = OrderFileRow['kind'];

const fullName = (t: typeof users) => sql<string>`trim(${t.firstName} || ' ' || ${t.lastName})`;

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
