import { BOOKS_TEXT as B, formatWireMoney, INVOICE_PDF_TEXT, STATEMENT_BUCKETS, type Statement } from '@cab/shared';
import type { Ctx } from '../../../kit/context.ts';
import { renderPdf } from '../../../kit/pdf.ts';
import { getSettings } from '../../core/index.ts';

/**
 * The statement of account on paper (pdfkit, as the invoice's): the seller, the party and the
 * period, the opening balance, one line per document with its running balance, the closing
 * balance, the credit and the aging; page numbers on every page. The tests read its text.
 */

type Doc = PDFKit.PDFDocument;
const LEFT = 50;
const WIDTH = 512;
/** Date, type, reference, description, amount, balance. */
const COLUMNS = [62, 58, 100, 152, 70, 70];
const RIGHT_FROM = 4;
/** The reference and the description may wrap; the others are short and are set on one line. */
const WRAPS = [false, false, true, true, false, false];

function tableRow(doc: Doc, cells: string[], bold = false) {
  if (doc.y > doc.page.height - doc.page.margins.bottom - 30) doc.addPage();
  const y = doc.y;
  let x = LEFT;
  let bottom = y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
  cells.forEach((text, i) => {
    const width = COLUMNS[i]! - 4;
    if (WRAPS[i]) doc.text(text, x, y, { width });
    else if (text !== '') {
      // Without a width pdfkit skips its line wrapper (most of a long statement's time): placed by hand.
      const at = i >= RIGHT_FROM ? x + width - doc.widthOfString(text) : x;
      doc.text(text, at, y, { lineBreak: false });
    }
    // A line set without a width leaves y where it was: the row is at least one line high.
    bottom = Math.max(bottom, doc.y, y + doc.currentLineHeight(true));
    x += COLUMNS[i]!;
  });
  doc.x = LEFT;
  doc.y = bottom + 2;
}

export async function statementPaper(ctx: Ctx, s: Statement): Promise<{ name: string; bytes: Buffer }> {
  const settings = await getSettings(ctx);
  const title = `${B.statementOfAccount} ${s.party.name}`;
  const bytes = await renderPdf({ size: 'LETTER', margin: LEFT, bufferPages: true, info: { Title: title } }, (doc) => {
    doc.fontSize(9);
    if (settings.seller_name) doc.font('Helvetica-Bold').text(settings.seller_name, { width: WIDTH });
    doc.font('Helvetica');
    if (settings.seller_address) doc.text(settings.seller_address, { width: WIDTH });
    if (settings.seller_phone) doc.text(settings.seller_phone, { width: WIDTH });
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(14).text(B.statementOfAccount, { width: WIDTH });
    doc.fontSize(10).text(s.party.name, { width: WIDTH });
    doc.font('Helvetica').fontSize(9).text(B.period(s.date_after, s.date_before), { width: WIDTH });
    doc.text(INVOICE_PDF_TEXT.chargesTerms(settings.payment_terms_days), { width: WIDTH });
    doc.moveDown();
    tableRow(doc, [B.dateHeader, B.kind, B.reference, B.description, B.amount, B.balance], true);
    tableRow(doc, [s.date_after, '', '', B.openingBalance, '', formatWireMoney(s.opening_balance)]);
    for (const l of s.lines) {
      tableRow(doc, [
        l.date,
        B.kinds[l.kind],
        l.reference,
        l.description,
        formatWireMoney(l.amount),
        formatWireMoney(l.balance),
      ]);
    }
    if (s.lines.length === 0) tableRow(doc, ['', '', '', B.noLines, '', '']);
    tableRow(doc, [s.date_before, '', '', B.closingBalance, '', formatWireMoney(s.closing_balance)], true);
    doc.moveDown();
    tableRow(doc, ['', '', '', B.creditAvailable, '', formatWireMoney(s.credit_available)]);
    doc.moveDown();
    doc.font('Helvetica-Bold').text(B.aging, LEFT, doc.y, { width: WIDTH });
    for (const b of STATEMENT_BUCKETS) tableRow(doc, ['', '', '', B.buckets[b], '', formatWireMoney(s.aging[b])]);
    // Page numbers with the party on every page (a statement can run long).
    const pages = doc.bufferedPageRange();
    for (let i = 0; i < pages.count; i++) {
      doc.switchToPage(pages.start + i);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font('Helvetica')
        .fontSize(8)
        .text(B.pageOf(s.party.name, i + 1, pages.count), LEFT, doc.page.height - 35, {
          width: WIDTH,
          align: 'center',
        });
      doc.page.margins.bottom = bottom;
    }
  });
  return { name: `statement_${s.party.type}_${s.party.id}_${s.date_after}_${s.date_before}`, bytes };
}
