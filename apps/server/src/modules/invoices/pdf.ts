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
  type Settings,
  INVOICE_PDF_TEXT as T,
} from '@cab/shared';
import type { Ctx } from '../../kit/context.ts';
import { renderPdf } from '../../kit/pdf.ts';
import { getSettings } from '../core/index.ts';
import { getOrder } from '../orders/index.ts';
import { assertReaches, money } from './common.ts';
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

const render = (title: string, draw: (doc: Doc) => void) =>
  renderPdf({ size: 'LETTER', margin: LEFT, info: { Title: title } }, draw);

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

function totals(doc: Doc, inv: InvoiceDetail) {
  doc.moveDown(0.5);
  figure(doc, T.total, formatWireMoney(inv.total));
  figure(doc, T.totalPaid, formatWireMoney(inv.paid));
  if (inv.credited !== '0.00') figure(doc, T.totalCredited, formatWireMoney(inv.credited));
  const refunded = inv.refunds.filter((r) => r.status === 'SUCCEEDED').map((r) => r.amount);
  if (refunded.length) {
    const sum = refunded.reduce((a, w) => a + (parseMoney(w) ?? 0), 0);
    figure(doc, T.totalRefunded, formatWireMoney(money(sum)));
  }
  doc.fontSize(11);
  figure(doc, T.balanceDue, formatWireMoney(inv.balance), true);
  doc.fontSize(9);
}

/** GET invoices/{id}/pdf/: the invoice as the caller may read it, with its order's lines. */
export async function invoicePaper(ctx: Ctx, id: number) {
  const inv = await invoiceDetail(ctx, id);
  const [settings, order] = await Promise.all([getSettings(ctx), getOrder(ctx, inv.order.id)]);
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
    totals(doc, inv);
  });
  return { name: inv.number, bytes };
}

/** GET payments/{id}/receipt/: one payment, with what was left on its milestone after it. */
export async function receiptPaper(ctx: Ctx, id: number) {
  const found = await repo.paymentById(ctx.db, id);
  assertReaches(ctx.actor, found);
  const p = found as repo.PaymentRecord;
  const [[wire], settings, milestone, left] = await Promise.all([
    paymentsToWire(ctx.db, [p]),
    getSettings(ctx),
    repo.milestoneFigures(ctx.db, p.milestoneId),
    repo.balanceAfterPayment(ctx.db, p.milestoneId, p.id),
  ]);
  const payment = wire!;
  const label = milestone?.label ?? '';
  const number = T.receiptNumber(p.id);
  const bytes = await render(T.receiptTitle(number), (doc) => {
    doc.fontSize(9);
    seller(doc, settings);
    doc.font('Helvetica-Bold').fontSize(18).text(T.receiptTitle(number), LEFT, doc.y, { width: WIDTH });
    doc.font('Helvetica').fontSize(10).moveDown(0.5);
    const line = (name: string, value: string) => row(doc, [name, value], [{ width: 150 }, { width: 362 }]);
    line(T.payer, payment.payer);
    line(T.invoice, payment.invoice.number);
    line(T.milestone, label);
    line(T.order, T.orderOf(payment.order.name, payment.order.id));
    line(T.method, INVOICE_WEB_TEXT.methodLabels[payment.method]);
    if (payment.reference) line(T.reference, payment.reference);
    line(T.received, dayText(payment.received_at));
    if (payment.status !== 'SUCCEEDED') {
      line(T.paymentStatus, INVOICE_WEB_TEXT.statusLabels[payment.status] ?? payment.status);
    }
    doc.moveDown(0.5).fontSize(12);
    line(T.amountReceived, formatWireMoney(payment.amount));
    const balance = left ?? milestone?.balance ?? null;
    if (balance !== null) line(T.balanceLeft(label), formatWireMoney(money(balance)));
  });
  return { name: `receipt-${p.id}`, bytes };
}
