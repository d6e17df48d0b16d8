import { labelsApi } from '@cab/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../http/route.ts';
import { sendFile } from '../../kit/file-answer.ts';
import * as labels from './service.ts';

/**
 * The labels' file name: the whole order's, or with one label its barcode, with a few "-n-labels"
 * (issue 35: a one-label reprint was named as the whole order's file).
 */
function labelsFileName(order: number, mode: string, barcodes: readonly string[] | undefined): string {
  const base = `order-${order}-${mode}`;
  if (!barcodes?.length) return `${base}-labels`;
  return barcodes.length === 1 ? `${base}-label-${barcodes[0]}` : `${base}-${barcodes.length}-labels`;
}

/** A PDF shown in the browser. */
const sendPdf = <T>(reply: FastifyReply, name: string, pdf: Buffer): T =>
  sendFile(reply, { name: `${name}.pdf`, type: 'application/pdf', body: pdf, inline: true });

export function labelsRoutes(app: FastifyInstance) {
  route(app, labelsApi.dymoXmls, async ({ ctx, params, query, reply }) =>
    query.format === 'pdf'
      ? sendPdf(
          reply,
          labelsFileName(params.id, query.mode, query.barcodes),
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
