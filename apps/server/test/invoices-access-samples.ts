/**
 * Samples for the access matrix (access.test.ts): ids that do not exist, so a permitted call
 * answers 404 or 400 and changes nothing; without Stripe keys the card and bank calls answer 400.
 */
export function invoicesSamples() {
  const id = { id: 999_999 };
  return {
    'invoicesApi.detail': { params: id },
    'invoicesApi.pdf': { params: id },
    'invoicesApi.milestone': { params: id },
    'invoicesApi.pay': { params: id, body: { method: 'CHECK' } },
    'invoicesApi.receipt': { params: id },
    'invoicesApi.refundReceipt': { params: id },
    'invoicesApi.refund': { params: id, body: { reason: 'Access test' } },
    'invoicesApi.customerCredit': { params: id },
    'invoicesApi.companyCredit': { params: id },
    'invoicesApi.customerCreditCreate': { params: id, body: { amount: '1.00' } },
    'invoicesApi.companyCreditCreate': { params: id, body: { amount: '1.00' } },
    'invoicesApi.reverseCredit': { params: id, body: { notes: 'Access test' } },
    'invoicesApi.bankCreate': { body: { account_holder_name: 'Access test' } },
    'invoicesApi.bankVerify': { params: id, body: { micro_deposits: ['0.32', '0.45'] } },
    'invoicesApi.customerBanks': { params: id },
    'invoicesApi.companyBanks': { params: id },
    'invoicesApi.stripeWebhook': { body: { id: 'evt_access' } },
  };
}
