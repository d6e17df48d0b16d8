import { type Executor, schema } from '@cab/db';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { exactCount, type PageWindow, paginate } from '../../../kit/list.ts';

/**
 * The SQL of the conversation around an order: comments, notes, to-dos and files (order_comments,
 * order_notes, order_todos, order_files). The people they name are read through auth (userNames).
 */
const { orderComments, orderNotes, orderTodos, orderFiles } = schema;

export type OrderCommentRow = typeof orderComments.$inferSelect;
export type OrderNoteRow = typeof orderNotes.$inferSelect;
export type OrderTodoRow = typeof orderTodos.$inferSelect;
export type OrderFileRow = typeof orderFiles.$inferSelect;
export type NewOrderFile = typeof orderFiles.$inferInsert;
export type OrderFileKind = OrderFileRow['kind'];

type OrderEntry = typeof orderComments | typeof orderNotes | typeof orderTodos;

/** The order's entries of one kind, oldest first; only `entryId` when given (an entry of another order: none). */
function entriesOf<T extends OrderEntry>(db: Executor, table: T, orderId: number, entryId?: number) {
  const t = table as PgTable & { orderId: PgColumn; id: PgColumn };
  return db
    .select()
    .from(t)
    .where(and(eq(t.orderId, orderId), entryId === undefined ? undefined : eq(t.id, entryId)))
    .orderBy(asc(t.id)) as unknown as Promise<T['$inferSelect'][]>;
}

async function insertEntry<T extends OrderEntry>(db: Executor, table: T, values: T['$inferInsert']) {
  const [row] = await db
    .insert(table as PgTable)
    .values(values)
    .returning({ id: (table as unknown as { id: PgColumn }).id });
  return row!.id as number;
}

// ---------------------------------------------------------------------------------------------
// Comments

export const commentsOf = (db: Executor, orderId: number) => entriesOf(db, orderComments, orderId);

export async function commentOfOrder(db: Executor, orderId: number, id: number) {
  const [row] = await entriesOf(db, orderComments, orderId, id);
  return row ?? null;
}

export const insertComment = (db: Executor, values: typeof orderComments.$inferInsert) =>
  insertEntry(db, orderComments, values);

// ---------------------------------------------------------------------------------------------
// Notes

export const notesOf = (db: Executor, orderId: number) => entriesOf(db, orderNotes, orderId);

/** A note of this order (null for a note of another order). */
export async function noteOfOrder(db: Executor, orderId: number, noteId: number) {
  const [row] = await entriesOf(db, orderNotes, orderId, noteId);
  return row ?? null;
}

export const insertNote = (db: Executor, values: typeof orderNotes.$inferInsert) => insertEntry(db, orderNotes, values);

export async function updateNote(db: Executor, id: number, values: Partial<typeof orderNotes.$inferInsert>) {
  await db
    .update(orderNotes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(orderNotes.id, id));
}

// ---------------------------------------------------------------------------------------------
// To-dos

export function todoPage(db: Executor, orderId: number, isCompleted: boolean | undefined, window: PageWindow) {
  const where: SQL | undefined = and(
    eq(orderTodos.orderId, orderId),
    isCompleted === undefined ? undefined : eq(orderTodos.isCompleted, isCompleted),
  );
  return paginate(
    window,
    ({ limit, offset }) =>
      db.select().from(orderTodos).where(where).orderBy(asc(orderTodos.id)).limit(limit).offset(offset),
    exactCount(db, orderTodos, where),
  );
}

export async function todoOfOrder(db: Executor, orderId: number, todoId: number) {
  const [row] = await entriesOf(db, orderTodos, orderId, todoId);
  return row ?? null;
}

export const insertTodo = (db: Executor, values: typeof orderTodos.$inferInsert) => insertEntry(db, orderTodos, values);

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
