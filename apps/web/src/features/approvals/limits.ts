import type { CompanyApprovals } from '@cab/shared';

/** The settings form's values: the rule, and each employee's limits as typed ('' = no limit). */
export interface ApprovalsValues {
  approval_required: string;
  spending_limits: { user: number; limit: string; monthly_limit: string }[];
}

/** The PATCH body: every employee listed, so a limit emptied is sent as null (no limit). */
export interface CompanyApprovalsBody {
  approval_required: CompanyApprovals['approval_required'];
  spending_limits: { user: number; limit: string | null; monthly_limit: string | null }[];
}

/** An empty box is no limit (the API takes null for it, not ''). */
const typed = (limit: string) => (limit.trim() === '' ? null : limit.trim());

export function valuesOf(current: CompanyApprovals): ApprovalsValues {
  return {
    approval_required: current.approval_required,
    spending_limits: current.spending_limits.map((s) => ({
      user: s.user.id,
      limit: s.limit ?? '',
      monthly_limit: s.monthly_limit ?? '',
    })),
  };
}

export function bodyOf(values: ApprovalsValues): CompanyApprovalsBody {
  return {
    approval_required: values.approval_required as CompanyApprovalsBody['approval_required'],
    spending_limits: values.spending_limits.map(({ user, limit, monthly_limit }) => ({
      user,
      limit: typed(limit),
      monthly_limit: typed(monthly_limit),
    })),
  };
}
