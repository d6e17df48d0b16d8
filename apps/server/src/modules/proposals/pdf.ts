import { dayIn, formatWireMoney, PROPOSAL_TEXT, type PublicProposal } from '@cab/shared';
import { renderPdf } from '../../kit/pdf.ts';
import { usDay } from './wire.ts';

/**
 * The homeowner's paper (issue 37): made from the public answer only, so nothing the client may
 * not see (cost, margin, the shop) can reach it. The dealer's logo (png or jpeg; pdfkit draws no
 * gif) heads it.
 */
const T = PROPOSAL_TEXT.pdf;
const LEFT = 50;
const WIDTH = 512;

/** x and width of each line column: group, code, description, qty, price, total. */
const COLS = [
  [LEFT, 70],
  [LEFT + 72, 70],
  [LEFT + 144, 178],
  [LEFT + 324, 36],
  [LEFT + 362, 74],
  [LEFT + 438, 74],
] as const;
const RIGHT_FROM = 3;

function cells(doc: PDFKit.PDFDocument, texts: readonly string[], bold = false) {
  if (doc.y > doc.page.height - doc.page.margins.bottom - 30) doc.addPage();
  const y = doc.y;
  let bottom = y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
  texts.forEach((text, i) => {
    const [x, width] = COLS[i]!;
    doc.text(text, x, y, { width, align: i >= RIGHT_FROM ? 'right' : 'left' });
    bottom = Math.max(bottom, doc.y);
  });
  doc.y = bottom + 2;
  doc.x = LEFT;
}

function amountLine(doc: PDFKit.PDFDocument, label: string, amount: string, bold = false) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
  doc.text(label, LEFT + 290, y, { width: 146, align: 'right' });
  doc.text(formatWireMoney(amount), LEFT + 438, y, { width: 74, align: 'right' });
  doc.x = LEFT;
}

function block(doc: PDFKit.PDFDocument, title: string, text: string) {
  if (!text.trim()) return;
  doc.moveDown(1).font('Helvetica-Bold').text(title, LEFT, doc.y, { width: WIDTH });
  doc.font('Helvetica').text(text, { width: WIDTH });
}

export function proposalPaper(a: PublicProposal, logo: Buffer | null): Promise<Buffer> {
  return renderPdf({ size: 'LETTER', margin: LEFT, info: { Title: T.title(a.number) } }, (doc) => {
    doc.fontSize(9);
    if (logo) {
      try {
        doc.image(logo, LEFT, doc.y, { fit: [160, 60] });
        doc.y += 64;
      } catch {
        // A gif or an unreadable image: the paper goes without it.
      }
    }
    const d = a.dealer;
    doc.font('Helvetica-Bold').fontSize(14).text(d.display_name, LEFT, doc.y, { width: WIDTH });
    doc.font('Helvetica').fontSize(9);
    for (const line of [d.address, d.phone, d.licence_number ? T.licence(d.licence_number) : '']) {
      if (line.trim()) doc.text(line, { width: WIDTH });
    }
    doc.moveDown(1).font('Helvetica-Bold').fontSize(12).text(T.title(a.number), { width: WIDTH });
    doc.font('Helvetica').fontSize(9);
    if (a.date) doc.text(`${T.date}: ${usDay(dayIn(new Date(a.date)))}`);
    doc.text(`${T.validUntil}: ${usDay(a.valid_until)}`);
    doc.moveDown(0.6).font('Helvetica-Bold').text(T.preparedFor);
    doc.font('Helvetica');
    for (const line of [a.client.name, a.client.email, a.client.phone, a.client.address]) {
      if (line.trim()) doc.text(line, { width: WIDTH });
    }
    doc.moveDown(1);
    cells(doc, [T.group, T.code, T.description, T.qty, T.price, T.total], true);
    for (const l of a.lines) {
      cells(doc, [
        l.group_name,
        l.code,
        l.description,
        String(l.qty),
        formatWireMoney(l.price),
        formatWireMoney(l.total),
      ]);
    }
    if (a.extra_lines.length) {
      doc.moveDown(0.5);
      cells(doc, [T.extras, '', '', '', '', ''], true);
      for (const e of a.extra_lines) cells(doc, ['', '', e.description, '', '', formatWireMoney(e.amount)]);
    }
    doc.moveDown(0.8);
    amountLine(doc, T.subtotal, a.subtotal);
    amountLine(doc, T.tax(`${a.tax_rate} %`), a.tax);
    amountLine(doc, T.grandTotal, a.total, true);
    block(doc, T.terms, a.terms);
    block(doc, T.notes, a.notes);
    if (a.accepted) doc.moveDown(1).text(T.acceptedBy(a.accepted.name, usDay(dayIn(new Date(a.accepted.at)))));
  });
}
