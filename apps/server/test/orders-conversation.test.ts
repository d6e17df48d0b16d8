import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type Endpoint, ORDER_TERMS_OF_USE, ORDER_TEXT, ordersApi, type Role } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition } from '../src/kit/file-answer.ts';
import { cleanFileName } from '../src/modules/orders/conversation/files.ts';
import {
  type Fixture,
  filePart,
  makeOrder,
  orderEvents,
  ROLES,
  send,
  setupFixture,
  submit,
  submitForm,
} from './orders-lifecycle-helpers.ts';

let f: Fixture;
let order: any;
beforeAll(async () => {
  f = await setupFixture();
  order = await makeOrder(f, 'PERSONAL', { name: 'Conversation' });
});
afterAll(() => f.close());

const call = (e: Endpoint, role: Role | null, params: Record<string, number>, body?: unknown, query?: any) =>
  f.t.call(e, { token: role ? f.tokens[role] : null, params, body, query });

const storedFilesOf = (orderId: number): string[] => {
  try {
    return readdirSync(path.join(f.dataDir, 'uploads', 'orders', String(orderId)));
  } catch {
    return [];
  }
};

describe('comments', () => {
  it('the customer and the shop talk on the order, oldest first, each comment an event', async () => {
    const o = await makeOrder(f);
    const a = await call(ordersApi.addComment, 'PERSONAL', { id: o.id }, { text: 'Can you do walnut?' });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body).toMatchObject({
      text: 'Can you do walnut?',
      author: { id: f.userIds.PERSONAL, full_name: 'Paula Price' },
    });
    const b = await call(ordersApi.addComment, 'STAFF', { id: o.id }, { text: 'Yes.' });
    expect(b.status).toBe(201);
    const list = await call(ordersApi.comments, 'PERSONAL', { id: o.id });
    expect(list.status).toBe(200);
    expect(list.body.results.map((c: any) => c.text)).toEqual(['Can you do walnut?', 'Yes.']);
    expect((await orderEvents(f, o.id, 'add_comment')).map((e) => e.actorId)).toEqual([
      f.userIds.PERSONAL,
      f.userIds.STAFF,
    ]);
  });

  it('answers 404 to another customer, and refuses an empty text', async () => {
    const o = await makeOrder(f);
    expect((await call(ordersApi.comments, 'BUSINESS_MANAGER', { id: o.id })).status).toBe(404);
    expect((await call(ordersApi.addComment, 'BUSINESS_EMPLOYEE', { id: o.id }, { text: 'hi' })).status).toBe(404);
    expect((await call(ordersApi.addComment, 'PERSONAL', { id: o.id }, { text: '' })).status).toBe(400);
    expect(await orderEvents(f, o.id, 'add_comment')).toHaveLength(0);
  });

  it("lets a manager talk on the employee's order", async () => {
    const o = await makeOrder(f, 'BUSINESS_EMPLOYEE');
    expect((await call(ordersApi.addComment, 'BUSINESS_MANAGER', { id: o.id }, { text: 'ok' })).status).toBe(201);
    expect((await call(ordersApi.comments, 'BUSINESS_EMPLOYEE', { id: o.id })).body.results).toHaveLength(1);
  });
});

describe('notes', () => {
  it('the shop adds, edits and resolves notes; a note of another order is not found', async () => {
    const o = await makeOrder(f);
    const other = await makeOrder(f);
    const add = await call(ordersApi.updateOrderNote, 'STAFF', { id: o.id }, { note: 'Check the wall height' });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body).toMatchObject({ note: 'Check the wall height', is_resolved: false, resolved_by: null });
    const noteId = add.body.id;
    const edit = await call(ordersApi.updateOrderNote, 'ADMIN', { id: o.id }, { note_id: noteId, note: 'Wall is 96"' });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ id: noteId, note: 'Wall is 96"', author: { id: f.userIds.STAFF } });
    const wrong = await call(ordersApi.updateOrderNote, 'ADMIN', { id: other.id }, { note_id: noteId, note: 'x' });
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe(ORDER_TEXT.noteNotFound);
    expect((await call(ordersApi.resolveOrderNote, 'ADMIN', { id: other.id }, { note_id: noteId })).status).toBe(404);
    const resolved = await call(ordersApi.resolveOrderNote, 'ADMIN', { id: o.id }, { note_id: noteId });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      is_resolved: true,
      resolved_by: { id: f.userIds.ADMIN, full_name: expect.any(String) },
    });
    expect(resolved.body.resolved_at).not.toBeNull();
    const list = await call(ordersApi.notes, 'STAFF', { id: o.id });
    expect(list.body.results).toHaveLength(1);
    expect(list.body.results[0].note).toBe('Wall is 96"');
    expect((await orderEvents(f, o.id)).map((e) => e.action).filter((a) => a.includes('note'))).toEqual([
      'add_note',
      'update_note',
      'resolve_note',
    ]);
    // Customers never see the notes.
    expect((await call(ordersApi.notes, 'PERSONAL', { id: o.id })).status).toBe(403);
  });
});

describe('to-dos', () => {
  it('adds, lists (paged, filtered), completes and deletes to-dos; one of another order is not found', async () => {
    const o = await makeOrder(f);
    const other = await makeOrder(f);
    const ids: number[] = [];
    for (const text of ['Order hinges', 'Call customer', 'Book truck']) {
      const res = await call(ordersApi.addTodo, 'STAFF', { id: o.id }, { text });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ text, is_completed: false, created_by: { id: f.userIds.STAFF } });
      ids.push(res.body.id);
    }
    const done = await call(ordersApi.completeTodo, 'ADMIN', { id: o.id, todoId: ids[1]! }, { is_completed: true });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ is_completed: true, completed_by: { id: f.userIds.ADMIN } });
    const open = await call(ordersApi.todos, 'STAFF', { id: o.id }, undefined, { is_completed: 'false' });
    expect(open.body.results.map((t: any) => t.text)).toEqual(['Order hinges', 'Book truck']);
    expect(open.body.total).toBe(2);
    const closed = await call(ordersApi.todos, 'STAFF', { id: o.id }, undefined, { is_completed: 'true' });
    expect(closed.body.results.map((t: any) => t.id)).toEqual([ids[1]]);
    const page = await call(ordersApi.todos, 'STAFF', { id: o.id }, undefined, { page: '2', page_size: '2' });
    expect(page.body).toMatchObject({ total: 3, results: [{ id: ids[2] }] });
    const undo = await call(ordersApi.completeTodo, 'ADMIN', { id: o.id, todoId: ids[1]! }, { is_completed: false });
    expect(undo.body).toMatchObject({ is_completed: false, completed_by: null, completed_at: null });

    expect(
      (await call(ordersApi.completeTodo, 'ADMIN', { id: other.id, todoId: ids[0]! }, { is_completed: true })).status,
    ).toBe(404);
    const delOther = await call(ordersApi.deleteTodo, 'ADMIN', { id: other.id, todoId: ids[0]! });
    expect(delOther.status).toBe(404);
    expect(delOther.body.message).toBe(ORDER_TEXT.todoNotFound);
    const del = await call(ordersApi.deleteTodo, 'STAFF', { id: o.id, todoId: ids[0]! });
    expect(del.status).toBe(200);
    expect((await call(ordersApi.todos, 'STAFF', { id: o.id })).body.total).toBe(2);
    expect((await orderEvents(f, o.id)).map((e) => e.action).filter((a) => a.includes('todo'))).toEqual([
      'add_todo',
      'add_todo',
      'add_todo',
      'complete_todo',
      'complete_todo',
      'delete_todo',
    ]);
  });
});

describe('files', () => {
  it('adds files, replaces them with replace=true (stored bytes removed) and keeps status documents', async () => {
    const o = await makeOrder(f);
    const first = await send(f, ordersApi.addFiles, f.tokens.PERSONAL, { id: o.id }, [
      filePart('plan.pdf', '%PDF-1 plan'),
      filePart('photo.jpg', 'jpegbytes'),
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.results.map((x: any) => [x.kind, x.name, x.content_type])).toEqual([
      ['FILE', 'plan.pdf', 'application/pdf'],
      ['FILE', 'photo.jpg', 'image/jpeg'],
    ]);
    expect(storedFilesOf(o.id)).toHaveLength(2);
    const doc = await send(f, ordersApi.addStatusDocs, f.tokens.STAFF, { id: o.id }, [
      filePart('signed.pdf', 'signed'),
    ]);
    expect(doc.status).toBe(200);
    expect(doc.body.results.at(-1)).toMatchObject({ kind: 'STATUS_DOC', status: 'BID', name: 'signed.pdf' });

    const replaced = await send(f, ordersApi.addFiles, f.tokens.PERSONAL, { id: o.id }, [
      { name: 'replace', value: 'true' },
      filePart('plan-v2.pdf', 'v2'),
    ]);
    expect(replaced.status).toBe(200);
    expect(replaced.body.results.map((x: any) => x.name)).toEqual(['signed.pdf', 'plan-v2.pdf']);
    expect(storedFilesOf(o.id)).toHaveLength(2);
    const events = await orderEvents(f, o.id);
    const last = events.at(-1)!;
    expect(last.action).toBe('add_files');
    expect(last.before).toMatchObject({ files: [{ name: 'plan.pdf' }, { name: 'photo.jpg' }] });
    expect(events.map((e) => e.action)).toContain('add_status_docs');

    // Download: the same bytes, as an attachment.
    const file = replaced.body.results[1];
    const res = await f.t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { authorization: `Token ${f.tokens.PERSONAL}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('v2');
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="plan-v2.pdf"; filename*=UTF-8''plan-v2.pdf`);
  });

  it('downloads with a safe Content-Disposition whatever the name, and never as a page', async () => {
    const o = await makeOrder(f);
    const evil = 'plan; d é<x>.html';
    const up = await send(f, ordersApi.addFiles, f.tokens.PERSONAL, { id: o.id }, [
      filePart(evil, '<script>x</script>'),
    ]);
    expect(up.status).toBe(200);
    const file = up.body.results[0];
    const res = await f.t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { authorization: `Token ${f.tokens.ADMIN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    const cd = String(res.headers['content-disposition']);
    expect(file.name).toBe(evil);
    expect(cd.startsWith('attachment; filename="plan; d _<x>.html";')).toBe(true);
    expect(cd).toContain(`filename*=UTF-8''${encodeURIComponent(evil)}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Names a browser sends percent-encoded, and folder parts or control characters.
    expect(contentDisposition('a"b\\c\r\n.pdf')).toBe(
      `attachment; filename="a_b_c__.pdf"; filename*=UTF-8''${encodeURIComponent('a"b\\c\r\n.pdf')}`,
    );
    expect(cleanFileName('C:\\Users\\me\\plan\u0000.pdf')).toBe('plan.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
  });

  it("answers 404 for a file of another order and for another customer's order; refuses no files and large files", async () => {
    const o = await makeOrder(f);
    const other = await makeOrder(f);
    const up = await send(f, ordersApi.addFiles, f.tokens.ADMIN, { id: o.id }, [filePart('x.txt', 'x')]);
    const fileId = up.body.results[0].id;
    expect((await call(ordersApi.fileDownload, 'ADMIN', { id: other.id, fileId })).status).toBe(404);
    expect((await call(ordersApi.fileDownload, 'BUSINESS_MANAGER', { id: o.id, fileId })).status).toBe(404);
    expect((await call(ordersApi.files, 'BUSINESS_EMPLOYEE', { id: o.id })).status).toBe(404);
    const none = await send(f, ordersApi.addFiles, f.tokens.PERSONAL, { id: o.id }, [
      { name: 'replace', value: 'true' },
    ]);
    expect(none.status).toBe(400);
    expect(none.body.fields.files).toEqual([ORDER_TEXT.filesRequired]);
    const big = await send(f, ordersApi.addFiles, f.tokens.PERSONAL, { id: o.id }, [
      filePart('big.bin', Buffer.alloc(250_000, 1)),
    ]);
    expect(big.status).toBe(413);
    const foreign = await send(f, ordersApi.addFiles, f.tokens.BUSINESS_MANAGER, { id: o.id }, [
      filePart('y.txt', 'y'),
    ]);
    expect(foreign.status).toBe(404);
    expect(
      (await send(f, ordersApi.addStatusDocs, f.tokens.PERSONAL, { id: o.id }, [filePart('y.txt', 'y')])).status,
    ).toBe(403);
    expect((await call(ordersApi.files, 'PERSONAL', { id: o.id })).body.results).toHaveLength(1);
    expect(storedFilesOf(o.id)).toHaveLength(1);
  });
});

describe('timeline', () => {
  it('shows the trail newest first with who did it; customers see moves and prices, not notes or to-dos', async () => {
    const o = await makeOrder(f);
    await call(ordersApi.updateOrderNote, 'STAFF', { id: o.id }, { note: 'internal' });
    await call(ordersApi.addTodo, 'STAFF', { id: o.id }, { text: 'internal' });
    expect((await submit(f, f.tokens.PERSONAL, o.id, submitForm(f))).status).toBe(200);
    expect((await call(ordersApi.approve, 'ADMIN', { id: o.id }, {})).status).toBe(200);

    const shop = await call(ordersApi.timeline, 'STAFF', { id: o.id });
    expect(shop.status).toBe(200);
    expect(shop.body.results.map((e: any) => e.action)).toEqual([
      'approve',
      'submit',
      'add_todo',
      'add_note',
      'create',
    ]);
    expect(shop.body.results[0]).toMatchObject({
      actor: { id: f.userIds.ADMIN, full_name: expect.any(String) },
      before: { status: 'ORDERED' },
      after: { status: 'VERIFIED' },
    });
    const ids = shop.body.results.map((e: any) => e.id);
    expect([...ids].sort((a: number, b: number) => b - a)).toEqual(ids);

    const customer = await call(ordersApi.timeline, 'PERSONAL', { id: o.id });
    expect(customer.body.results.map((e: any) => e.action)).toEqual(['approve', 'submit', 'create']);
    expect(customer.body.results[1].actor).toEqual({ id: f.userIds.PERSONAL, full_name: 'Paula Price' });
    expect((await call(ordersApi.timeline, 'BUSINESS_MANAGER', { id: o.id })).status).toBe(404);
  });
});

describe('terms of use', () => {
  it('answers the text and its version to whoever reaches the order', async () => {
    const res = await call(ordersApi.termsOfUse, 'PERSONAL', { id: order.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ text: ORDER_TERMS_OF_USE.text, version: ORDER_TERMS_OF_USE.version });
    expect(res.body.text.length).toBeGreaterThan(200);
    expect((await call(ordersApi.termsOfUse, 'BUSINESS_EMPLOYEE', { id: order.id })).status).toBe(404);
  });
});

describe('every endpoint x every role', () => {
  /** Each endpoint on the personal customer's order, with what a call needs. */
  const endpoints: [
    string,
    Endpoint,
    (role: Role) => Promise<{ params: Record<string, number>; body?: unknown; parts?: boolean }>,
  ][] = [
    ['comments', ordersApi.comments, async () => ({ params: { id: order.id } })],
    ['addComment', ordersApi.addComment, async () => ({ params: { id: order.id }, body: { text: 'hello' } })],
    ['notes', ordersApi.notes, async () => ({ params: { id: order.id } })],
    ['updateOrderNote', ordersApi.updateOrderNote, async () => ({ params: { id: order.id }, body: { note: 'n' } })],
    [
      'resolveOrderNote',
      ordersApi.resolveOrderNote,
      async () => {
        const n = await call(ordersApi.updateOrderNote, 'ADMIN', { id: order.id }, { note: 'to resolve' });
        return { params: { id: order.id }, body: { note_id: n.body.id } };
      },
    ],
    ['todos', ordersApi.todos, async () => ({ params: { id: order.id } })],
    ['addTodo', ordersApi.addTodo, async () => ({ params: { id: order.id }, body: { text: 't' } })],
    [
      'completeTodo',
      ordersApi.completeTodo,
      async () => {
        const td = await call(ordersApi.addTodo, 'ADMIN', { id: order.id }, { text: 'c' });
        return { params: { id: order.id, todoId: td.body.id }, body: { is_completed: true } };
      },
    ],
    [
      'deleteTodo',
      ordersApi.deleteTodo,
      async () => {
        const td = await call(ordersApi.addTodo, 'ADMIN', { id: order.id }, { text: 'd' });
        return { params: { id: order.id, todoId: td.body.id } };
      },
    ],
    ['files', ordersApi.files, async () => ({ params: { id: order.id } })],
    [
      'fileDownload',
      ordersApi.fileDownload,
      async () => {
        const up = await send(f, ordersApi.addFiles, f.tokens.ADMIN, { id: order.id }, [filePart('m.txt', 'm')]);
        return { params: { id: order.id, fileId: up.body.results.at(-1).id } };
      },
    ],
    ['addFiles', ordersApi.addFiles, async () => ({ params: { id: order.id }, parts: true })],
    ['addStatusDocs', ordersApi.addStatusDocs, async () => ({ params: { id: order.id }, parts: true })],
    ['timeline', ordersApi.timeline, async () => ({ params: { id: order.id } })],
    ['termsOfUse', ordersApi.termsOfUse, async () => ({ params: { id: order.id } })],
  ];

  it.each(endpoints)(
    '%s: 401, 403 outside the contract, 404 for customers who do not own it, 2xx otherwise',
    async (_n, e, prepare) => {
      const anon = await prepare('ADMIN');
      const res401 = anon.parts
        ? await send(f, e, null, anon.params, [filePart('a.txt', 'a')])
        : await f.t.call(e, { params: anon.params, body: anon.body });
      expect(res401.status).toBe(401);
      for (const role of ROLES) {
        const input = await prepare(role);
        const res = input.parts
          ? await send(f, e, f.tokens[role], input.params, [filePart('a.txt', 'a')])
          : await f.t.call(e, { token: f.tokens[role], params: input.params, body: input.body });
        const allowed = e.access === 'authenticated' || (e.access as readonly string[]).includes(role);
        const label = `${e.method} ${e.path} ${role}: ${JSON.stringify(res.body).slice(0, 200)}`;
        if (!allowed) expect(res.status, label).toBe(403);
        else if (role === 'BUSINESS_MANAGER' || role === 'BUSINESS_EMPLOYEE') expect(res.status, label).toBe(404);
        else expect([200, 201], label).toContain(res.status);
      }
    },
  );
});
