import bwipjs from 'bwip-js/node';
import { renderPdf } from '../../kit/pdf.ts';

/**
 * Labels and the shelf list as PDF, for any printer (DOMAIN.md: where no DYMO service answers).
 * A label page is 2-1/4 in x 1-1/4 in (162 x 90 pt), one label a page. The Code128 bars come
 * from bwip-js's encoder (raw: the bar and space widths) and are drawn as vector rectangles, so
 * they print sharp at any resolution and 500 labels take a fraction of a second (bench/labels.mts).
 */

const LABEL_PAGE = { width: 162, height: 90 } as const;

export interface PdfLabel {
  barcode: string;
  lines: [string, string, string, string];
}

/** The module widths of a Code128 symbol: bar, space, bar, ... (sbs). */
const barsCache = new Map<string, number[]>();
function code128Bars(text: string): number[] {
  let bars = barsCache.get(text);
  if (!bars) {
    const [symbol] = bwipjs.raw('code128', text, {}) as { sbs: number[] }[];
    bars = symbol?.sbs ?? [];
    if (barsCache.size > 5000) barsCache.clear();
    barsCache.set(text, bars);
  }
  return bars;
}

function drawBarcode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, maxWidth: number, height: number) {
  const bars = code128Bars(text);
  const modules = bars.reduce((a, b) => a + b, 0);
  if (modules === 0) return;
  const unit = Math.min(maxWidth / modules, 1.4);
  let at = x + (maxWidth - modules * unit) / 2;
  for (let i = 0; i < bars.length; i++) {
    const w = (bars[i] as number) * unit;
    if (i % 2 === 0) doc.rect(at, y, w, height);
    at += w;
  }
  doc.fill('black');
}

const fit = (doc: PDFKit.PDFDocument, text: string, width: number) => {
  if (doc.widthOfString(text) <= width) return text;
  let t = text;
  while (t.length > 1 && doc.widthOfString(`${t}…`) > width) t = t.slice(0, -1);
  return `${t}…`;
};

/** The four text lines of a label: font, size, top. */
const LABEL_LINES = [
  ['Helvetica-Bold', 8, 5],
  ['Helvetica', 6.5, 15],
  ['Helvetica-Bold', 7.5, 24],
  ['Helvetica', 6.5, 34],
] as const;

/** One PDF, one label a page. */
export function labelsPdf(labels: readonly PdfLabel[], title: string): Promise<Buffer> {
  const page = { size: [LABEL_PAGE.width, LABEL_PAGE.height], margin: 0 };
  return renderPdf({ ...page, autoFirstPage: false, info: { Title: title } }, (doc) => {
    const m = 6;
    const w = LABEL_PAGE.width - 2 * m;
    for (const label of labels) {
      doc.addPage(page);
      // The order, the customer, the line and the size, each in its own font: shrunk to the label's
      // width down to three quarters of its size (as DYMO's ShrinkToFit), then cut.
      label.lines.forEach((text, i) => {
        const [font, size, y] = LABEL_LINES[i]!;
        doc.font(font).fontSize(size);
        const width = doc.widthOfString(text);
        if (width > w) doc.fontSize(Math.max(size * 0.75, (size * w * 0.999) / width));
        doc.text(fit(doc, text, w), m, y, { lineBreak: false });
      });
      drawBarcode(doc, label.barcode, m, 44, w, 30);
      doc.font('Helvetica').fontSize(7).text(label.barcode, m, 77, { width: w, align: 'center', lineBreak: false });
    }
    if (labels.length === 0) doc.addPage();
  });
}

/** The shelf list on letter pages: the order, then width, depth and qty rows, then the total. */
export function shelfListPdf(
  head: { orderId: number; orderName: string; customer: string },
  rows: readonly { width: string; depth: string; qty: number }[],
  text: { title: string; width: string; depth: string; qty: string; total: string },
): Promise<Buffer> {
  return renderPdf({ size: 'LETTER', margin: 50, info: { Title: `${text.title} ${head.orderId}` } }, (doc) => {
    doc.font('Helvetica-Bold').fontSize(16).text(`${text.title}: #${head.orderId} ${head.orderName}`);
    doc.font('Helvetica').fontSize(11).text(head.customer).moveDown();
    const cols = [50, 200, 350];
    const row = (cells: string[], bold = false) => {
      if (doc.y > 720) doc.addPage();
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
      for (const [i, c] of cells.entries()) doc.text(c, cols[i], y, { width: 140, lineBreak: false });
      doc.moveDown(0.6);
      doc.x = 50;
    };
    row([text.width, text.depth, text.qty], true);
    for (const r of rows) row([r.width, r.depth, String(r.qty)]);
    doc.moveDown();
    doc.font('Helvetica-Bold').text(text.total, 50);
  });
}
