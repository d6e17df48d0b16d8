/**
 * Issue 18: a 500-label PDF (one label a page, Code128 bars) for an order of 500 cabinets, as
 * GET /api/orders/{id}/dymo_xmls/?format=pdf builds it, and the 500 DYMO label XMLs beside it.
 * Goal: the PDF under 3 s. Pure CPU, no database.
 *
 * Usage: node --import tsx bench/labels.mts   (LABELS=500, RUNS=5 by default)
 */

import { cabinetLabels } from '../apps/server/src/modules/labels/cabinets.ts';
import { cabinetLabelXml, cabinetLines } from '../apps/server/src/modules/labels/dymo.ts';
import { labelsPdf } from '../apps/server/src/modules/labels/pdf.ts';
import type { Order } from '../packages/shared/src/index.ts';

const LABELS = Number(process.env.LABELS ?? 500);
const RUNS = Number(process.env.RUNS ?? 5);
const CODES = ['B15', 'B18', 'B24', 'SB36', 'DB18', 'W3036', 'U2490', 'TK8', 'FEP-B'];

/** An order of LABELS cabinets: lines of qty 1 to 4 (only the fields a label reads are real). */
function syntheticOrder(): Order {
  const items: Record<string, unknown>[] = [];
  let units = 0;
  for (let n = 1; units < LABELS; n++) {
    const qty = Math.min(1 + (n % 4), LABELS - units);
    units += qty;
    items.push({
      line_no: n,
      qty,
      manufacturer_code: CODES[n % CODES.length],
      description: `Cabinet ${n}`,
      width: 12 + (n % 4) * 6,
      height: 34.5,
      depth: 24,
      nb_shelf: n % 2,
      finish: 'MAPLE / NATURAL',
      is_attachment: false,
      _id: `L${n}`,
      parentId: null,
    });
  }
  return {
    id: 104_200,
    name: 'Henderson kitchen remodel',
    customer_display: 'Acme Builders - Jane Henderson',
    groups: [{ name: 'Perimeter', items }],
  } as unknown as Order;
}

const order = syntheticOrder();
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;

const pdfMs: number[] = [];
let size = 0;
for (let run = 0; run < RUNS; run++) {
  const t0 = performance.now();
  const labels = cabinetLabels(order).map((l) => ({ barcode: l.barcode, lines: cabinetLines(l) }));
  const pdf = await labelsPdf(labels, order.name);
  pdfMs.push(performance.now() - t0);
  size = pdf.length;
  if (run === 0 && pageCount(pdf) !== LABELS) throw new Error(`expected ${LABELS} pages, got ${pageCount(pdf)}`);
}
const t1 = performance.now();
const xmls = cabinetLabels(order).map(cabinetLabelXml);
const xmlMs = performance.now() - t1;

const sorted = [...pdfMs].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] as number;
console.log(`labels: ${LABELS}, runs: ${RUNS}`);
console.log(
  `PDF: first ${pdfMs[0]?.toFixed(0)} ms (cold), median ${median.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms, ${(size / 1024).toFixed(0)} KiB`,
);
console.log(`DYMO XML: ${xmls.length} labels in ${xmlMs.toFixed(0)} ms`);
console.log(`goal < 3000 ms: ${Math.max(...pdfMs) < 3000 ? 'met' : 'MISSED'}`);
