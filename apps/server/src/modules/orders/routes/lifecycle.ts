import { ordersApi } from '@cab/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type UploadedFile, withFiles, withMultipart } from '../../../http/multipart.ts';
import { route } from '../../../http/route.ts';
import type { Ctx } from '../../../kit/context.ts';
import * as files from '../conversation/files.ts';
import * as conversation from '../conversation/service.ts';
import { orderTimeline, termsOfUse } from '../conversation/timeline.ts';
import * as lifecycle from '../lifecycle/service.ts';
import { SUPPLEMENT_FIELD, submitAllowed, submitOrder } from '../lifecycle/submit.ts';
import { loadOrderRow } from '../reach.ts';

/** The order's files of a request, each at most the configured upload size (as the catalogue's uploads). */
const withOrderFiles = <T>(ctx: Ctx, req: FastifyRequest, use: (f: UploadedFile[]) => Promise<T>) =>
  withFiles(req, ctx.config.uploadMaxBytes, [files.FILES_FIELD, 'file'], use);

/** replace=true (or on/1) in a multipart form. */
const isTrue = (v: string | undefined) => v === 'true' || v === 'on' || v === '1';

/** Lifecycle, conversation, files, timeline and terms of use of an order (one route per contract). */
export function orderLifecycleRoutes(app: FastifyInstance) {
  // Lifecycle (status.ts is the one status writer)
  // A refused move (or an order out of reach) is answered before the upload is read.
  route(app, ordersApi.submit, async ({ ctx, params, req }) => {
    await submitAllowed(ctx, params.id);
    return withMultipart(req, ctx.config.uploadMaxBytes, SUPPLEMENT_FIELD, (content) =>
      submitOrder(ctx, params.id, content),
    );
  });
  // `body?.version`: these take no payload but the optional version (none, {} or an empty body).
  route(app, ordersApi.approve, ({ ctx, params, body }) => lifecycle.approveOrder(ctx, params.id, body?.version));
  route(app, ordersApi.decline, ({ ctx, params, body }) =>
    lifecycle.declineOrder(ctx, params.id, body.reason, body.version),
  );
  route(app, ordersApi.startEditing, ({ ctx, params, body }) => lifecycle.startEditing(ctx, params.id, body?.version));
  route(app, ordersApi.stopEditing, ({ ctx, params, body }) => lifecycle.stopEditing(ctx, params.id, body?.version));
  route(app, ordersApi.fix, ({ ctx, params, body }) => lifecycle.fixOrder(ctx, params.id, body?.version));
  route(app, ordersApi.clone, ({ ctx, params }) => lifecycle.cloneOrder(ctx, params.id));
  route(app, ordersApi.cancel, ({ ctx, params, body }) => lifecycle.cancelOrder(ctx, params.id, body?.version));

  // Comments, notes, to-dos
  route(app, ordersApi.comments, ({ ctx, params }) => conversation.listComments(ctx, params.id));
  route(app, ordersApi.addComment, ({ ctx, params, body }) => conversation.addComment(ctx, params.id, body.text));
  route(app, ordersApi.notes, ({ ctx, params }) => conversation.listNotes(ctx, params.id));
  route(app, ordersApi.updateOrderNote, ({ ctx, params, body }) => conversation.saveNote(ctx, params.id, body));
  route(app, ordersApi.resolveOrderNote, ({ ctx, params, body }) =>
    conversation.resolveNote(ctx, params.id, body.note_id),
  );
  route(app, ordersApi.todos, ({ ctx, params, query }) => conversation.listTodos(ctx, params.id, query));
  route(app, ordersApi.addTodo, ({ ctx, params, body }) => conversation.addTodo(ctx, params.id, body.text));
  route(app, ordersApi.completeTodo, ({ ctx, params, body }) =>
    conversation.completeTodo(ctx, params.id, params.todoId, body.is_completed),
  );
  route(app, ordersApi.deleteTodo, ({ ctx, params }) => conversation.deleteTodo(ctx, params.id, params.todoId));

  // Files and status documents
  route(app, ordersApi.files, ({ ctx, params }) => files.listFiles(ctx, params.id));
  route(app, ordersApi.fileDownload, ({ ctx, params, reply }) =>
    files.downloadFile(ctx, params.id, params.fileId, reply),
  );
  route(app, ordersApi.addFiles, async ({ ctx, params, req }) => {
    await loadOrderRow(ctx, params.id);
    return withMultipart(req, ctx.config.uploadMaxBytes, files.FILES_FIELD, ({ files: all, fields }) =>
      files.addFiles(
        ctx,
        params.id,
        all.filter((f) => f.field === files.FILES_FIELD || f.field === 'file'),
        { kind: 'FILE', replace: isTrue(fields.replace?.[0]) },
      ),
    );
  });
  route(app, ordersApi.addStatusDocs, async ({ ctx, params, req }) => {
    await loadOrderRow(ctx, params.id);
    return withOrderFiles(ctx, req, (all) => files.addFiles(ctx, params.id, all, { kind: 'STATUS_DOC' }));
  });

  // Timeline and terms
  route(app, ordersApi.timeline, ({ ctx, params }) => orderTimeline(ctx, params.id));
  route(app, ordersApi.termsOfUse, ({ ctx, params }) => termsOfUse(ctx, params.id));
}
