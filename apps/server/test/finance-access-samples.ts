import { financeApi } from '@cab/shared';

/**
 * Requests for every finance endpoint in the access matrix (access.test.ts): ids that do not
 * exist, so a permitted write answers 404 (or 400 for a reference to nothing) and changes little.
 */
export function financeSamples() {
  const none = { id: 999_999 };
  const option = {
    name: 'Access option',
    milestones: [{ label: 'All', percentage: '100.00', due: 'ON_APPROVAL' }],
  };
  const bodies: Record<string, unknown> = {
    paymentOptionCreate: option,
    paymentOptionUpdate: { name: 'x' },
    paymentRuleCreate: { payment_option: 999_999 },
    paymentRuleUpdate: { is_active: false },
    surchargeCreate: { name: 'Access fee', amount: '1.00' },
    surchargeUpdate: { name: 'x' },
    boundDiscountCreate: { customer: 999_999, percentage: '1' },
    boundDiscountUpdate: { notes: 'x' },
    discountCodeCreate: { code: 'ACCESS1', amount: '1.00' },
    discountCodeUpdate: { is_active: false },
    customerUpdateOverdueInterest: { enabled: false },
    companyUpdateOverdueInterest: { enabled: false },
    customerUpdateStorageFees: { enabled: false },
    companyUpdateStorageFees: { enabled: false },
  };
  const samples: Record<string, { params?: Record<string, number>; body?: unknown }> = {};
  for (const [name, e] of Object.entries(financeApi)) {
    samples[`financeApi.${name}`] = {
      ...(e.path.includes(':id') ? { params: none } : {}),
      ...(bodies[name] !== undefined ? { body: bodies[name] } : {}),
    };
  }
  return samples;
}
