import PDFDocument from 'pdfkit';

/**
 * One way to make a PDF (issue 28): pdfkit in memory, for papers of a page or a few (invoices,
 * receipts, labels, the shelf list). `draw` writes on a new document made with `options`; the
 * bytes come back once pdfkit has written its end.
 */
export function renderPdf(
  options: PDFKit.PDFDocumentOptions,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}
