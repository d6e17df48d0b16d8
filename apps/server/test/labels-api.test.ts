import { schema } from '@cab/db';
import { cabinetBarcode, labelsApi } from '@cab/shared';
import { and, eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';
import { productionOrder } from './labels-fixtures.ts';
import { setOrder } from './orders-fixtures.ts';
import { pdfText } from './pdf-text.ts';

let t: TestApp;
let admin: string;
let staff: string;
let personal: string;
let orderId: number;

/** Pages of a PDF (pdfkit writes each page's dictionary uncompressed). */
const pageCount = (pdf: string) => (pdf.match(/\/Type \/Page\b(?!s)/g) ?? []).length;

async function pdfOf(url: string, token: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Token ${token}` } });
  return {
    status: res.statusCode,
    type: res.headers['content-type'],
    disposition: String(res.headers['content-disposition'] ?? ''),
    body: res.rawPayload.toString('latin1'),
  };
}

beforeAll(async () => {
  t = await setupTestApp();
  [admin, staff, personal] = await Promise.all([t.login('ADMIN'), t.login('STAFF'), t.login('PERSONAL')]);
  orderId = (await productionOrder(t, admin)).id;
});
afterAll(() => t.close());

describe('dymo_xmls', () => {
  it('gives one well-formed DYMO label per cabinet, keyed by its barcode, with the order, customer, line, code, size and finish', async () => {
    const res = await t.call(labelsApi.dymoXmls, { token: staff, params: { id: orderId }, query: { mode: 'cabinet' } });
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe('cabinet');
    // base x2 (line 1), its attachment x3 (line 2, right after its parent), wall x1: one label per unit
    const keys = res.body.results.map((r: { key: string }) => r.key);
    expect(keys).toEqual([
      cabinetBarcode(orderId, 1, 1),
      cabinetBarcode(orderId, 1, 2),
      cabinetBarcode(orderId, 2, 1),
      cabinetBarcode(orderId, 2, 2),
      cabinetBarcode(orderId, 2, 3),
      cabinetBarcode(orderId, 3, 1),
    ]);
    expect(keys[1]).toBe(`${orderId}-01-2`);
    const parser = new XMLParser({ ignoreAttributes: false });
    for (const { key, xml } of res.body.results) {
      expect(XMLValidator.validate(xml)).toBe(true);
      const doc = parser.parse(xml);
      const objects = doc.DieCutLabel.ObjectInfo;
      const barcode = objects.find((o: Record<string, unknown>) => o.BarcodeObject).BarcodeObject;
      expect(barcode.Type).toBe('Code128Auto');
      expect(barcode.Text).toBe(key);
    }
    const first = res.body.results[0].xml as string;
    // The name is escaped, not breaking the XML, and read back as written.
    expect(first).toContain('Label &amp; &lt;test&gt; kitchen');
    expect(first).toContain('ZB24');
    expect(first).toContain('24W x 34.5H x 24D');
    expect(first).toContain('ZSTAIN');
    expect(first).toContain('Line 01 (1/2)');
    // The base line's finished side is named on its labels (the shop builds the finished ends from
    // them); the wall cabinet has none.
    expect(first).toContain('Line 01 (1/2) ZB24 | Finished side ZFSIDE');
    expect(res.body.results[1].xml).toContain('Line 01 (2/2) ZB24 | Finished side ZFSIDE');
    expect(res.body.results[5].xml).toContain('Line 03 (1/1) ZW30');
    expect(res.body.results[5].xml).not.toContain('Finished side');
  });

  it('gives one shelf label per shelf to cut in shelf mode, each naming its size, its number and its cabinet', async () => {
    const res = await t.call(labelsApi.dymoXmls, { token: admin, params: { id: orderId }, query: { mode: 'shelf' } });
    expect(res.status).toBe(200);
    // The base cabinet x2, one adjustable shelf each: two shelves of 24 x 24, two labels.
    expect(res.body.results.map((r: { key: string }) => r.key)).toEqual([`${orderId}-01-1-S1`, `${orderId}-01-2-S1`]);
    for (const { key, xml } of res.body.results) {
      expect(XMLValidator.validate(xml)).toBe(true);
      expect(new XMLParser().parse(xml).DieCutLabel.ObjectInfo.at(-1).BarcodeObject.Text).toBe(key);
    }
    expect(res.body.results[0].xml).toContain('Shelf 24W x 24D (1/2)');
    expect(res.body.results[0].xml).toContain('For Line 01 (1/2) ZB24');
    expect(res.body.results[1].xml).toContain('Shelf 24W x 24D (2/2)');
    expect(res.body.results[1].xml).toContain('For Line 01 (2/2) ZB24');
  });

  it('gives as many shelf labels as the shelf list counts, sizes in its order', async () => {
    // The wall cabinet given two shelves of another size: 2 + 2 shelves, the smaller size first.
    const { id, catalogue } = await productionOrder(t, admin);
    await t.handle.db
      .update(schema.orderItems)
      .set({ nbShelf: 2, width: 12, depth: 12 })
      .where(and(eq(schema.orderItems.orderId, id), eq(schema.orderItems.lineItemId, catalogue.wall)));
    await setOrder(t, id, { version: 5 });
    const list = await t.call(labelsApi.shelfList, { token: staff, params: { id } });
    const res = await t.call(labelsApi.dymoXmls, { token: staff, params: { id }, query: { mode: 'shelf' } });
    expect(res.body.results).toHaveLength(list.body.total_shelves);
    expect(res.body.results.map((r: { key: string }) => r.key)).toEqual([
      `${id}-03-1-S1`,
      `${id}-03-1-S2`,
      `${id}-01-1-S1`,
      `${id}-01-2-S1`,
    ]);
    expect(res.body.results[1].xml).toContain('Shelf 12W x 12D (2/2)');
    expect(res.body.results[1].xml).toContain('For Line 03 (1/1) ZW30');
  });

  it('gives the same labels as one PDF, one page per label', async () => {
    const pdf = await pdfOf(`/api/orders/${orderId}/dymo_xmls/?mode=cabinet&format=pdf`, staff);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.body.startsWith('%PDF')).toBe(true);
    expect(pageCount(pdf.body)).toBe(6);
    expect(pdfText(Buffer.from(pdf.body, 'latin1'))).toContain('Line 01 (1/2) ZB24 | Finished side ZFSIDE');
    const shelf = await pdfOf(`/api/orders/${orderId}/dymo_xmls/?mode=shelf&format=pdf`, staff);
    expect(pageCount(shelf.body)).toBe(2);
  });

  it('refuses an order not in production, an unknown mode, and customers', async () => {
    const bid = (await productionOrder(t, admin, 'BID')).id;
    const res = await t.call(labelsApi.dymoXmls, { token: admin, params: { id: bid }, query: { mode: 'cabinet' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('order_not_in_production');
    const bad = await t.call(labelsApi.dymoXmls, { token: admin, params: { id: orderId }, query: { mode: 'box' } });
    expect(bad.status).toBe(400);
    // The order's own customer cannot print or read its labels either.
    const own = await t.call(labelsApi.dymoXmls, {
      token: personal,
      params: { id: orderId },
      query: { mode: 'cabinet' },
    });
    expect(own.status).toBe(403);
    expect((await pdfOf(`/api/orders/${orderId}/dymo_xmls/?format=pdf`, personal)).status).toBe(403);
    const missing = await t.call(labelsApi.dymoXmls, {
      token: admin,
      params: { id: 999_999 },
      query: { mode: 'cabinet' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('shelf_list', () => {
  it('sums nb_adjustable_shelf x qty per line, grouped by size', async () => {
    // The wall cabinet line given two shelves of another size: the sizes stay apart and the total adds up.
    const { id, catalogue } = await productionOrder(t, admin);
    await t.handle.db
      .update(schema.orderItems)
      .set({ nbShelf: 2, width: 30, depth: 12 })
      .where(and(eq(schema.orderItems.orderId, id), eq(schema.orderItems.lineItemId, catalogue.wall)));
    await setOrder(t, id, { version: 5 });
    const res = await t.call(labelsApi.shelfList, { token: staff, params: { id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      results: [
        { width: 24, depth: 24, qty: 2 },
        { width: 30, depth: 12, qty: 2 },
      ],
      total_shelves: 4,
    });
    const pdf = await pdfOf(`/api/orders/${id}/shelf_list/?format=pdf`, staff);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.body.startsWith('%PDF')).toBe(true);
    expect((await t.call(labelsApi.shelfList, { token: personal, params: { id } })).status).toBe(403);
  });
});

describe('print records', () => {
  it('records what was printed, by whom, when', async () => {
    const all = await t.call(labelsApi.printList, { token: staff, body: { order: orderId, mode: 'cabinet' } });
    expect(all.status).toBe(201);
    expect(all.body).toMatchObject({ order: orderId, session: null, mode: 'CABINET', label_count: 6 });
    expect(all.body.printed_by.full_name).not.toBe('');
    expect(Date.parse(all.body.printed_at)).toBeGreaterThan(Date.now() - 60_000);

    const some = await t.call(labelsApi.printList, {
      token: admin,
      body: { order: orderId, mode: 'cabinet', barcodes: [cabinetBarcode(orderId, 3, 1)] },
    });
    expect(some.body).toMatchObject({ barcodes: [`${orderId}-03-1`], label_count: 1 });

    const wrong = await t.call(labelsApi.printList, {
      token: admin,
      body: { order: orderId, mode: 'cabinet', barcodes: [cabinetBarcode(orderId, 9, 1)] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.barcodes).toBeDefined();

    const session = await t.call(labelsApi.printSession, { token: staff, body: { session: 12 } });
    expect(session.status).toBe(201);
    expect(session.body).toMatchObject({ session: 12, order: null, mode: 'SESSION' });
    expect((await t.call(labelsApi.printSession, { token: staff, body: { session: 0 } })).status).toBe(400);
    expect((await t.call(labelsApi.printSession, { token: staff, body: {} })).status).toBe(400);
    expect(
      (await t.call(labelsApi.printList, { token: personal, body: { order: orderId, mode: 'cabinet' } })).status,
    ).toBe(403);

    const events = await t.handle.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.entity, 'label_print'));
    expect(events.length).toBe(3);
  });
});

describe("production's cabinets", () => {
  it('are the labels where production made them: its barcodes and snapshot, a completed cabinet of a line edited away kept', async () => {
    const made = (await productionOrder(t, admin)).id;
    // As production keeps them: line 1 unit 1 as it was made, and a completed cabinet whose
    // line 7 is no longer on the order; the order's other units were never made.
    await t.handle.db.insert(schema.cabinets).values([
      {
        orderId: made,
        lineNo: 1,
        unitNo: 1,
        barcode: cabinetBarcode(made, 1, 1),
        manufacturerCode: 'ZB24-MADE',
        description: 'Base as made',
      },
      {
        orderId: made,
        lineNo: 7,
        unitNo: 1,
        barcode: cabinetBarcode(made, 7, 1),
        manufacturerCode: 'ZOLD',
        description: 'Edited away',
        completedAt: new Date(),
      },
    ]);
    const res = await t.call(labelsApi.dymoXmls, { token: staff, params: { id: made }, query: { mode: 'cabinet' } });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { key: string }) => r.key)).toEqual([
      cabinetBarcode(made, 1, 1),
      cabinetBarcode(made, 7, 1),
    ]);
    expect(res.body.results[0].xml).toContain('Line 01 (1/2) ZB24-MADE');
    expect(res.body.results[0].xml).toContain('24W x 34.5H x 24D');
    expect(res.body.results[1].xml).toContain('Line 07 (1/1) ZOLD');
    // A print names production's cabinets only.
    const never = await t.call(labelsApi.printList, {
      token: staff,
      body: { order: made, mode: 'cabinet', barcodes: [cabinetBarcode(made, 3, 1)] },
    });
    expect(never.status).toBe(400);
    const kept = await t.call(labelsApi.printList, {
      token: staff,
      body: { order: made, mode: 'cabinet', barcodes: [cabinetBarcode(made, 7, 1)] },
    });
    expect(kept.status).toBe(201);
  });
});

describe('reprints', () => {
  it('dymo_xmls with barcodes gives only those cabinets, in label order, as XML and as PDF', async () => {
    const wanted = `${cabinetBarcode(orderId, 3, 1)},${cabinetBarcode(orderId, 1, 2)}`;
    const res = await t.call(labelsApi.dymoXmls, {
      token: staff,
      params: { id: orderId },
      query: { mode: 'cabinet', barcodes: wanted },
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { key: string }) => r.key)).toEqual([`${orderId}-01-2`, `${orderId}-03-1`]);
    expect(res.body.results[0].xml).toContain('Line 01 (2/2) ZB24');
    const one = await pdfOf(
      `/api/orders/${orderId}/dymo_xmls/?mode=cabinet&format=pdf&barcodes=${orderId}-01-2`,
      staff,
    );
    expect(one.status).toBe(200);
    expect(pageCount(one.body)).toBe(1);
    expect(pdfText(Buffer.from(one.body, 'latin1'))).toContain(`${orderId}-01-2`);
    // Named by its label, not as the whole order's labels (issue 35).
    expect(one.disposition).toContain(`order-${orderId}-cabinet-label-${orderId}-01-2.pdf`);
    const whole = await pdfOf(`/api/orders/${orderId}/dymo_xmls/?mode=cabinet&format=pdf`, staff);
    expect(whole.disposition).toContain(`order-${orderId}-cabinet-labels.pdf`);
    // An empty list is no filter: every label.
    const all = await t.call(labelsApi.dymoXmls, {
      token: staff,
      params: { id: orderId },
      query: { mode: 'cabinet', barcodes: '' },
    });
    expect(all.body.results).toHaveLength(6);
  });

  it('refuses a barcode that is not one of the order’s labels with a field error', async () => {
    const other = (await productionOrder(t, admin)).id;
    for (const barcodes of [`${orderId}-01-1,${orderId}-09-1`, cabinetBarcode(other, 1, 1), 'nonsense']) {
      const res = await t.call(labelsApi.dymoXmls, {
        token: staff,
        params: { id: orderId },
        query: { mode: 'cabinet', barcodes },
      });
      expect(res.status, barcodes).toBe(400);
      expect(res.body.code).toBe('unknown_barcode');
      const bad = barcodes.split(',').at(-1);
      expect(res.body.fields.barcodes).toEqual([`${bad} is not a cabinet of this order.`]);
    }
    const shelf = await t.call(labelsApi.dymoXmls, {
      token: staff,
      params: { id: orderId },
      query: { mode: 'shelf', barcodes: `${orderId}-01-1` },
    });
    expect(shelf.status).toBe(400);
    expect(shelf.body.fields.barcodes).toEqual([`${orderId}-01-1 is not a shelf label of this order.`]);
    const pdf = await pdfOf(`/api/orders/${orderId}/dymo_xmls/?format=pdf&barcodes=${orderId}-09-1`, staff);
    expect(pdf.status).toBe(400);
    // Authorised before the input is read: a customer gets 403 whatever it sends.
    const customer = await t.call(labelsApi.dymoXmls, {
      token: personal,
      params: { id: orderId },
      query: { mode: 'cabinet', barcodes: `${orderId}-09-1` },
    });
    expect(customer.status).toBe(403);
  });
});

describe('label_prints', () => {
  it('lists the order’s print records newest first: who printed which labels, when', async () => {
    const { id } = await productionOrder(t, admin);
    const empty = await t.call(labelsApi.labelPrints, { token: staff, params: { id } });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ results: [], total: 0 });
    await t.call(labelsApi.printList, { token: staff, body: { order: id, mode: 'cabinet' } });
    await t.call(labelsApi.printList, { token: admin, body: { order: id, mode: 'shelf' } });
    const reprint = await t.call(labelsApi.printList, {
      token: staff,
      body: { order: id, mode: 'cabinet', barcodes: [cabinetBarcode(id, 2, 3)] },
    });
    expect(reprint.status).toBe(201);
    // Another order's print is not this order's.
    await t.call(labelsApi.printList, { token: staff, body: { order: orderId, mode: 'cabinet' } });

    const res = await t.call(labelsApi.labelPrints, { token: admin, params: { id } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(
      res.body.results.map((p: { mode: string; barcodes: string[]; label_count: number }) => [
        p.mode,
        p.barcodes,
        p.label_count,
      ]),
    ).toEqual([
      ['CABINET', [`${id}-02-3`], 1],
      ['SHELF', [`${id}-01-1-S1`, `${id}-01-2-S1`], 2],
      ['CABINET', [`${id}-01-1`, `${id}-01-2`, `${id}-02-1`, `${id}-02-2`, `${id}-02-3`, `${id}-03-1`], 6],
    ]);
    const staffName = (
      await t.handle.db.select().from(schema.users).where(eq(schema.users.email, 'staff@demo.test'))
    )[0]!;
    expect(res.body.results[0].printed_by).toEqual({ id: staffName.id, full_name: expect.any(String) });
    expect(res.body.results[0].printed_by.full_name).not.toBe('');
    expect(res.body.results[1].printed_by.id).not.toBe(staffName.id);
    expect(res.body.results[0]).toMatchObject({ order: id, session: null });
    expect(Date.parse(res.body.results[0].printed_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('is the shop’s: customers 403 (before their input is read), an unknown order 404', async () => {
    const { id } = await productionOrder(t, admin);
    expect((await t.call(labelsApi.labelPrints, { token: personal, params: { id } })).status).toBe(403);
    expect((await t.call(labelsApi.labelPrints, { token: personal, params: { id: 'x' } })).status).toBe(403);
    expect((await t.call(labelsApi.labelPrints, { token: staff, params: { id: 'x' } })).status).toBe(400);
    expect((await t.call(labelsApi.labelPrints, { token: staff, params: { id: 999_999 } })).status).toBe(404);
    expect((await t.call(labelsApi.labelPrints, { params: { id } })).status).toBe(401);
  });
});
