import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LABEL_TEXT, type Order, REMAKE_TEXT } from '@cab/shared';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { chooseOption, DEMO_USERS, loginAs, logout } from '../fixtures.ts';
import { auth, createBid, getJson, submitByApi, tokenOf } from '../order-helpers.ts';

/**
 * Labels and remakes (issue 18): staff print an order's labels to the DYMO web service on their
 * computer (here a fake one over https with a self-signed certificate, on the first DYMO port),
 * get them as a PDF where no service answers, read the shelf list; a remake is requested from the
 * order page and an admin approves it, which makes a remake order in production.
 */

test.use({ ignoreHTTPSErrors: true });

const PRINTER = 'DYMO LabelWriter 450 Turbo';

interface FakeDymo {
  server: Server;
  printed: string[];
  close(): Promise<void>;
}

/** A fake DYMO web service (StatusConnected, GetPrinters, PrintLabel) on https://127.0.0.1:41951. */
async function startFakeDymo(): Promise<FakeDymo> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-dymo-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const printed: string[] = [];
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const headers = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': '*',
      'Access-Control-Allow-Private-Network': 'true',
      'Content-Type': 'text/plain',
    };
    const url = req.url ?? '';
    if (req.method === 'OPTIONS') {
      res.writeHead(204, headers).end();
      return;
    }
    if (url.endsWith('/DYMO/DLS/Printing/StatusConnected')) {
      res.writeHead(200, headers).end('true');
      return;
    }
    if (url.endsWith('/DYMO/DLS/Printing/GetPrinters')) {
      res
        .writeHead(200, { ...headers, 'Content-Type': 'text/xml' })
        .end(
          `<Printers><LabelWriterPrinter><Name>${PRINTER}</Name><ModelName>${PRINTER}</ModelName><IsConnected>True</IsConnected><IsLocal>True</IsLocal><IsTwinTurbo>False</IsTwinTurbo></LabelWriterPrinter></Printers>`,
        );
      return;
    }
    if (url.endsWith('/DYMO/DLS/Printing/PrintLabel') && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        if (form.get('printerName') !== PRINTER) {
          res.writeHead(400, headers).end('false');
          return;
        }
        printed.push(form.get('labelXml') ?? '');
        res.writeHead(200, headers).end('true');
      });
      return;
    }
    res.writeHead(404, headers).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(41951, '127.0.0.1', resolve);
  });
  return {
    server,
    printed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        rmSync(dir, { recursive: true, force: true });
      }),
  };
}

/** An order of two units of one cabinet (one adjustable shelf each), submitted and approved: in production. */
async function orderInProduction(request: APIRequestContext): Promise<Order> {
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const personal = await tokenOf(request, DEMO_USERS.PERSONAL);
  const categories = await getJson<{ results: { id: number }[] }>(request, admin, '/api/catalog/category/?page_size=1');
  const code = `LBL${Date.now().toString(36).toUpperCase()}`;
  const item = await request.post('/api/catalog/items/', {
    headers: auth(admin),
    data: {
      manufacturer_code: code,
      price: '120.00',
      category: categories.results[0]?.id,
      export_name_1: code,
      base_category: 'ACCESSORY',
      width: 24,
      height: 30,
      depth: 12,
      nb_adjustable_shelf: 1,
    },
  });
  expect(item.status(), await item.text()).toBe(201);
  const lineItem = ((await item.json()) as { id: number }).id;
  const bid = await createBid(request, personal, `Labels e2e ${code}`, [{ _id: 'a', line_item: lineItem, qty: 2 }]);
  await submitByApi(request, personal, bid);
  const approved = await request.post(`/api/orders/${bid.id}/approve/`, { headers: auth(admin) });
  expect(approved.status(), await approved.text()).toBe(200);
  return (await approved.json()) as Order;
}

test('labels print to the DYMO web service, and come as a PDF without it; the shelf list sums the shelves', async ({
  page,
  request,
}) => {
  const order = await orderInProduction(request);
  const dymo = await startFakeDymo();
  try {
    await loginAs(page, 'STAFF', `/orders/${order.id}`);
    await page.getByTestId('action-print-labels').click();
    const dialog = page.getByTestId('print-labels-dialog');
    // The service is found, its printers listed, the first selected.
    await expect(dialog.getByTestId('labels-printer').locator('select')).toHaveValue(PRINTER);
    await expect(dialog.getByTestId('labels-count')).toHaveText(LABEL_TEXT.labelCount(2));
    await dialog.getByTestId('print-labels-submit').click();
    await expect(page.getByText(LABEL_TEXT.printed(2))).toBeVisible();
    expect(dymo.printed).toHaveLength(2);
    expect(dymo.printed[0]).toContain(`<Text>${order.id}-01-1</Text>`);
    expect(dymo.printed[1]).toContain(`<Text>${order.id}-01-2</Text>`);
  } finally {
    await dymo.close();
  }

  // No service answers now: the labels come as a PDF.
  await page.reload();
  await page.getByTestId('action-print-labels').click();
  const dialog = page.getByTestId('print-labels-dialog');
  await expect(dialog.getByTestId('labels-no-service')).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByTestId('print-labels-submit').click();
  const file = await (await download).path();
  expect(readFileSync(file).subarray(0, 4).toString()).toBe('%PDF');

  // The shelf list: two units, one shelf each.
  await page.goto(`/orders/${order.id}/shelf-list`);
  await expect(page.getByTestId('shelf-row-24x12')).toContainText('2');
  await expect(page.getByTestId('shelf-total')).toHaveText(LABEL_TEXT.totalShelves(2));
});

test('one torn label is reprinted from the order’s cabinets, and the order shows who printed it', async ({
  page,
  request,
}) => {
  const order = await orderInProduction(request);
  const dymo = await startFakeDymo();
  try {
    await loginAs(page, 'STAFF', `/orders/${order.id}/scan_sessions`);
    const row = page
      .getByTestId('order-cabinets')
      .getByRole('row')
      .filter({ hasText: `${order.id}-01-2` });
    await row.getByTestId('reprint-label').click();
    const dialog = page.getByTestId('print-labels-dialog');
    await expect(dialog.getByText(LABEL_TEXT.reprintTitle(`${order.id}-01-2`))).toBeVisible();
    await expect(dialog.getByTestId('labels-count')).toHaveText(LABEL_TEXT.labelCount(1));
    await expect(dialog.getByTestId('labels-printer').locator('select')).toHaveValue(PRINTER);
    await dialog.getByTestId('print-labels-submit').click();
    await expect(page.getByText(LABEL_TEXT.printed(1))).toBeVisible();
    expect(dymo.printed).toHaveLength(1);
    expect(dymo.printed[0]).toContain(`<Text>${order.id}-01-2</Text>`);
  } finally {
    await dymo.close();
  }

  await page.goto(`/orders/${order.id}`);
  await page.getByTestId('tab-label-prints').click();
  const print = page.getByTestId('label-print');
  await expect(print).toHaveCount(1);
  await expect(print).toContainText(`${order.id}-01-2`);
  await expect(print).toContainText(LABEL_TEXT.printModes.CABINET!);
});

test('a remake is requested from the order and approved: a remake order enters production', async ({
  page,
  request,
}) => {
  const order = await orderInProduction(request);
  await loginAs(page, 'STAFF', `/orders/${order.id}`);
  await page.getByTestId('action-request-remake').click();
  const dialog = page.getByTestId('request-remake-dialog');
  await chooseOption(page, dialog.getByRole('combobox', { name: REMAKE_TEXT.cabinets }), `${order.id}-01-2`);
  await dialog.getByTestId('remake-reason').locator('select').selectOption('Production defect');
  await dialog.getByTestId('remake-source').locator('select').selectOption('SHOP');
  await dialog.getByTestId('remake-notes').locator('textarea').first().fill('Door warped in the finishing room');
  await dialog.getByTestId('request-remake-submit').click();
  await expect(page.getByText(REMAKE_TEXT.requested)).toBeVisible();
  await expect(page.getByTestId('action-remakes')).toHaveText(REMAKE_TEXT.remakesOfOrder(1));

  await logout(page);
  await loginAs(page, 'ADMIN', '/orders/remakes');
  const row = page.getByRole('row').filter({ hasText: order.name });
  await expect(row.getByTestId('remake-status')).toHaveAttribute('data-status', 'OPEN');
  await row.getByTestId('approve-remake').click();
  await page.getByTestId('approve-remake-submit').click();
  await expect(page.getByText(/Remake approved: order \d+ created/)).toBeVisible();
  // Gone from the OPEN list; shown under Approved with its remake order.
  await expect(row).toHaveCount(0);
  await chooseOption(page, page.getByTestId('remake-status-filter').getByRole('combobox'), 'Approved');
  const approved = page.getByRole('row').filter({ hasText: order.name });
  await expect(approved.getByTestId('remake-status')).toHaveAttribute('data-status', 'APPROVED');
  await approved.getByTestId('remake-order-link').click();
  await expect(page.getByTestId('order-status')).toContainText('Verified');
});
