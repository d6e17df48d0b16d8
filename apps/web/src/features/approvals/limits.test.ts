import { companyApprovalsPatchSchema } from '@cab/shared';
import { describe, expect, it } from 'vitest';
import { bodyOf, valuesOf } from './limits.ts';

const current = {
  approval_required: 'OVER_LIMIT' as const,
  spending_limits: [
    { user: { id: 7, name: 'Eli Employee' }, limit: '2500.00', monthly_limit: null },
    { user: { id: 9, name: 'Nia New' }, limit: null, monthly_limit: '9000.00' },
  ],
};

describe('company approval settings: form and body', () => {
  it('shows no limit as an empty field and sends an empty field as null', () => {
    const values = valuesOf(current);
    expect(values.spending_limits).toEqual([
      { user: 7, limit: '2500.00', monthly_limit: '' },
      { user: 9, limit: '', monthly_limit: '9000.00' },
    ]);
    values.spending_limits[0] = { user: 7, limit: '  ', monthly_limit: '' };
    values.spending_limits[1] = { user: 9, limit: ' 150.5 ', monthly_limit: ' ' };
    expect(bodyOf(values)).toEqual({
      approval_required: 'OVER_LIMIT',
      spending_limits: [
        { user: 7, limit: null, monthly_limit: null },
        { user: 9, limit: '150.5', monthly_limit: null },
      ],
    });
  });

  it('builds a body the shared schema accepts, and one it refuses on the limit that is no amount', () => {
    expect(companyApprovalsPatchSchema.safeParse(bodyOf(valuesOf(current))).success).toBe(true);
    const bad = valuesOf(current);
    bad.spending_limits[1] = { user: 9, limit: 'lots', monthly_limit: '' };
    const result = companyApprovalsPatchSchema.safeParse(bodyOf(bad));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['spending_limits.1.limit']);
  });
});
