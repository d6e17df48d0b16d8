import { proposalCreateSchema } from '@cab/shared';
import { describe, expect, it } from 'vitest';
import { bodyOf, fieldOf, type MakeForm, type Sent } from './makeForm.ts';

const values = (patch: Partial<MakeForm> = {}): MakeForm => ({
  client: { name: ' Ann Home ', email: 'ann@home.test', phone: '', address: '' },
  markup_percent: '',
  groups: { g3: '', g4: '40' },
  lines: { l10: '', l11: '99.50', l12: '' },
  extras: [{ description: 'Installation', amount: ' 350.00 ', taxable: false }],
  tax_rate: '',
  valid_until: '',
  terms: '',
  notes: '',
  ...patch,
});

describe('make a proposal: form and body', () => {
  it('sends only what was filled: the defaults of the dealer fill the rest', () => {
    const sent: Sent = { groups: [], lines: [] };
    const body = bodyOf(values(), sent);
    expect(body).toEqual({
      client: { name: 'Ann Home', email: 'ann@home.test', phone: '', address: '' },
      markup_percent: undefined,
      group_markups: [{ group: 4, percent: '40' }],
      line_overrides: [{ line: 11, price: '99.50' }],
      extra_lines: [{ description: 'Installation', amount: '350.00', taxable: false }],
      tax_rate: undefined,
      valid_until: undefined,
      terms: undefined,
      notes: undefined,
    });
    expect(proposalCreateSchema.safeParse(body).success).toBe(true);
  });

  it("puts an error of a list entry on the field it came from (the body's index is not the form's)", () => {
    const sent: Sent = { groups: [], lines: [] };
    const body = bodyOf(values({ groups: { g3: '2000', g4: '' } }), sent);
    const issue = proposalCreateSchema.safeParse(body).error?.issues[0];
    expect(issue?.path.join('.')).toBe('group_markups.0.percent');
    expect(fieldOf('group_markups.0.percent', sent)).toBe('groups.g3');
    expect(fieldOf('line_overrides.0.price', sent)).toBe('lines.l11');
    expect(fieldOf('extra_lines.0.amount', sent)).toBe('extras.0.amount');
    expect(fieldOf('client.email', sent)).toBe('client.email');
    // An entry the form did not send (the server's own) is the form's error.
    expect(fieldOf('line_overrides.5.price', sent)).toBe('root.server');
    expect(fieldOf('', sent)).toBe('root.server');
  });
});
