import type { paymentOptionSchema } from '@cab/shared';
import {
  type BasisPoints,
  type Cents,
  CUSTOMER_SEPARATOR,
  GROUP_PREMIUM_KINDS,
  isoOrNull,
  type LineBreakdown,
  type LineBreakdownWire,
  type Order,
  type OrderGroup,
  type OrderItem,
  type OrderListRow,
  type PaymentMethod,
  type PricePart,
  personName,
  slotsByKind,
  taxRateToWire,
  toWire,
} from '@cab/shared';
import type { z } from 'zod';
import type { CustomerRow } from '../auth/index.ts';
import type { PaymentOptionRow } from '../finance/index.ts';
import type * as repo from './repository.ts';

/** Orders on the wire: money as decimal strings (toWire), SPEC 6's customer display. */

const money = (c: Cents | number) => toWire(c as Cents);
const moneyOrNull = (c: Cents | number | null) => (c === null ? null : toWire(c as Cents));

/** SPEC 6: a personal customer shows the full name; a business one the company name, then the full name. */
function customerDisplay(u: {
  firstName: string;
  lastName: string;
  accountType: 'P' | 'B' | null;
  companyName: string | null;
}) {
  const name = personName(u.firstName, u.lastName);
  return u.accountType === 'B' && u.companyName ? `${u.companyName}${CUSTOMER_SEPARATOR}${name}` : name;
}

interface Head {
  row: Pick<
    repo.OrderRow,
    | 'id'
    | 'name'
    | 'poNumber'
    | 'status'
    | 'customerId'
    | 'createdAt'
    | 'updatedAt'
    | 'submittedAt'
    | 'verifiedAt'
    | 'completedAt'
    | 'shippedAt'
    | 'cancelledAt'
    | 'requestedDate'
    | 'dueDate'
    | 'inEditingMode'
    | 'errorCount'
    | 'warningCount'
    | 'itemCount'
    | 'totalPrice'
  >;
  customer: { firstName: string; lastName: string; accountType: 'P' | 'B' | null } | null;
  /** The order's company (orders.company_id), by name. */
  companyName: string | null;
}

function head({ row, customer, companyName }: Head): OrderListRow {
  const c = customer ?? { firstName: '', lastName: '', accountType: null };
  return {
    id: row.id,
    name: row.name,
    po_number: row.poNumber,
    status: row.status,
    customer: row.customerId,
    customer_display: customerDisplay({ ...c, companyName }),
    account: { account_type: c.accountType, full_name: personName(c.firstName, c.lastName) },
    company: companyName === null ? null : { name: companyName },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    submitted_at: isoOrNull(row.submittedAt),
    verified_at: isoOrNull(row.verifiedAt),
    completed_at: isoOrNull(row.completedAt),
    shipped_at: isoOrNull(row.shippedAt),
    cancelled_at: isoOrNull(row.cancelledAt),
    requested_date: row.requestedDate,
    due_date: row.dueDate,
    in_editing_mode: row.inEditingMode,
    error_count: row.errorCount,
    warning_count: row.warningCount,
    item_count: row.itemCount,
    total_price: money(row.totalPrice),
  };
}

/** A stored group's premium slots as the wire names them. */
export const premiumIdsOf = (g: repo.OrderGroupRow) => slotsByKind(g);

/** A stored part may carry the premium's code as it was when priced. */
type StoredPart = PricePart & { code?: string | null };

function partToWire(p: StoredPart, codes: Map<number, string>) {
  const id = p.premium_id === null ? null : Number(p.premium_id);
  return {
    kind: p.kind,
    premium_id: id,
    code: p.code ?? (id === null ? null : (codes.get(id) ?? null)),
    price: moneyOrNull(p.price),
    percentage: p.percentage === null ? null : toWire(p.percentage as BasisPoints),
    multiplier: p.multiplier,
    amount: money(p.amount),
  };
}

function breakdownToWire(b: LineBreakdown, codes: Map<number, string>): LineBreakdownWire {
  return {
    base_price: money(b.base_price),
    premiums: b.premiums.map((p) => partToWire(p, codes)),
    finished_side: b.finished_side ? partToWire(b.finished_side, codes) : null,
    unit_price: money(b.unit_price),
    qty: b.qty,
    total_price: money(b.total_price),
  };
}

export interface OrderParts {
  row: repo.OrderRow;
  customer: CustomerRow | null;
  companyName: string | null;
  groups: repo.OrderGroupRow[];
  items: repo.OrderItemRow[];
  /** Premium id -> code, for the group premiums and breakdowns. */
  codes: Map<number, string>;
  discountCode: string | null;
  discountCodeRefusal: string | null;
  flags: { can_be_updated: boolean; show_edit_order: boolean };
  allowedActions: Order['allowed_actions'];
  /** Production's counts (issue 18), read with the order. */
  cabinets: Order['cabinets'];
  /** The order's invoice (null before approval), from the invoices module's reader. */
  invoice?: Order['invoice'];
  /** The order's newest approval request (issue 30), null when none. */
  approval?: Order['approval'];
  /** The remake links (issue 29), as the reader may see them. */
  remakes: repo.RemakeLinks;
}

export function toWireOrder(p: OrderParts): Order {
  const { row } = p;
  let lineNumber = 0;
  const groups: OrderGroup[] = p.groups.map((g) => {
    const ids = premiumIdsOf(g);
    const premium_codes = Object.fromEntries(
      GROUP_PREMIUM_KINDS.map((k) => [k, ids[k] === null ? null : (p.codes.get(ids[k]) ?? null)]),
    ) as OrderGroup['premium_codes'];
    return {
      id: g.id,
      name: g.name,
      premiums: ids,
      premium_codes,
      errors: g.errors,
      warnings: g.warnings,
      subtotal: money(g.subtotal),
      items: p.items
        .filter((it) => it.groupId === g.id)
        .map(
          (it): OrderItem => ({
            id: it.id,
            _id: it.clientId,
            line_item: it.lineItemId,
            line_item_number: ++lineNumber,
            line_no: it.lineNo,
            qty: it.qty,
            hinge: it.hinge,
            finished_side: it.finishedSideId,
            is_attachment: it.isAttachment,
            parentId: it.parentClientId,
            manufacturer_code: it.manufacturerCode,
            description: it.description,
            base_category: it.baseCategory,
            width: it.width,
            height: it.height,
            depth: it.depth,
            nb_door: it.nbDoor,
            nb_drawer: it.nbDrawer,
            nb_shelf: it.nbShelf,
            finish: it.finish,
            unit_price: money(it.unitPrice),
            total_price: money(it.totalPrice),
            final_price: money(it.finalPrice),
            total_final_price: money(it.totalFinalPrice),
            breakdown: breakdownToWire(it.breakdown, p.codes),
          }),
        ),
    };
  });
  const customStep = row.pricingSteps.find((s) => s.kind === 'custom_discount');
  return {
    ...head({ row, customer: p.customer, companyName: p.companyName }),
    version: row.version,
    can_be_updated: p.flags.can_be_updated,
    show_edit_order: p.flags.show_edit_order,
    // What the ledger says: a payment or credit on the order's invoice (issue 17); the column
    // From the invoice's ledger (issue 28; the unused orders.has_payments_made column is dropped in 0028).
    has_payments_made: p.invoice ? p.invoice.paid !== '0.00' || p.invoice.credited !== '0.00' : false,
    allowed_actions: p.allowedActions,
    cabinets: p.cabinets,
    custom_discount_amount: moneyOrNull(row.customDiscountAmount),
    custom_discount_percentage:
      row.customDiscountPercentage === null ? null : toWire(row.customDiscountPercentage as BasisPoints),
    custom_discount_notes: row.customDiscountNotes,
    custom_discount_amount_display: {
      percentage: customStep?.percentage ? toWire(customStep.percentage as BasisPoints) : null,
      amount: money(customStep?.amount ?? 0),
    },
    discount_code: p.discountCode,
    discount_code_refusal: p.discountCodeRefusal,
    bypass_payment_option_discount: row.bypassPaymentOptionDiscount,
    customer_payment_option: row.customerPaymentOptionId,
    metadata: { status_notes: row.metadata.status_notes ?? [] },
    invoice: p.invoice ?? null,
    approval: p.approval ?? null,
    remake_of: p.remakes.remakeOf,
    remakes: p.remakes.remakes,
    subtotal: money(row.subtotal),
    customer_discount_amount: money(row.customerDiscountAmount),
    total_after_customer_discount: money(row.totalAfterCustomerDiscount),
    order_discount: money(row.orderDiscount),
    total_after_discount: money(row.totalAfterDiscount),
    surcharge: money(row.surcharge),
    payment_option_discount: money(row.paymentOptionDiscount),
    total_before_tax: money(row.totalBeforeTax),
    sales_tax_in_percentage: taxRateToWire(row.salesTaxInPercentage),
    sales_tax_amount: money(row.salesTaxAmount),
    total_after_tax: money(row.totalAfterTax),
    completion_preference: row.completionPreference as Order['completion_preference'],
    job_priority: row.jobPriority as Order['job_priority'],
    shipping_method: row.shippingMethod as Order['shipping_method'],
    billing_address: row.billingAddress ?? null,
    shipping_address: row.shippingAddress ?? null,
    delivery_notes: row.deliveryNotes,
    delivery_contact_name: row.deliveryContactName,
    delivery_contact_phone: row.deliveryContactPhone,
    payment_method: row.paymentMethod as PaymentMethod | null,
    groups,
  };
}

export function toWirePaymentOption(o: PaymentOptionRow): z.infer<typeof paymentOptionSchema> {
  return {
    id: o.id,
    name: o.name,
    description: o.description,
    discount_percentage: o.discountPercentage === null ? null : toWire(o.discountPercentage),
    milestones: o.milestones.map((m) => ({
      label: m.label,
      percentage: toWire(m.percentage as BasisPoints),
      due: m.due,
      days: m.days ?? null,
    })),
  };
}

/** The compact before/after of an audit event: the totals and the discounts, not the lines. */
export function auditTotals(row: repo.OrderRow) {
  return {
    version: row.version,
    error_count: row.errorCount,
    item_count: row.itemCount,
    subtotal: money(row.subtotal),
    order_discount: money(row.orderDiscount),
    surcharge: money(row.surcharge),
    payment_option_discount: money(row.paymentOptionDiscount),
    sales_tax_amount: money(row.salesTaxAmount),
    total_price: money(row.totalPrice),
  };
}
