import {
  dayIn,
  formatWireMoney,
  formatWirePercent,
  INVOICE_WEB_TEXT,
  type InvoiceDetail,
  type Order,
  type OrderItem,
  type Payment,
  parseMoney,
  RECEIPT_STATUSES,
  type Settings,
  INVOICE_PDF_TEXT as T,
} from '@cab/shared';
import type { Ctx } from '../../kit/context.ts';
import { notFound } from '../../kit/errors.ts';
import { renderPdf } from '../../kit/pdf.ts';
import { assertReaches } from '../../kit/reach.ts';
import { getSettings } from '../core/index.ts';
import { getOrder } from '../orders/index.ts';
import { money } from './common.ts';
import { invoiceDetail, paymentsToWire } from './read/service.ts';
import * as repo from './repository.ts';

/**
 * The invoice and the receipt as PDFs (pdfkit, built in memory: a page or a few), the papers a
 * customer files (issue 27): the seller (global settings), who pays, what was sold, what was
 * paid and what is left. The tests read their text (test/pdf-text.ts).
 */

type Doc = PDFKit.PDFDocument;

const LEFT = 50;
const WIDTH = 512;

// Pages are kept until the end so each can be numbered "n of m".
const render = (title: string, draw: (doc: Doc) => void) =>
  renderPdf({ size: 'LETTER', margin: LEFT, bufferPages: true, info: { Title: title } }, draw);

/** A new page when fewer than `room` points are left. */
const ensureRoom = (doc: Doc, room = 40) => {
  if (doc.y > doc.page.height - doc.page.margins.bottom - room) doc.addPage();
};

interface Column {
  width: number;
  align?: 'left' | 'right';
}

/** One table row: each cell in its column, the row as tall as its tallest cell. */
function row(doc: Doc, cells: string[], columns: Column[], options: { bold?: boolean; indent?: number } = {}) {
  ensureRoom(doc);
  const y = doc.y;
  let x = LEFT + (options.indent ?? 0);
  let bottom = y;
  doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica');
  cells.forEach((text, i) => {
    const col = columns[i]!;
    const width = col.width - (i === 0 ? (options.indent ?? 0) : 0) - 4;
    doc.text(text, x, y, { width, align: col.align ?? 'left' });
    bottom = Math.max(bottom, doc.y);
    x += col.width - (i === 0 ? (options.indent ?? 0) : 0);
  });
  doc.font('Helvetica');
  doc.x = LEFT;
  doc.y = bottom + 2;
}

function heading(doc: Doc, text: string) {
  ensureRoom(doc, 80);
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(12).text(text, LEFT, doc.y, { width: WIDTH });
  doc.font('Helvetica').fontSize(9).moveDown(0.3);
}

/** A label and an amount, right-aligned under the tables (subtotal, each step, total). */
function figure(doc: Doc, label: string, amount: string, bold = false) {
  row(
    doc,
    [label, amount],
    [
      { width: 392, align: 'right' },
      { width: 120, align: 'right' },
    ],
    { bold },
  );
}

/** "Nov 26, 2026" for a day (YYYY-MM-DD) or the day of an instant in the server's zone. */
function dayText(value: string | null | undefined): string {
  if (!value) return T.none;
  const day = value.length === 10 ? value : dayIn(new Date(value));
  return new Date(`${day}T12:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** The seller's block at the top of both papers (nothing for what is not set). */
function seller(doc: Doc, s: Pick<Settings, 'seller_name' | 'seller_address' | 'seller_phone'>) {
  if (s.seller_name) doc.font('Helvetica-Bold').fontSize(14).text(s.seller_name, LEFT, doc.y, { width: WIDTH });
  doc.font('Helvetica').fontSize(9);
  for (const line of s.seller_address.split('\n').filter((l) => l.trim())) doc.text(line.trim(), { width: WIDTH });
  if (s.seller_phone) doc.text(T.phone(s.seller_phone), { width: WIDTH });
  doc.moveDown(1);
}

type Address = NonNullable<Order['billing_address']>;

const addressLines = (a: Address | null): string[] =>
  a
    ? [
        a.name,
        a.line1,
        a.line2,
        [a.city, [a.state, a.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
        a.phone ? T.phone(a.phone) : '',
      ].filter((l) => l.trim() !== '')
    : [T.none];

/** Bill to and ship to side by side. */
function addresses(doc: Doc, order: Order) {
  ensureRoom(doc, 100);
  const y = doc.y;
  const half = WIDTH / 2;
  const ship =
    order.shipping_method === 'PICKUP' && !order.shipping_address ? [T.pickup] : addressLines(order.shipping_address);
  doc.font('Helvetica-Bold').text(T.billTo, LEFT, y, { width: half - 10 });
  doc.font('Helvetica').text(addressLines(order.billing_address).join('\n'), { width: half - 10 });
  const left = doc.y;
  doc.font('Helvetica-Bold').text(T.shipTo, LEFT + half, y, { width: half - 10 });
  doc.font('Helvetica').text(ship.join('\n'), { width: half - 10 });
  doc.x = LEFT;
  doc.y = Math.max(left, doc.y);
}

const LINE_COLUMNS: Column[] = [
  { width: 90 },
  { width: 222 },
  { width: 40, align: 'right' },
  { width: 75, align: 'right' },
  { width: 85, align: 'right' },
];

const lineCells = (it: OrderItem, description: string) => [
  it.manufacturer_code,
  description,
  String(it.qty),
  formatWireMoney(it.unit_price),
  formatWireMoney(it.total_price),
];

/** Each cabinet group's lines, each attachment or modification under its cabinet. */
function lines(doc: Doc, order: Order) {
  heading(doc, T.lines);
  row(doc, [T.code, T.description, T.qty, T.unitPrice, T.lineTotal], LINE_COLUMNS, { bold: true });
  for (const group of order.groups) {
    ensureRoom(doc, 60);
    doc.moveDown(0.2);
    doc.font('Helvetica-Oblique').text(T.group(group.name), LEFT, doc.y, { width: WIDTH }).font('Helvetica');
    const parents = group.items.filter((it) => !it.is_attachment);
    const placed = new Set<string>();
    for (const parent of parents) {
      row(doc, lineCells(parent, parent.description), LINE_COLUMNS);
      for (const child of group.items.filter((it) => it.is_attachment && it.parentId === parent._id)) {
        placed.add(child._id);
        row(doc, lineCells(child, T.attachment(child.description)), LINE_COLUMNS, { indent: 12 });
      }
    }
    // An attachment whose cabinet is not in the group (never expected): still on the paper.
    for (const orphan of group.items.filter((it) => it.is_attachment && !placed.has(it._id))) {
      row(doc, lineCells(orphan, T.attachment(orphan.description)), LINE_COLUMNS, { indent: 12 });
    }
  }
}

/** Subtotal, each discount and surcharge, tax and total, as the order priced them. */
function priceSteps(doc: Doc, order: Order, inv: InvoiceDetail) {
  doc.moveDown(0.5);
  const step = (label: string, wire: string, sign: '-' | '+') => {
    if (wire === '0.00' || wire === '-0.00') return;
    const amount = formatWireMoney(wire.startsWith('-') ? wire.slice(1) : wire);
    figure(doc, label, `${sign}${amount}`);
  };
  figure(doc, T.subtotal, formatWireMoney(order.subtotal));
  step(T.customerDiscount, order.customer_discount_amount, '-');
  if (order.order_discount !== '0.00') {
    const what = [
      order.discount_code ? T.discountCode(order.discount_code) : null,
      order.custom_discount_amount !== null || order.custom_discount_percentage !== null
        ? T.customDiscount(order.custom_discount_notes)
        : null,
    ].filter((w): w is string => w !== null);
    step(what.length ? what.join(', ') : T.orderDiscount, order.order_discount, '-');
  }
  step(T.surcharge, order.surcharge, '+');
  step(T.paymentOptionDiscount(inv.payment_option), order.payment_option_discount, '-');
  const percent = order.sales_tax_amount === '0.00' ? '' : formatWirePercent(order.sales_tax_in_percentage);
  figure(doc, T.salesTax(percent), formatWireMoney(order.sales_tax_amount));
  figure(doc, T.total, formatWireMoney(order.total_price), true);
}

/** The invoice's own stored figures (a version issued for another total than the order's now). */
function storedSteps(doc: Doc, inv: InvoiceDetail) {
  doc.moveDown(0.5);
  if (inv.payment_option_discount !== '0.00') {
    figure(doc, T.paymentOptionDiscount(inv.payment_option), `-${formatWireMoney(inv.payment_option_discount)}`);
  }
  figure(doc, T.salesTax(''), formatWireMoney(inv.sales_tax));
  figure(doc, T.total, formatWireMoney(inv.total), true);
}

const MILESTONE_COLUMNS: Column[] = [
  { width: 150 },
  { width: 50, align: 'right' },
  { width: 82, align: 'right' },
  { width: 75, align: 'right' },
  { width: 75, align: 'right' },
  { width: 80, align: 'right' },
];

function schedule(doc: Doc, inv: InvoiceDetail) {
  heading(doc, T.milestones);
  row(doc, [T.milestone, T.share, T.due, T.amount, T.paid, T.balance], MILESTONE_COLUMNS, { bold: true });
  for (const m of inv.milestones) {
    row(
      doc,
      [
        `${m.label} (${INVOICE_WEB_TEXT.statusLabels[m.status]})`,
        formatWirePercent(m.percentage),
        m.due_date ? dayText(m.due_date) : T.notYetDue,
        formatWireMoney(m.amount),
        formatWireMoney(money((parseMoney(m.paid) ?? 0) + (parseMoney(m.credited) ?? 0))),
        formatWireMoney(m.balance),
      ],
      MILESTONE_COLUMNS,
    );
  }
}

const PAYMENT_COLUMNS: Column[] = [
  { width: 80 },
  { width: 150 },
  { width: 80 },
  { width: 122 },
  { width: 80, align: 'right' },
];

/** Payments that reached the shop (refunded or disputed ones too, with their status). */
const RECEIVED = new Set<Payment['status']>(['SUCCEEDED', 'REVERSED', 'DISPUTED']);

function received(doc: Doc, inv: InvoiceDetail) {
  const label = new Map(inv.milestones.map((m) => [m.id, m.label]));
  const payments = inv.payments.filter((p) => RECEIVED.has(p.status));
  const credits = inv.credits.filter((c) => c.status === 'SUCCEEDED');
  if (inv.charges.length) {
    heading(doc, T.charges);
    for (const c of inv.charges) {
      row(
        doc,
        [
          dayText(c.date),
          INVOICE_WEB_TEXT.chargeKindLabels[c.kind],
          label.get(c.milestone) ?? '',
          c.notes,
          formatWireMoney(c.amount),
        ],
        PAYMENT_COLUMNS,
      );
    }
  }
  heading(doc, T.payments);
  if (payments.length === 0) doc.text(T.noPayments, LEFT, doc.y, { width: WIDTH });
  else row(doc, [T.date, T.method, T.milestone, T.reference, T.amount], PAYMENT_COLUMNS, { bold: true });
  for (const p of payments) {
    const status = p.status === 'SUCCEEDED' ? '' : ` (${INVOICE_WEB_TEXT.statusLabels[p.status] ?? p.status})`;
    row(
      doc,
      [
        dayText(p.received_at ?? p.created_at),
        `${INVOICE_WEB_TEXT.methodLabels[p.method]} ${T.receiptNumber(p.id)}${status}`,
        label.get(p.milestone) ?? p.invoice.number,
        p.reference,
        formatWireMoney(p.amount),
      ],
      PAYMENT_COLUMNS,
    );
  }
  if (credits.length) {
    heading(doc, T.credits);
    for (const c of credits) {
      row(
        doc,
        ['', T.creditMemo(c.credit_memo), label.get(c.milestone) ?? '', '', formatWireMoney(c.amount)],
        PAYMENT_COLUMNS,
      );
    }
  }
  if (inv.refunds.length) {
    heading(doc, T.refunds);
    for (const r of inv.refunds) {
      const status = r.status === 'SUCCEEDED' ? '' : ` (${INVOICE_WEB_TEXT.statusLabels[r.status] ?? r.status})`;
      row(
        doc,
        [
          dayText(r.created_at),
          `${T.refundOf(T.receiptNumber(r.payment))}${status}`,
          '',
          r.reason,
          `-${formatWireMoney(r.amount)}`,
        ],
        PAYMENT_COLUMNS,
      );
    }
  }
}

type EntrySums = Awaited<ReturnType<typeof repo.invoiceEntrySums>>;

/** The closing lines, in the order they are printed; each names which entries it sums. */
const CLOSING: { label: string; sign: 1 | -1; of: (e: EntrySums[number]) => boolean }[] = [
  { label: T.interest, sign: 1, of: (e) => e.kind === 'INTEREST' },
  { label: T.fees, sign: 1, of: (e) => e.kind === 'FEE' },
  { label: T.chargesReversed, sign: 1, of: (e) => e.kind === 'REVERSAL' && !e.payment && !e.memo },
  { label: T.paymentsLine, sign: 1, of: (e) => e.kind === 'PAYMENT' },
  { label: T.paymentsReversed, sign: 1, of: (e) => e.kind === 'REVERSAL' && e.payment && !e.memo },
  { label: T.creditsApplied, sign: 1, of: (e) => e.kind === 'ALLOCATION' },
  { label: T.creditsUndone, sign: 1, of: (e) => e.kind === 'REVERSAL' && e.memo },
  { label: T.refundsLine, sign: 1, of: (e) => e.kind === 'REFUND' },
  { label: T.creditNotes, sign: 1, of: (e) => e.kind === 'CREDIT' },
];

const signed = (amount: number) =>
  amount < 0 ? `-${formatWireMoney(money(-amount))}` : formatWireMoney(money(amount));

/**
 * The closing figures foot (issue 34): the invoice total, then every kind of entry that moved its
 * balance on its own line (interest, fees, payments, refunds, credits, credit notes), and the
 * balance due, which is their sum. Read from the ledger, so nothing is counted twice or left out.
 */
function totals(doc: Doc, inv: InvoiceDetail, sums: EntrySums) {
  doc.moveDown(0.5);
  const sumOf = (of: (e: EntrySums[number]) => boolean) => sums.filter(of).reduce((t, e) => t + e.amount, 0);
  const charged = sumOf((e) => e.kind === 'CHARGE');
  figure(doc, T.invoiceTotal, formatWireMoney(money(charged)));
  const known = (e: EntrySums[number]) => e.kind === 'CHARGE' || CLOSING.some((c) => c.of(e));
  const lines = CLOSING.map((c) => ({ label: c.label, amount: c.sign * sumOf(c.of) }));
  lines.push({ label: T.adjustments, amount: sumOf((e) => !known(e)) });
  const charges = lines.slice(0, 3).filter((l) => l.amount !== 0);
  for (const l of charges) figure(doc, l.label, signed(l.amount));
  if (charges.length) {
    figure(doc, T.totalCharged, formatWireMoney(money(charged + charges.reduce((t, l) => t + l.amount, 0))), true);
  }
  for (const l of lines.slice(3)) if (l.amount !== 0) figure(doc, l.label, signed(l.amount));
  doc.fontSize(11);
  figure(doc, T.balanceDue, formatWireMoney(inv.balance), true);
  doc.fontSize(9);
}

/** The terms (each milestone's share and due date, the shop's terms for charges) and the next due date, under the invoice's title. */
function terms(doc: Doc, inv: InvoiceDetail, paymentTermsDays: number) {
  const parts = inv.milestones
    .filter((m) => m.status !== 'VOID')
    .map((m) =>
      T.termsOf(m.label, formatWirePercent(m.percentage), m.due_date ? dayText(m.due_date) : T.dueOnCompletion),
    );
  if (parts.length) doc.text(`${T.terms}: ${parts.join('; ')}`, { width: WIDTH });
  doc.text(T.chargesTerms(paymentTermsDays), { width: WIDTH });
  doc
    .font('Helvetica-Bold')
    .text(`${T.dueDate}: ${inv.next_due_date ? dayText(inv.next_due_date) : T.dueOnCompletion}`);
  doc.font('Helvetica');
}

/** How to pay by check and by wire (the shop's remittance settings); nothing when neither is set. */
function remittance(doc: Doc, inv: InvoiceDetail, s: Pick<Settings, 'remit_check_payee' | 'remit_wire_details'>) {
  const ways = [
    [T.remitCheck, s.remit_check_payee],
    [T.remitWire, s.remit_wire_details],
  ].filter(([, text]) => text!.trim() !== '');
  if (ways.length === 0) return;
  heading(doc, T.remittance);
  for (const [label, text] of ways) row(doc, [label!, text!.trim()], [{ width: 150 }, { width: 362 }], {});
  doc.text(T.remitReference(inv.number), LEFT, doc.y, { width: WIDTH });
}

/** The invoice number and "Page n of m" at the foot of every page (drawn once all pages exist). */
function pageNumbers(doc: Doc, number: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin: lift it while writing, or pdfkit would start yet another page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(T.pageOf(number, i - range.start + 1, range.count), LEFT, doc.page.height - 35, {
        width: WIDTH,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** GET invoices/{id}/pdf/: the invoice as the caller may read it, with its order's lines. */
export async function invoicePaper(ctx: Ctx, id: number) {
  const inv = await invoiceDetail(ctx, id);
  const [settings, order, sums] = await Promise.all([
    getSettings(ctx),
    getOrder(ctx, inv.order.id),
    repo.invoiceEntrySums(ctx.db, inv.id),
  ]);
  const bytes = await render(T.invoiceTitle(inv.number), (doc) => {
    doc.fontSize(9);
    seller(doc, settings);
    doc.font('Helvetica-Bold').fontSize(18).text(T.invoiceTitle(inv.number), LEFT, doc.y, { width: WIDTH });
    doc.font('Helvetica').fontSize(9).moveDown(0.3);
    doc.text(`${T.order}: ${T.orderOf(inv.order.name, inv.order.id)}`);
    doc.text(`${T.customer}: ${inv.customer_display}`);
    doc.text(`${T.issued}: ${dayText(inv.issued_at)}${inv.version > 1 ? ` (${T.version(inv.version)})` : ''}`);
    if (inv.payment_option) doc.text(`${T.paymentOption}: ${inv.payment_option}`);
    doc.text(`${T.status}: ${INVOICE_WEB_TEXT.statusLabels[inv.status]}`);
    terms(doc, inv, settings.payment_terms_days);
    if (inv.superseded_at)
      doc
        .font('Helvetica-Bold')
        .text(T.superseded(dayText(inv.superseded_at)))
        .font('Helvetica');
    doc.moveDown(0.8);
    addresses(doc, order);
    lines(doc, order);
    // The order's price steps are this invoice's while their totals agree (the current version).
    if (order.total_price === inv.total) priceSteps(doc, order, inv);
    else {
      doc.moveDown(0.3).font('Helvetica-Oblique').text(T.linesNow, LEFT, doc.y, { width: WIDTH }).font('Helvetica');
      storedSteps(doc, inv);
    }
    schedule(doc, inv);
    received(doc, inv);
    totals(doc, inv, sums);
    remittance(doc, inv, settings);
    pageNumbers(doc, inv.number);
  });
  return { name: inv.number, bytes };
}

/** The receipt's head: the seller, the title, and one line per label. */
function paperHead(doc: Doc, settings: Settings, title: string) {
  doc.fontSize(9);
  seller(doc, settings);
  doc.font('Helvetica-Bold').fontSize(18).text(title, LEFT, doc.y, { width: WIDTH });
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  return (name: string, value: string) => row(doc, [name, value], [{ width: 170 }, { width: 342 }]);
}

/** A payment's receipt as issued (payments.receipt), or for one made before receipts were kept, as it was then. */
async function receiptOf(ctx: Ctx, p: repo.PaymentRecord, wire: Payment) {
  if (p.receipt) return p.receipt;
  const [milestone, left] = await Promise.all([
    repo.milestoneFigures(ctx.db, p.milestoneId),
    repo.balanceAfterPayment(ctx.db, p.milestoneId, p.id),
  ]);
  return {
    payer: wire.payer,
    invoice: wire.invoice.number,
    milestone: milestone?.label ?? '',
    order: wire.order.name,
    balance_left: left ?? milestone?.balance ?? 0,
  };
}

/** A payment the caller reaches (else 404). */
async function reachedPayment(ctx: Ctx, id: number) {
  const found = await repo.paymentById(ctx.db, id);
  assertReaches(ctx.actor, found);
  return found as repo.PaymentRecord;
}

/**
 * GET payments/{id}/receipt/: one payment as it was received, with what was left on its milestone
 * then. Money that never reached the shop (pending, failed, cancelled, reversed) has none: 404.
 */
export async function receiptPaper(ctx: Ctx, id: number) {
  const p = await reachedPayment(ctx, id);
  if (!RECEIPT_STATUSES.includes(p.status)) throw notFound();
  const [[payment], settings] = await Promise.all([paymentsToWire(ctx.db, [p]), getSettings(ctx)]);
  const kept = await receiptOf(ctx, p, payment!);
  const number = T.receiptNumber(p.id);
  const bytes = await render(T.receiptTitle(number), (doc) => {
    const line = paperHead(doc, settings, T.receiptTitle(number));
    line(T.payer, kept.payer);
    line(T.invoice, kept.invoice);
    line(T.milestone, kept.milestone);
    line(T.order, T.orderOf(kept.order, p.orderId));
    line(T.method, INVOICE_WEB_TEXT.methodLabels[p.method]);
    if (p.reference) line(T.reference, p.reference);
    line(T.received, dayText(payment!.received_at));
    doc.moveDown(0.5).fontSize(12);
    line(T.amountReceived, formatWireMoney(money(p.amount)));
    line(T.balanceLeft(kept.milestone), formatWireMoney(money(kept.balance_left)));
  });
  return { name: `receipt-${p.id}`, bytes };
}

/**
 * GET payments/refunds/{id}/receipt/: money given back, its own paper (the payment's receipt
 * stays as issued). Only a refund that went through has one.
 */
export async function refundReceiptPaper(ctx: Ctx, refundId: number) {
  const refund = await repo.refundById(ctx.db, refundId);
  if (refund?.status !== 'SUCCEEDED') throw notFound();
  const p = await reachedPayment(ctx, refund.paymentId);
  const [[payment], settings] = await Promise.all([paymentsToWire(ctx.db, [p]), getSettings(ctx)]);
  const kept = await receiptOf(ctx, p, payment!);
  const number = T.refundNumber(refund.id);
  const bytes = await render(T.refundReceiptTitle(number), (doc) => {
    const line = paperHead(doc, settings, T.refundReceiptTitle(number));
    line(T.refundedTo, kept.payer);
    line(T.invoice, payment!.invoice.number);
    line(T.order, T.orderOf(payment!.order.name, p.orderId));
    line(T.refundOfPayment, `${T.receiptNumber(p.id)} (${formatWireMoney(money(p.amount))})`);
    line(T.method, INVOICE_WEB_TEXT.methodLabels[p.method]);
    line(T.reason, refund.reason);
    line(T.refundedOn, dayText((refund.settledAt ?? refund.createdAt).toISOString()));
    doc.moveDown(0.5).fontSize(12);
    line(T.amountRefunded, formatWireMoney(money(refund.amount)));
  });
  return { name: `refund-${refund.id}`, bytes };
}
