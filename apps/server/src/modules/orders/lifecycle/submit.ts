import { addressSnapshot, verifyPassword } from '@cab/db';
import {
  type Cents,
  DISCOUNT_CODE_REFUSAL_TEXT,
  ERROR_CODES,
  formatMoney,
  ORDER_TEXT,
  type Order,
  type OrderSubmit,
  orderSubmitSchema,
  parseMoney,
  toWire,
} from '@cab/shared';
import type { MultipartContent, UploadedFile } from '../../../http/multipart.ts';
import { type Ctx, todayOf } from '../../../kit/context.ts';
import { AppError, badRequest, fieldErrors } from '../../../kit/errors.ts';
import { requiredSlot } from '../../../kit/slots.ts';
import { addressOfOwner, defaultAddressOf } from '../../accounts/index.ts';
import { customerOf, findUserByEmail } from '../../auth/index.ts';
import { businessDaysFrom, getSettings } from '../../core/index.ts';
import { admittedPaymentOptions, claimCode as claimCodeUse, discountCodeById } from '../../finance/index.ts';
import { alreadyPriced, changeOrder } from '../change/change.ts';
import { insertStoredFiles, removeStored, type StoredUpload, storeUploads } from '../conversation/files.ts';
import { chooserOf, freezeRules } from '../pricing/inputs.ts';
import { repriceTotals } from '../pricing/reprice.ts';
import { loadOrderRow } from '../reach.ts';
import * as repo from '../repository.ts';
import { applyMove, checkMove } from './status.ts';

/**
 * POST {id}/submit/ (SPEC 3 Order submit fields, DOMAIN.md "Order lifecycle"): BID -> ORDERED
 * with the submit fields checked, the addresses snapshotted, the discount code's use claimed, the
 * totals repriced and the supplement documents stored, all in one transaction with the move.
 */

/** The form field of the supplement documents. */
export const SUPPLEMENT_FIELD = 'supplement_documentation';

/** The earliest date an order submitted today can be done: today + lead_time business days. */
async function earliestDueDate(ctx: Ctx, today = todayOf(ctx)): Promise<string> {
  const { lead_time } = await getSettings(ctx);
  return businessDaysFrom(ctx, today, lead_time);
}

/** The multipart fields as the schema expects them: one value each. */
function formValues(fields: MultipartContent['fields']): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? '']));
}

function parseSubmit(fields: MultipartContent['fields']): OrderSubmit {
  const parsed = orderSubmitSchema.safeParse(formValues(fields));
  if (parsed.success) return parsed.data;
  const out: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || '_';
    out[key] = [...(out[key] ?? []), issue.message];
  }
  throw fieldErrors(out);
}

/**
 * Checks the submit fields against the order and the submitting user; every field's refusal is
 * collected, so the form shows them all at once.
 */
export async function checkFields(
  ctx: Ctx,
  order: repo.OrderRow,
  body: OrderSubmit,
  today: string,
  check: { password?: boolean } = {},
) {
  const errors: Record<string, string[]> = {};
  const refuse = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const earliest = await earliestDueDate(ctx, today);
  if (body.requested_date !== undefined && body.requested_date < earliest) {
    refuse('requested_date', ORDER_TEXT.requestedDateTooSoon(earliest));
  }
  const [billing, shipping, customer] = await Promise.all([
    addressOfOwner(ctx.db, body.billing_address, order.customerId, order.companyId),
    body.shipping_address === undefined
      ? null
      : addressOfOwner(ctx.db, body.shipping_address, order.customerId, order.companyId),
    customerOf(ctx.db, order.customerId),
  ]);
  if (!billing) refuse('billing_address', ORDER_TEXT.addressNotYours);
  if (body.shipping_address !== undefined && !shipping) refuse('shipping_address', ORDER_TEXT.addressNotYours);
  // The same options payment_options?date= offers: valid today and admitted by the payment rules.
  const options = await admittedPaymentOptions(ctx.db, chooserOf(order, customer, today));
  if (!options.some((o) => o.id === body.customer_payment_option)) {
    refuse('customer_payment_option', ORDER_TEXT.paymentOptionUnavailable);
  }
  // There is no bank account table yet: an ACH submit's bank id is kept as given.
  // An approval submits what the employee sent, whose password was checked when asked (issue 30).
  if (check.password !== false) {
    const user = await findUserByEmail(ctx.db, ctx.actor.email);
    if (!user || !(await verifyPassword(body.password, user.passwordHash))) {
      refuse('password', ORDER_TEXT.passwordWrong);
    }
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);
  return {
    dueDate: body.requested_date ?? earliest,
    billing: billing ? addressSnapshot(billing) : null,
    shipping: shipping ? addressSnapshot(shipping) : null,
  };
}

/** A code not yet claimed whose dates hold today: its use is claimed now, or the submit is refused. */
async function claimCode(tx: Ctx, order: repo.OrderRow, today: string): Promise<boolean> {
  if (order.discountCodeId === null || order.discountCodeClaimed) return false;
  const code = await discountCodeById(tx.db, order.discountCodeId);
  // A code outside its dates does not apply (the order shows why); nothing to claim.
  if (!code?.isActive || (code.validFrom && today < code.validFrom) || (code.validTo && today > code.validTo)) {
    return false;
  }
  if (!(await claimCodeUse(tx.db, code.id))) {
    throw badRequest('discount_code_used_up', DISCOUNT_CODE_REFUSAL_TEXT.used_up);
  }
  return true;
}

/** Reach, role, status and the table's guards: checked before the upload is read. */
/** A submit held for a manager's approval (approvals, through wiring.ts). */
export interface SubmitHold {
  /** Does this submit wait for a manager? The total asked about, or null when it goes through. */
  asked(ctx: Ctx, order: repo.OrderRow, body: OrderSubmit, expected: Cents | null): Promise<{ total: Cents } | null>;
  /** The held submit: the order stays a BID with a PENDING request, the documents kept. */
  ask(ctx: Ctx, id: number, body: OrderSubmit, stored: StoredUpload[], total: Cents): Promise<Order>;
}
export const heldSubmits = requiredSlot<SubmitHold>("orders: a business employee's submit held for approval");

export async function submitAllowed(ctx: Ctx, id: number): Promise<void> {
  checkMove(ctx, await loadOrderRow(ctx, id), 'submit');
}

export async function submitOrder(ctx: Ctx, id: number, content: MultipartContent): Promise<Order> {
  // Reach, role, status and the table's guards first: a refused move reads no field.
  const read = await loadOrderRow(ctx, id);
  checkMove(ctx, read, 'submit');
  const body = parseSubmit(content.fields);
  const today = todayOf(ctx);
  const checked = await checkFields(ctx, read, body, today);
  const expected = body.expected_total === undefined ? null : parseMoney(body.expected_total);

  const files: UploadedFile[] = content.files.filter((f) => f.field === SUPPLEMENT_FIELD);
  // Business approvals (issue 30): an employee's submit the company's rule holds waits for a manager.
  const hold = heldSubmits.get();
  const asking = await hold.asked(ctx, read, body, expected);
  const stored = await storeUploads(ctx, id, files);
  try {
    if (asking) return await hold.ask(ctx, id, body, stored, asking.total);
    return await commitSubmit(ctx, id, body, checked, stored, { expected, today, submittedById: ctx.actor.id });
  } catch (err) {
    await removeStored(ctx, stored);
    throw err;
  }
}

export interface SubmitOptions {
  /** The total the submitter was shown (or the approved request's): 409 when priced otherwise. */
  expected: Cents | null;
  today: string;
  submittedById: number | null;
  /** A check of the locked row before the move's own (an approval: a BID no longer is not pending). */
  allowed?: (tx: Ctx, row: repo.OrderRow) => void;
  /** More work in the move's transaction (an approval marks its request); added to the event. */
  also?: (tx: Ctx, moved: repo.OrderRow) => Promise<Record<string, unknown>>;
}

/**
 * The submit's move, with the fields already checked: BID -> ORDERED, the fields written, the
 * code claimed, the documents kept, the rules frozen and the totals priced, in one transaction.
 * An approval (issue 30) submits through here what the employee filled.
 */
export function commitSubmit(
  ctx: Ctx,
  id: number,
  body: OrderSubmit,
  checked: Awaited<ReturnType<typeof checkFields>>,
  stored: StoredUpload[],
  options: SubmitOptions,
): Promise<Order> {
  const { expected, today } = options;
  return changeOrder(ctx, id, {
    version: body.version,
    action: 'submit',
    allowed: (tx, row) => {
      options.allowed?.(tx, row);
      checkMove(tx, row, 'submit');
    },
    apply: (tx, row) =>
      applyMove(
        tx,
        row,
        'submit',
        {},
        {
          after: async (t, moved) => {
            const claimed = await claimCode(t, moved, today);
            await repo.updateOrder(t.db, id, {
              requestedDate: body.requested_date ?? null,
              dueDate: checked.dueDate,
              completionPreference: body.completion_preference,
              jobPriority: body.job_priority,
              shippingMethod: body.shipping_method,
              billingAddressId: body.billing_address,
              billingAddress: checked.billing,
              shippingAddressId: body.shipping_address ?? null,
              shippingAddress: checked.shipping,
              deliveryNotes: body.delivery_notes ?? '',
              deliveryContactName: body.delivery_contact_name ?? '',
              deliveryContactPhone: body.delivery_contact_phone ?? '',
              customerPaymentOptionId: body.customer_payment_option,
              paymentMethod: body.payment_method,
              bankId: body.bank ?? null,
              ...(body.po_number !== undefined ? { poNumber: body.po_number } : {}),
              ...(claimed ? { discountCodeClaimed: true } : {}),
              termsAcceptedAt: new Date(),
              submittedById: options.submittedById,
            });
            await insertStoredFiles(t, id, 'SUPPLEMENT', stored);
            // Today's rules (payment option, surcharges by payment method, tax by the taxing
            // state) are frozen on the order and priced; later reprices use them (decision 0017).
            await freezeRules(t, id);
            const priced = await repriceTotals(t, id);
            if (expected !== null && priced.totalPrice !== expected) {
              throw new AppError(
                409,
                ERROR_CODES.orderTotalChanged,
                ORDER_TEXT.totalChanged(formatMoney(expected), formatMoney(priced.totalPrice)),
                { total_price: toWire(priced.totalPrice), expected_total: toWire(expected) },
              );
            }
            return {
              requested_date: body.requested_date ?? null,
              due_date: checked.dueDate,
              payment_method: body.payment_method,
              customer_payment_option: body.customer_payment_option,
              po_number: priced?.poNumber ?? null,
              discount_code_claimed: claimed,
              supplement_documentation: stored.map((s) => s.name),
              total_price: priced?.totalPrice ?? null,
              ...(options.also ? await options.also(t, moved) : {}),
            };
          },
        },
      ),
    reprice: alreadyPriced,
    // The status writer records the move's event (applyMove).
    record: null,
  });
}

/**
 * Issue 37: a dealer's client accepted a proposal and the dealer's setting submits the order, as
 * its customer (`ctx.actor`) through this same path: the customer's defaults (the default billing
 * address, the first payment option admitted today, pickup, normal priority, all at once, by
 * check), the proposal's number as PO number when the order has none, and no password, which the
 * client cannot give. The company's approval rule holds it as any submit. Null when a default is
 * missing (no billing address, no payment option): the order stays a bid for the dealer.
 */
export async function submitWithDefaults(ctx: Ctx, id: number, poNumber: string): Promise<Order | null> {
  const read = await loadOrderRow(ctx, id);
  checkMove(ctx, read, 'submit');
  const today = todayOf(ctx);
  const [billing, customer] = await Promise.all([
    defaultAddressOf(ctx.db, read.customerId, read.companyId, 'BILLING'),
    customerOf(ctx.db, read.customerId),
  ]);
  const [option] = await admittedPaymentOptions(ctx.db, chooserOf(read, customer, today));
  if (billing === null || !option) return null;
  const body: OrderSubmit = {
    completion_preference: 'ALL_AT_ONCE',
    job_priority: 'NORMAL',
    shipping_method: 'PICKUP',
    billing_address: billing,
    customer_payment_option: option.id,
    payment_method: 'CHECK',
    password: '',
    terms_of_use: true,
    ...(read.poNumber ? {} : { po_number: poNumber }),
  };
  const checked = await checkFields(ctx, read, body, today, { password: false });
  const hold = heldSubmits.get();
  const asking = await hold.asked(ctx, read, body, null);
  if (asking) return hold.ask(ctx, id, body, [], asking.total);
  return commitSubmit(ctx, id, body, checked, [], { expected: null, today, submittedById: ctx.actor.id });
}
