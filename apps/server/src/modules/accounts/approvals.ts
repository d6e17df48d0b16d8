import {
  APPROVAL_TEXT,
  type ApprovalRule,
  type Cents,
  type CompanyApprovals,
  type companyApprovalsPatchSchema,
  parseMoney,
  toWire,
} from '@cab/shared';
import type { z } from 'zod';
import type { Ctx } from '../../kit/context.ts';
import { fieldErrors, permissionDenied } from '../../kit/errors.ts';
import { transaction } from '../../kit/transaction.ts';
import { audit } from '../audit/index.ts';
import { updateUser } from '../auth/index.ts';
import { employeesOf } from './approvals-repository.ts';
import { companyNotFound, isAdmin, isManagerOf, isMemberOf } from './common.ts';
import * as repo from './repository.ts';

/**
 * GET / PATCH companies/{id}/approvals/ (issue 30): the company's approval rule and its
 * employees' spending limits. ADMIN, or the company's own manager; its employees are refused
 * (403: the company is theirs, the setting is not), anyone else gets 404, as the company profile.
 */

async function target(ctx: Ctx, id: number) {
  const { actor } = ctx;
  if (!isAdmin(actor) && !isManagerOf(actor, id)) {
    if (isMemberOf(actor, id)) throw permissionDenied();
    throw companyNotFound();
  }
  const company = await repo.findCompany(ctx.db, id);
  if (!company) throw companyNotFound();
  return company;
}

const wireLimit = (cents: Cents | null) => (cents === null ? null : toWire(cents));
/** A limit as sent: undefined = left as it is, null = no limit. */
const limitOf = (sent: string | number | null | undefined) =>
  sent === undefined ? undefined : sent === null ? null : (parseMoney(sent) as Cents);

async function answer(ctx: Ctx, rule: ApprovalRule, companyId: number): Promise<CompanyApprovals> {
  const employees = await employeesOf(ctx.db, companyId);
  return {
    approval_required: rule,
    spending_limits: employees.map((e) => ({
      user: { id: e.id, name: e.name },
      limit: wireLimit(e.spendingLimit),
      monthly_limit: wireLimit(e.monthlySpendingLimit),
    })),
  };
}

export async function companyApprovals(ctx: Ctx, id: number): Promise<CompanyApprovals> {
  const company = await target(ctx, id);
  return answer(ctx, company.approvalRequired, id);
}

export async function updateCompanyApprovals(
  ctx: Ctx,
  id: number,
  body: z.output<typeof companyApprovalsPatchSchema>,
): Promise<CompanyApprovals> {
  const company = await target(ctx, id);
  return transaction(ctx, async (tx) => {
    const employees = new Map((await employeesOf(tx.db, id)).map((e) => [e.id, e]));
    // Only the company's employees have a limit (a manager is never asked): field errors name each.
    const errors: Record<string, string[]> = {};
    const seen = new Set<number>();
    for (const [i, entry] of (body.spending_limits ?? []).entries()) {
      if (!employees.has(entry.user)) errors[`spending_limits.${i}.user`] = [APPROVAL_TEXT.notEmployee];
      else if (seen.has(entry.user)) errors[`spending_limits.${i}.user`] = [APPROVAL_TEXT.duplicateUser];
      seen.add(entry.user);
    }
    if (Object.keys(errors).length) throw fieldErrors(errors);

    const before = await answer(tx, company.approvalRequired, id);
    const rule = body.approval_required ?? company.approvalRequired;
    if (rule !== company.approvalRequired) await repo.updateCompany(tx.db, id, { approvalRequired: rule });
    for (const entry of body.spending_limits ?? []) {
      const was = employees.get(entry.user)!;
      const limit = limitOf(entry.limit);
      const monthly = limitOf(entry.monthly_limit);
      const change = {
        ...(limit !== undefined && limit !== was.spendingLimit ? { spendingLimit: limit } : {}),
        ...(monthly !== undefined && monthly !== was.monthlySpendingLimit ? { monthlySpendingLimit: monthly } : {}),
      };
      if (Object.keys(change).length) await updateUser(tx.db, entry.user, change);
    }
    const after = await answer(tx, rule, id);
    await audit(tx, { entity: 'company', id, action: 'update_approvals', before, after });
    return after;
  });
}
