import { type Proposal, proposalCreateSchema } from '@cab/shared';
import { describe, expect, it } from 'vitest';
import { bodyOf, fieldOf, formOf, type MakeForm, pricedOfProposal, type Sent } from './makeForm.ts';

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

describe('edit a draft: the form opens with its own values', () => {
  const line = (l: number, group: number, group_name: string) => ({
    line: l,
    group,
    group_name,
    code: `B${l}`,
    description: '',
    qty: 1,
    cost: '10.00',
    price: '12.00',
    total: '12.00',
  });
  const draft = {
    client: { name: 'Ann Home', email: 'ann@home.test', phone: '555', address: '1 Elm' },
    markup_percent: '20.00',
    group_markups: [{ group: 4, percent: '40.00' }],
    line_overrides: [{ line: 11, price: '99.50' }],
    lines: [line(10, 3, 'Group 1'), line(11, 4, 'Island'), line(12, 4, 'Island')],
    extra_lines: [{ description: 'Installation', amount: '350.00', taxable: false }],
    tax_rate: '8.875',
    valid_until: '2026-12-31',
    terms: 'Half down.',
    notes: '',
  } as unknown as Proposal;

  it("offers the draft's groups and lines and fills each with the draft's markup or price", () => {
    const priced = pricedOfProposal(draft);
    expect(priced.groups).toEqual([
      { id: 3, name: 'Group 1' },
      { id: 4, name: 'Island' },
    ]);
    expect(priced.lines.map((l) => l.id)).toEqual([10, 11, 12]);
    const form = formOf(priced, draft);
    expect(form.groups).toEqual({ g3: '', g4: '40.00' });
    expect(form.lines).toEqual({ l10: '', l11: '99.50', l12: '' });
    // Saved unchanged, the body names what the draft holds.
    const body = bodyOf(form, { groups: [], lines: [] });
    expect(body).toMatchObject({
      client: draft.client,
      markup_percent: '20.00',
      group_markups: [{ group: 4, percent: '40.00' }],
      line_overrides: [{ line: 11, price: '99.50' }],
      extra_lines: draft.extra_lines,
      tax_rate: '8.875',
      valid_until: '2026-12-31',
      terms: 'Half down.',
      notes: undefined,
    });
    expect(proposalCreateSchema.safeParse(body).success).toBe(true);
    // A cleared note is sent cleared when editing.
    expect(bodyOf({ ...form, terms: '' }, { groups: [], lines: [] }, true)).toMatchObject({ terms: '', notes: '' });
  });

  it("a new proposal starts empty: the dealer's defaults fill it on the server", () => {
    const form = formOf(pricedOfProposal(draft));
    expect(form.client.name).toBe('');
    expect(form.markup_percent).toBe('');
    expect(Object.values(form.groups).every((v) => v === '')).toBe(true);
    expect(form.extras).toEqual([]);
  });
});
