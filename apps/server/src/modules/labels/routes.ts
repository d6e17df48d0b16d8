import { labelsApi } from '@cab/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../http/route.ts';
import { sendFile } from '../../kit/file-answer.ts';
import * as labels from './service.ts';

/** A PDF shown in the browser. */
const sendPdf = <T>(reply: FastifyReply, name: string, pdf: Buffer): T =>
  sendFile(reply, { name: `${name}.pdf`, type: 'application/pdf', body: pdf, inline: true });

export function labelsRoutes(app: FastifyInstance) {
  route(app, labelsApi.dymoXmls, async ({ ctx, params, query, reply }) =>
    query.format === 'pdf'
      ? sendPdf(
          reply,
          `order-${params.id}-${query.mode}-labels`,
          await labels.labelsPdfOf(ctx, params.id, query.mode, query.barcodes),
        )
      : labels.dymoXmls(ctx, params.id, query.mode, query.barcodes),
  );
  route(app, labelsApi.shelfList, async ({ ctx, params, query, reply }) =>
    query.format === 'pdf'
      ? sendPdf(reply, `order-${params.id}-shelf-list`, await labels.shelfListPdfOf(ctx, params.id))
      : labels.shelfList(ctx, params.id),
  );
  route(app, labelsApi.labelPrints, ({ ctx, params }) => labels.labelPrintsOf(ctx, params.id));
  route(app, labelsApi.printList, ({ ctx, body }) => labels.printList(ctx, body));
  route(app, labelsApi.printSession, ({ ctx, body }) => labels.printSession(ctx, body.session));
}
