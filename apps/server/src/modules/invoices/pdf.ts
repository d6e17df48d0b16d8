import type { InvoiceDetail, Payment } from '@cab/shared';
import { formatWireMoney } from '@cab/shared';
import PDFDocument from 'pdfkit';

/** The invoice and the receipt as PDFs (pdfkit, built in memory: they are a page or two). */

function render(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: 'Invoice' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

const row = (doc: PDFKit.PDFDocument, cells: string[], widths: number[]) => {
  const y = doc.y;
  let x = 50;
  cells.forEach((c, i) => {
    doc.text(c, x, y, { width: widths[i], continued: false });
    x += widths[i]!;
  });
  doc.moveDown(0.3);
  doc.x = 50;
};

export function invoicePdf(inv: InvoiceDetail): Promise<Buffer> {
  return render((doc) => {
    doc.fontSize(20).text(`Invoice ${inv.number}`);
    doc.fontSize(10).moveDown(0.5);
    doc.text(`Order: ${inv.order.name} (#${inv.order.id})`);
    doc.text(`Customer: ${inv.customer_display}`);
    doc.text(`Issued: ${inv.issued_at.slice(0, 10)}${inv.version > 1 ? ` (version ${inv.version})` : ''}`);
    if (inv.payment_option) doc.text(`Payment option: ${inv.payment_option}`);
    doc.text(`Status: ${inv.status}`);
    doc.moveDown();
    doc.text(`Payment option discount: ${formatWireMoney(inv.payment_option_discount)}`);
    doc.text(`Sales tax: ${formatWireMoney(inv.sales_tax)}`);
    doc.fontSize(12).text(`Total: ${formatWireMoney(inv.total)}`);
    doc.fontSize(10).moveDown();
    doc.fontSize(12).text('Milestones');
    doc.fontSize(9);
    const w = [150, 70, 70, 70, 70, 80];
    row(doc, ['Milestone', 'Amount', 'Paid', 'Credited', 'Balance', 'Due'], w);
    for (const m of inv.milestones) {
      row(
        doc,
        [
          `${m.label} (${m.percentage} %)`,
          formatWireMoney(m.amount),
          formatWireMoney(m.paid),
          formatWireMoney(m.credited),
          formatWireMoney(m.balance),
          `${m.due_date ?? '-'} ${m.status}`,
        ],
        w,
      );
    }
    doc.moveDown();
    doc.fontSize(12).text(`Paid ${formatWireMoney(inv.paid)}, credited ${formatWireMoney(inv.credited)}`);
    doc.fontSize(14).text(`Balance due: ${formatWireMoney(inv.balance)}`);
  });
}

export function receiptPdf(p: Payment): Promise<Buffer> {
  return render((doc) => {
    doc.fontSize(20).text(`Receipt R-${String(p.id).padStart(6, '0')}`);
    doc.fontSize(11).moveDown();
    doc.text(`Invoice: ${p.invoice.number}`);
    doc.text(`Order: ${p.order.name} (#${p.order.id})`);
    doc.text(`Paid by: ${p.payer}`);
    doc.text(`Method: ${p.method}${p.reference ? ` (${p.reference})` : ''}`);
    doc.text(`Status: ${p.status}`);
    doc.text(`Received: ${p.received_at ? p.received_at.slice(0, 10) : '-'}`);
    doc.moveDown();
    doc.fontSize(16).text(`Amount: ${formatWireMoney(p.amount)}`);
  });
}
