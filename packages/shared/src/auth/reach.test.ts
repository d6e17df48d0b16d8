import { describe, expect, it } from 'vitest';
import { reaches, reachOf } from './reach.ts';

const own = { customerId: 7, companyId: null };
const company = { customerId: 8, companyId: 3 };
const companyItself = { customerId: null, companyId: 3 };
const other = { customerId: 9, companyId: 4 };
const ownBeforeJoining = { customerId: 7, companyId: null };

const sees = (actor: Parameters<typeof reachOf>[0]) =>
  [own, company, companyItself, other, ownBeforeJoining].map((r) => reaches(reachOf(actor), r));

describe('who reaches a customer record', () => {
  it('the shop every one; a user without a role none', () => {
    expect(sees({ id: 1, role: 'ADMIN', companyId: null })).toEqual([true, true, true, true, true]);
    expect(sees({ id: 2, role: 'STAFF', companyId: null })).toEqual([true, true, true, true, true]);
    expect(sees({ id: 7, role: null, companyId: 3 })).toEqual([false, false, false, false, false]);
  });

  it("a customer their own; a manager also the company's; an employee not the company's", () => {
    expect(sees({ id: 7, role: 'PERSONAL', companyId: null })).toEqual([true, false, false, false, true]);
    expect(sees({ id: 7, role: 'BUSINESS_MANAGER', companyId: 3 })).toEqual([true, true, true, false, true]);
    expect(sees({ id: 7, role: 'BUSINESS_EMPLOYEE', companyId: 3 })).toEqual([true, false, false, false, true]);
  });

  it('a manager without a company reaches no record without one', () => {
    expect(
      reaches(reachOf({ id: 7, role: 'BUSINESS_MANAGER', companyId: null }), { customerId: 9, companyId: null }),
    ).toBe(false);
  });
});
