import { describe, expect, it } from 'vitest';
import { describeEvent } from './timeline.ts';

describe('describeEvent', () => {
  const paula = { full_name: 'Paula Price' };

  it('a move reads as a sentence, with the status by its label and money as money', () => {
    expect(
      describeEvent({
        action: 'submit',
        actor: paula,
        before: { status: 'BID', version: 3, in_editing_mode: false },
        after: { status: 'ORDERED', version: 4, in_editing_mode: false, total_price: 1166877, payment_method: 'CARD' },
      }),
    ).toEqual({
      title: 'Submitted by Paula Price',
      lines: ['Status: Bid → Ordered', 'Total: $11,668.77', 'Payment method: Card'],
    });
  });

  it('a custom discount reads as what it was set to; a line edit names lines and totals, never versions', () => {
    const set = describeEvent({
      action: 'update_custom_discount',
      actor: { full_name: 'Ada Admin' },
      before: { custom_discount_amount: null, custom_discount_percentage: null, total_price: '500.00', version: 1 },
      after: { custom_discount_amount: '-50.00', custom_discount_percentage: null, total_price: '450.00', version: 2 },
    });
    expect(set.title).toBe('Custom discount changed by Ada Admin');
    expect(set.lines).toEqual(['Custom discount set to $50.00', 'Total: $500.00 → $450.00']);

    const edit = describeEvent({
      action: 'update_groups',
      actor: null,
      before: { name: 'Kitchen', version: 1, item_count: 1, subtotal: '100.00', total_price: '100.00' },
      after: { name: 'Kitchen', groups: 2, version: 2, item_count: 3, subtotal: '300.00', total_price: '300.00' },
    });
    expect(edit.title).toBe('Lines edited by System');
    expect(edit.lines).toEqual(['Lines: 1 → 3', 'Subtotal: $100.00 → $300.00', 'Total: $100.00 → $300.00']);
    expect(edit.lines.join(' ')).not.toMatch(/version|groups|—/);
  });

  it('shows the discount notes when the shop reads them (the server leaves them out for customers)', () => {
    const e = describeEvent({
      action: 'update_custom_discount',
      actor: paula,
      before: { custom_discount_percentage: '10.00', custom_discount_notes: '' },
      after: { custom_discount_percentage: null, custom_discount_amount: null, custom_discount_notes: 'loyal' },
    });
    expect(e.lines).toEqual(['Custom discount removed', 'Discount notes: loyal']);
  });
});
