import type { ProposalExtraRow, ProposalLineRow } from '@cab/db/schema';
import { type BasisPoints, basisPoints, type Cents, cents, percentOf, shareOf, type TaxRate, taxOf } from '@cab/shared';

/**
 * A proposal's prices (issue 37): each line's dealer price is its frozen cost x (1 + markup),
 * rounded half away from zero to the cent as DOMAIN.md rounds money (the shared `percentOf`); a
 * group's markup wins over the proposal's, a line's own price over both. Tax applies to every
 * line and to the taxable extras, rounded once on their sum.
 */
export interface ProposalTerms {
  markup: number;
  groupMarkups: readonly { group: number; percent: number }[];
  lineOverrides: readonly { line: number; price: number }[];
  extraLines: readonly ProposalExtraRow[];
  taxRate: number;
}

interface PricedLine extends ProposalLineRow {
  price: Cents;
  total: Cents;
}

export interface PricedProposal {
  lines: PricedLine[];
  subtotal: Cents;
  tax: Cents;
  total: Cents;
  costTotal: Cents;
  margin: Cents;
  /** margin / subtotal in basis points; 0 for a zero subtotal. */
  marginPercent: BasisPoints;
}

/** cost x (1 + markup), to the cent. */
const markedUp = (cost: number, markup: number): Cents => cents(cost + percentOf(cents(cost), basisPoints(markup)));

export function priceProposal(lines: readonly ProposalLineRow[], terms: ProposalTerms): PricedProposal {
  const groupMarkup = new Map(terms.groupMarkups.map((g) => [g.group, g.percent]));
  const override = new Map(terms.lineOverrides.map((o) => [o.line, o.price]));
  let subtotal = 0;
  let costTotal = 0;
  const priced = lines.map((l) => {
    const price = cents(override.get(l.line) ?? markedUp(l.cost, groupMarkup.get(l.group) ?? terms.markup));
    const total = cents(price * l.qty);
    subtotal += total;
    costTotal += l.cost * l.qty;
    return { ...l, price, total };
  });
  let taxable = subtotal;
  for (const e of terms.extraLines) {
    subtotal += e.amount;
    if (e.taxable) taxable += e.amount;
  }
  const tax = taxOf(cents(taxable), terms.taxRate as TaxRate);
  const margin = subtotal - costTotal;
  return {
    lines: priced,
    subtotal: cents(subtotal),
    tax,
    total: cents(subtotal + tax),
    costTotal: cents(costTotal),
    margin: cents(margin),
    marginPercent: shareOf(margin, subtotal),
  };
}
