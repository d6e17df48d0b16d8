import { proposalsApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { withUploads } from '../../http/multipart.ts';
import { route } from '../../http/route.ts';
import { sendCsv, sendFile } from '../../kit/file-answer.ts';
import { pdfOf, publicPdf } from './papers.ts';
import { acceptPublic, declinePublic, limitPublicCalls, openPublic, publicLogo } from './public.ts';
import { proposalReport, reportCsv } from './report.ts';
import * as service from './service.ts';
import * as settings from './settings.ts';

const pdfAnswer = <T>(reply: Parameters<typeof sendFile>[0], file: { name: string; bytes: Buffer }) =>
  sendFile<T>(reply, { name: file.name, type: 'application/pdf', body: file.bytes, inline: true });

/** Dealer proposals (issue 37): one line per contract; the public ones limited per token and IP. */
export function proposalsRoutes(app: FastifyInstance) {
  const api = proposalsApi;
  route(app, api.create, ({ ctx, params, body }) => service.createProposal(ctx, params.id, body));
  route(app, api.ofOrder, ({ ctx, params }) => service.proposalsOfOrder(ctx, params.id));
  route(app, api.list, ({ ctx, query }) => service.listProposals(ctx, query));
  route(app, api.report, async ({ ctx, query, reply }) => {
    const results = await proposalReport(ctx, query);
    if (query.format !== 'csv') return { results };
    return sendCsv(reply, 'proposals-report', reportCsv(results));
  });
  route(app, api.detail, ({ ctx, params }) => service.getProposal(ctx, params.id));
  route(app, api.update, ({ ctx, params, body }) => service.updateProposal(ctx, params.id, body));
  route(app, api.send, ({ ctx, params }) => service.sendProposal(ctx, params.id));
  route(app, api.newVersion, ({ ctx, params }) => service.newVersion(ctx, params.id));
  route(app, api.withdraw, ({ ctx, params }) => service.withdrawProposal(ctx, params.id));
  route(app, api.pdf, async ({ ctx, params, reply }) => pdfAnswer(reply, await pdfOf(ctx, params.id)));

  route(app, api.companySettings, ({ ctx, params }) => settings.getCompanySettings(ctx, params.id));
  route(app, api.updateCompanySettings, ({ ctx, params, body }) =>
    settings.updateCompanySettings(ctx, params.id, body),
  );
  route(app, api.mySettings, ({ ctx }) => settings.getMySettings(ctx));
  route(app, api.updateMySettings, ({ ctx, body }) => settings.updateMySettings(ctx, body));
  withUploads(app, (logos) => {
    route(logos, api.companyLogo, ({ ctx, params, req }) => settings.uploadCompanyLogo(ctx, params.id, req));
    route(logos, api.myLogo, ({ ctx, req }) => settings.uploadMyLogo(ctx, req));
  });

  app.register(async (open) => {
    limitPublicCalls(open);
    route(open, api.publicDetail, ({ ctx, params }) => openPublic(ctx, params.token));
    route(open, api.publicAccept, ({ ctx, params, body, req }) =>
      acceptPublic(ctx, params.token, body.name, { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' }),
    );
    route(open, api.publicDecline, ({ ctx, params, body }) => declinePublic(ctx, params.token, body?.note ?? ''));
    route(open, api.publicPdf, async ({ ctx, params, reply }) => pdfAnswer(reply, await publicPdf(ctx, params.token)));
    route(open, api.publicLogo, async ({ ctx, params, reply }) => {
      const logo = await publicLogo(ctx, params.token);
      reply.type(logo.type).header('cache-control', 'private, max-age=300').header('x-content-type-options', 'nosniff');
      return logo.bytes as never;
    });
  });
}
