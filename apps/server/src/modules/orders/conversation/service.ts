import type { Executor } from '@cab/db';
import {
  ORDER_TEXT,
  type orderCommentSchema,
  type orderNoteSchema,
  type orderTodoSchema,
  type orderTodosQuerySchema,
} from '@cab/shared';
import type { z } from 'zod';
import type { Ctx } from '../../../kit/context.ts';
import { notFound } from '../../../kit/errors.ts';
import { pageWindow } from '../../../kit/list.ts';
import { transaction } from '../../../kit/transaction.ts';
import { audit } from '../../audit/index.ts';
import { userNames } from '../../auth/index.ts';
import { loadOrderRow } from '../reach.ts';
import * as repo from './repository.ts';

/**
 * The conversation around an order: comments between the customer and the shop, the shop's notes
 * (resolved when dealt with) and to-dos. Each write is an event on the order's trail (entity
 * 'order', its own action), so the timeline shows it; notes and to-dos only to the shop.
 */
type Comment = z.infer<typeof orderCommentSchema>;
type Note = z.infer<typeof orderNoteSchema>;
type Todo = z.infer<typeof orderTodoSchema>;

/** A person an entry names, by id: null when none (or the user is gone). */
type People = (id: number | null) => { id: number; full_name: string } | null;

/** `rows` on the wire with the names of the people they name (one read through auth). */
async function withPeople<R, W>(
  db: Executor,
  rows: readonly R[],
  idsOf: (row: R) => (number | null)[],
  toWire: (row: R, people: People) => W,
): Promise<W[]> {
  const names = await userNames(
    db,
    rows.flatMap(idsOf).filter((id): id is number => id !== null),
  );
  const people: People = (id) => (id === null || !names.has(id) ? null : { id, full_name: names.get(id) ?? '' });
  return rows.map((row) => toWire(row, people));
}

const toWireComment = (c: repo.OrderCommentRow, people: People): Comment => ({
  id: c.id,
  text: c.text,
  author: people(c.authorId),
  created_at: c.createdAt.toISOString(),
});

const toWireNote = (n: repo.OrderNoteRow, people: People): Note => ({
  id: n.id,
  note: n.note,
  is_resolved: n.isResolved,
  author: people(n.authorId),
  resolved_by: people(n.resolvedById),
  resolved_at: n.resolvedAt?.toISOString() ?? null,
  created_at: n.createdAt.toISOString(),
});

const toWireTodo = (t: repo.OrderTodoRow, people: People): Todo => ({
  id: t.id,
  text: t.text,
  is_completed: t.isCompleted,
  created_by: people(t.createdById),
  completed_by: people(t.completedById),
  completed_at: t.completedAt?.toISOString() ?? null,
  created_at: t.createdAt.toISOString(),
});

const commentsToWire = (db: Executor, rows: readonly repo.OrderCommentRow[]) =>
  withPeople(db, rows, (c) => [c.authorId], toWireComment);
const notesToWire = (db: Executor, rows: readonly repo.OrderNoteRow[]) =>
  withPeople(db, rows, (n) => [n.authorId, n.resolvedById], toWireNote);
const todosToWire = (db: Executor, rows: readonly repo.OrderTodoRow[]) =>
  withPeople(db, rows, (t) => [t.createdById, t.completedById], toWireTodo);

/** One entry on the wire (it exists: it was just written or checked). */
const one = async <W>(wired: Promise<W[]>): Promise<W> => (await wired)[0]!;

// ---------------------------------------------------------------------------------------------
// Comments: the customer on an order they reach, the shop on every order

export async function listComments(ctx: Ctx, id: number): Promise<{ results: Comment[] }> {
  await loadOrderRow(ctx, id);
  return { results: await commentsToWire(ctx.db, await repo.commentsOf(ctx.db, id)) };
}

export async function addComment(ctx: Ctx, id: number, text: string): Promise<Comment> {
  return transaction(ctx, async (tx) => {
    await loadOrderRow(tx, id, tx.db);
    const commentId = await repo.insertComment(tx.db, { orderId: id, authorId: ctx.actor.id, text });
    const comment = await one(commentsToWire(tx.db, [(await repo.commentOfOrder(tx.db, id, commentId))!]));
    await audit(tx, {
      entity: 'order',
      id,
      action: 'add_comment',
      before: null,
      after: { comment_id: commentId, text },
    });
    return comment;
  });
}

// ---------------------------------------------------------------------------------------------
// Notes (shop)

export async function listNotes(ctx: Ctx, id: number): Promise<{ results: Note[] }> {
  await loadOrderRow(ctx, id);
  return { results: await notesToWire(ctx.db, await repo.notesOf(ctx.db, id)) };
}

const noteNotFound = () => notFound(ORDER_TEXT.noteNotFound);

/** update_order_note: a new note without note_id, else a change of that note of this order. */
export async function saveNote(ctx: Ctx, id: number, body: { note_id?: number; note: string }): Promise<Note> {
  return transaction(ctx, async (tx) => {
    await loadOrderRow(tx, id, tx.db);
    if (body.note_id === undefined) {
      const noteId = await repo.insertNote(tx.db, { orderId: id, authorId: ctx.actor.id, note: body.note });
      const after = await one(notesToWire(tx.db, [(await repo.noteOfOrder(tx.db, id, noteId))!]));
      await audit(tx, {
        entity: 'order',
        id,
        action: 'add_note',
        before: null,
        after: { note_id: noteId, note: body.note },
      });
      return after;
    }
    const before = await repo.noteOfOrder(tx.db, id, body.note_id);
    if (!before) throw noteNotFound();
    await repo.updateNote(tx.db, body.note_id, { note: body.note });
    await audit(tx, {
      entity: 'order',
      id,
      action: 'update_note',
      before: { note_id: body.note_id, note: before.note },
      after: { note_id: body.note_id, note: body.note },
    });
    return one(notesToWire(tx.db, [(await repo.noteOfOrder(tx.db, id, body.note_id))!]));
  });
}

export async function resolveNote(ctx: Ctx, id: number, noteId: number): Promise<Note> {
  return transaction(ctx, async (tx) => {
    await loadOrderRow(tx, id, tx.db);
    const before = await repo.noteOfOrder(tx.db, id, noteId);
    if (!before) throw noteNotFound();
    if (!before.isResolved) {
      await repo.updateNote(tx.db, noteId, { isResolved: true, resolvedById: ctx.actor.id, resolvedAt: new Date() });
      await audit(tx, {
        entity: 'order',
        id,
        action: 'resolve_note',
        before: { note_id: noteId, is_resolved: false },
        after: { note_id: noteId, is_resolved: true },
      });
    }
    return one(notesToWire(tx.db, [(await repo.noteOfOrder(tx.db, id, noteId))!]));
  });
}

// ---------------------------------------------------------------------------------------------
// To-dos (shop)

export async function listTodos(
  ctx: Ctx,
  id: number,
  query: z.output<typeof orderTodosQuerySchema>,
): Promise<{ results: Todo[]; total: number }> {
  await loadOrderRow(ctx, id);
  const page = await repo.todoPage(ctx.db, id, query.is_completed, pageWindow(query));
  return { results: await todosToWire(ctx.db, page.rows), total: page.total };
}

const todoNotFound = () => notFound(ORDER_TEXT.todoNotFound);

export async function addTodo(ctx: Ctx, id: number, text: string): Promise<Todo> {
  return transaction(ctx, async (tx) => {
    await loadOrderRow(tx, id, tx.db);
    const todoId = await repo.insertTodo(tx.db, { orderId: id, text, createdById: ctx.actor.id });
    await audit(tx, { entity: 'order', id, action: 'add_todo', before: null, after: { todo_id: todoId, text } });
    return one(todosToWire(tx.db, [(await repo.todoOfOrder(tx.db, id, todoId))!]));
  });
}

/** Ticks or unticks a to-do of this order (a to-do of another order: 404). */
export async function completeTodo(ctx: Ctx, id: number, todoId: number, isCompleted: boolean): Promise<Todo> {
  return transaction(ctx, async (tx) => {
    await loadOrderRow(tx, id, tx.db);
    const before = await repo.todoOfOrder(tx.db, id, todoId);
    if (!before) throw todoNotFound();
    if (before.isCompleted !== isCompleted) {
      await repo.updateTodo(tx.db, todoId, {
        isCompleted,
        completedById: isCompleted ? ctx.actor.id : null,
        completedAt: isCompleted ? new Date() : null,
      });
      await audit(tx, {
        entity: 'order',
        id,
        action: 'complete_todo',
        before: { todo_id: todoId, is_completed: before.isCompleted },
        after: { todo_id: todoId, is_completed: isCompleted },
      });
    }
    return one(todosToWire(tx.db, [(await repo.todoOfOrder(tx.db, id, todoId))!]));
  });
}

export async function deleteTodo(ctx: Ctx, id: number, todoId: number): Promise<{ detail: string }> {
  return transaction(ctx, async (tx) => {
    await loadOrderRow(tx, id, tx.db);
    const before = await repo.todoOfOrder(tx.db, id, todoId);
    if (!before) throw todoNotFound();
    await repo.deleteTodo(tx.db, todoId);
    await audit(tx, {
      entity: 'order',
      id,
      action: 'delete_todo',
      before: { todo_id: todoId, text: before.text, is_completed: before.isCompleted },
      after: null,
    });
    return { detail: ORDER_TEXT.todoDeleted };
  });
}
