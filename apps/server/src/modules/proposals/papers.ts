import type { Ctx, PublicCtx } from '../../kit/context.ts';
import { proposalPaper } from './pdf.ts';
import { publicAnswer, publicReading } from './public.ts';
import type * as repo from './repository.ts';
import { loadProposal } from './service.ts';
import { ownerOfOrder, settingsFor } from './settings.ts';

/** A proposal's paper for the dealer (GET /api/proposals/{id}/pdf/) or the client (by token). */
async function paperOf(ctx: PublicCtx, r: repo.ProposalReading) {
  const [answer, settings] = await Promise.all([publicAnswer(ctx, r), settingsFor(ctx, ownerOfOrder(r.p))]);
  const logo = settings.logoPath ? await ctx.storage.get(settings.logoPath) : null;
  return { name: `proposal-${answer.number}.pdf`, bytes: await proposalPaper(answer, logo) };
}

export const pdfOf = async (ctx: Ctx, id: number) => paperOf(ctx, await loadProposal(ctx, id));
export const publicPdf = async (ctx: PublicCtx, token: string) => paperOf(ctx, await publicReading(ctx, token));
