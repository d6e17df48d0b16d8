/**
 * Issue 9: the order list at scale. On PostgreSQL, a fresh database (`bench_orders`, recreated)
 * gets the migrations and the demo seed, then 100,000 orders with about 2,000,000 lines written by
 * SQL (INSERT ... SELECT generate_series; lines are copies of demo-catalogue lines priced by the
 * shared pricing pipeline, packages/shared/src/pricing/inputs.ts), statuses spread so the default filter (VERIFIED, ORDERED,
 * IN_PROGRESS) matches about 35 %, customers spread over a few hundred users in 41 companies;
 * then VACUUM ANALYZE. The real server then serves it and autocannon loads
 * GET /api/orders/?status=VERIFIED,ORDERED,IN_PROGRESS&page=1&page_size=50 as an admin, a business
 * manager (company scope) and a personal customer: req/s, p50/p95/p99. Then pricing a 500-line
 * order: POST /api/orders/ (median of 20) and the server's pricing step alone (rows -> engine
 * input -> priceOrder, median of 20). Last, EXPLAIN ANALYZE of each role's page and count.
 *
 * Usage: node --import tsx bench/orders.mts [--orders 100000] [--lines-per-order 20] [--users 300]
 *          [--duration 20] [--connections 64] [--pg postgres://postgres@127.0.0.1:5432]
 *          [--reuse] (keep an already generated bench_orders) [--generate-only]
 * Goals: list >= 800 req/s with p95 < 100 ms; pricing < 5 ms.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import {
  type LineItemPriceRow,
  orderPricingInput,
  type PremiumPriceRow,
  type PricingLineRows,
  type PricingRulesRows,
  priceOrder,
} from '../packages/shared/src/index.ts';
import { loadRow, median, startServer } from './lib.mjs';
import {
  addBenchCustomers,
  msSince as ms,
  pgClient,
  pgOptions,
  seededDatabase,
  signInAs as signIn,
  startBenchServer,
} from './pg-bench.mts';
import { type Floor, sqlFloor } from './sql-floor.mts';

const { values: opt } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    'lines-per-order': { type: 'string', default: '20' },
    users: { type: 'string', default: '300' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '64' },
    ...pgOptions('bench_orders', '3971'),
    reuse: { type: 'boolean', default: false },
    'generate-only': { type: 'boolean', default: false },
    // Issue 15: only these rows (comma-separated: me,admin,manager,personal,page1,deep,search,search-all,detail,pages),
    // skipping the 500-line POST and the EXPLAINs; empty runs every row and both.
    only: { type: 'string', default: '' },
    // After each issue-15 row: its SQL floor (bench/sql-floor.mts: pgbench of the statements the
    // request ran, at --connections and alone). Needs the PostgreSQL log file (--pg-log).
    floors: { type: 'boolean', default: false },
    'pg-log': { type: 'string', default: '/var/log/postgresql/postgresql-15-main.log' },
  },
});
const N = Number(opt.orders);
const PER = Number(opt['lines-per-order']);
const USERS = Number(opt.users);
const duration = Number(opt.duration);
const connections = Number(opt.connections);
const databaseUrl = `${opt.pg}/${opt.db}`;
const STATUS_FILTER = 'VERIFIED,ORDERED,IN_PROGRESS';
const LIST_URL = `/api/orders/?status=${STATUS_FILTER}&page=1&page_size=50`;

const client = () => pgClient(databaseUrl);

/** A catalogue row (line_items columns) as the pricing engine reads its line item. */
const priceRow = (it: Record<string, number>) =>
  ({
    priceCents: it.price_cents,
    nbBaseDoor: it.nb_base_door,
    nbWallDoor: it.nb_wall_door,
    nbTallDoor: it.nb_tall_door,
    nbDrawer: it.nb_drawer,
  }) as LineItemPriceRow;

/** A bench order's order-level rules: no discount, fee or tax but what `rules` sets. */
const benchRules = (rules: Partial<PricingRulesRows>): PricingRulesRows => ({
  customerId: 0,
  companyId: null,
  boundDiscounts: [],
  discountCode: null,
  discountCodeClaimed: false,
  customDiscountAmount: null,
  customDiscountPercentage: null,
  surcharges: [],
  paymentMethod: null,
  paymentOptionDiscount: null,
  bypassPaymentOptionDiscount: false,
  taxRates: {},
  taxState: null,
  taxExempt: false,
  today: new Date().toISOString().slice(0, 10),
  ...rules,
});

/** Demo premiums every bench group uses, and the catalogue lines priced once through the shared pipeline. */
async function templates(c: pg.Client) {
  const premiums = (
    await c.query<{
      id: number;
      premium_type: string;
      code: string;
      price_cents: number | null;
      percentage_bp: number | null;
    }>('select id, premium_type, code, price_cents, percentage_bp from premiums')
  ).rows;
  const p = (type: string, code: string) => {
    const row = premiums.find((r) => r.premium_type === type && r.code === code);
    if (!row) throw new Error(`demo premium ${type} ${code} missing`);
    return { id: row.id, priceCents: row.price_cents, percentageBp: row.percentage_bp } as PremiumPriceRow;
  };
  const groupPremiums = {
    wood_species: p('WOOD_SPECIES', 'CHERRY'),
    finish_option: p('FINISH_OPTION', 'GLAZE'),
    base_door_style: p('DOOR_STYLE', 'RAISED'),
    wall_door_style: p('DOOR_STYLE', 'RAISED'),
    tall_door_style: p('DOOR_STYLE', 'RAISED'),
    drawer_style: p('DRAWER_STYLE', 'DR-5PC'),
  };
  const items = (
    await c.query(
      `select id, manufacturer_code, description, base_category, width, height, depth, price_cents, nb_base_door,
              nb_wall_door, nb_tall_door, nb_drawer, nb_adjustable_shelf, is_attachment
         from line_items order by id`,
    )
  ).rows;
  const lines: PricingLineRows[] = items.map((it) => ({
    clientId: String(it.id),
    parentClientId: null,
    isAttachment: it.is_attachment,
    qty: 1,
    lineItem: priceRow(it),
    finishedSide: null,
  }));
  const priced = priceOrder(orderPricingInput([{ premiums: groupPremiums, items: lines }], benchRules({})));
  return { groupPremiums, items, priced: priced.groups[0]!.items };
}

async function generate() {
  await seededDatabase(opt.pg, opt.db);
  const c = await client();
  const { groupPremiums, items, priced } = await templates(c);
  const t0 = performance.now();
  // No foreign-key triggers while loading rows that are correct by construction.
  await c.query(`set session_replication_role = replica`);
  await c.query('begin');
  await c.query(`create temp table tpl (k int, is_att bool, line_item_id int, code text, description text,
    base_category text, width float8, height float8, depth float8, nb_door int, nb_drawer int, nb_shelf int,
    unit_price int, breakdown jsonb) on commit drop`);
  const cabinets = items.filter((it) => !it.is_attachment);
  const attachments = items.filter((it) => it.is_attachment);
  const tplRows = [...cabinets, ...attachments].map((it) => {
    const k = it.is_attachment ? attachments.indexOf(it) : cabinets.indexOf(it);
    const line = priced[items.indexOf(it)]!;
    return [
      k,
      it.is_attachment,
      it.id,
      it.manufacturer_code,
      it.description,
      it.base_category,
      it.width,
      it.height,
      it.depth,
      it.nb_base_door + it.nb_wall_door + it.nb_tall_door,
      it.nb_drawer,
      it.nb_adjustable_shelf,
      line.unit_price,
      JSON.stringify(line.breakdown),
    ];
  });
  for (const row of tplRows) {
    await c.query('insert into tpl values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)', row);
  }
  // USERS customers beside the demo ones, the first of each company its manager.
  const customers = await addBenchCustomers(c, USERS, {
    demo: ['personal@demo.test', 'manager@demo.test', 'employee@demo.test'],
    managers: true,
  });

  // Orders: ids 1..N, newest last, over the last two years; statuses by a hash of the id
  // (15 % BID, 10 % ORDERED, 12 % VERIFIED, 3 % DECLINED, 13 % IN_PROGRESS, 5 % PARTIALLY_COMPLETED,
  // 10 % COMPLETED, 28 % SHIPPED, 4 % CANCELLED).
  await c.query(
    `insert into orders (id, name, status, version, customer_id, company_id, created_by_id, customer_payment_option_id,
        submitted_at, terms_accepted_at, due_date, completion_preference, job_priority, shipping_method, payment_method,
        billing_address, shipping_address, created_at, updated_at, priced_at)
     select i, s.status_name, s.status, 1, cu.id, cu.company_id, cu.id, null,
            case when s.status <> 'BID' then created + interval '2 days' end,
            case when s.status <> 'BID' then created + interval '2 days' end,
            case when s.status <> 'BID' then (created + interval '23 days')::date end,
            case when s.status <> 'BID' then 'ALL_AT_ONCE' end,
            case when s.status <> 'BID' then 'NORMAL' end,
            case when s.status <> 'BID' then 'DELIVERY' end,
            case when s.status <> 'BID' then 'CHECK' end,
            case when s.status <> 'BID' then '{"id":0,"name":"Bench","line1":"1 Main St","line2":"","city":"Chicago","state":"IL","postal_code":"60606","phone":""}'::jsonb end,
            case when s.status <> 'BID' then '{"id":0,"name":"Bench","line1":"1 Main St","line2":"","city":"Chicago","state":"IL","postal_code":"60606","phone":""}'::jsonb end,
            created, created, created
       from (select i, now() - ((($1::int - i) * 730.0 / $1::int) * interval '1 day') - ((i % 97) * interval '1 minute') as created,
                    (i::bigint * 2654435761) % 1000 as h
               from generate_series(1, $1::int) i) g
       cross join lateral (select case
            when h < 150 then 'BID' when h < 250 then 'ORDERED' when h < 370 then 'VERIFIED' when h < 400 then 'DECLINED'
            when h < 530 then 'IN_PROGRESS' when h < 580 then 'PARTIALLY_COMPLETED' when h < 680 then 'COMPLETED'
            when h < 960 then 'SHIPPED' else 'CANCELLED' end as status,
            (array['Henderson','Alvarez','Nakamura','Okafor','Whitfield','Brennan','Castillo','Patel','Moreau','Kowalski'])[1 + i % 10]
              || ' ' || (array['kitchen','master bath','laundry room','pantry','kitchen remodel','mudroom'])[1 + (i / 10) % 6]
              || ' ' || i as status_name) s
       join customers_k cu on cu.k = (i::bigint * 7919 + 13) % $2::int`,
    [N, customers],
  );
  console.error(`${N} orders: ${ms(t0)} ms`);

  // Groups: 1-4 per order, ids (order - 1) * 4 + 1.. so lines can name them without a lookup.
  let t1 = performance.now();
  await c.query(
    `insert into order_groups (id, order_id, position, name, wood_species_id, finish_option_id, base_door_style_id,
        wall_door_style_id, tall_door_style_id, drawer_style_id)
     select (o - 1) * 4 + g + 1, o, g, (array['Perimeter','Island','Pantry wall','Coffee bar'])[g + 1], $2, $3, $4, $5, $6, $7
       from generate_series(1, $1::int) o cross join lateral generate_series(0, (o * 7) % 4) g`,
    [
      N,
      groupPremiums.wood_species.id,
      groupPremiums.finish_option.id,
      groupPremiums.base_door_style.id,
      groupPremiums.wall_door_style.id,
      groupPremiums.tall_door_style.id,
      groupPremiums.drawer_style.id,
    ],
  );
  console.error(`groups: ${ms(t1)} ms`);

  // Lines: PER per order on average (PER - 15 .. PER + 15); every fifth line an attachment of the
  // line before it when both are in the same group; qty 1 or 2.
  t1 = performance.now();
  const nCab = cabinets.length;
  const nAtt = attachments.length;
  await c.query(
    `insert into order_items (order_id, group_id, position, client_id, parent_client_id, is_attachment, line_item_id,
        qty, hinge, manufacturer_code, description, base_category, width, height, depth, nb_door, nb_drawer, nb_shelf,
        finish, unit_price, total_price, final_price, total_final_price, breakdown)
     select l.o, (l.o - 1) * 4 + l.g + 1, l.p, 'L' || (l.p + 1), case when l.att then 'L' || l.p end, l.att, t.line_item_id,
            l.q, case when t.nb_door = 1 then 'Left' when t.nb_door > 1 then 'Both' else 'None' end,
            t.code, t.description, t.base_category, t.width, t.height, t.depth, t.nb_door, t.nb_drawer, t.nb_shelf,
            case when l.att then '' else 'GLAZE' end, t.unit_price, t.unit_price * l.q, t.unit_price, t.unit_price * l.q,
            case when l.q = 1 then t.breakdown
                 else jsonb_set(jsonb_set(t.breakdown, '{qty}', to_jsonb(l.q)), '{total_price}', to_jsonb(t.unit_price * l.q)) end
       from (select o, p, n, ng, (p * ng) / n as g, 1 + ((o + p) % 7 = 0)::int as q,
                    p % 5 = 4 and ((p - 1) * ng) / n = (p * ng) / n as att
               from (select o, $2::int - 15 + (o * 7) % 31 as n, 1 + (o * 7) % 4 as ng from generate_series(1, $1::int) o) oo
               cross join lateral generate_series(0, oo.n - 1) p) l
       join tpl t on t.is_att = l.att and t.k = case when l.att then (l.o + l.p) % $4::int else (l.o * 13 + l.p * 7) % $3::int end`,
    [N, PER, nCab, nAtt],
  );
  const lines = Number((await c.query('select count(*)::int as n from order_items')).rows[0].n);
  console.error(`${lines} lines: ${ms(t1)} ms`);

  // Stored totals as the engine's steps would give with no adjustment: subtotal = sum of lines.
  t1 = performance.now();
  await c.query(
    `update orders o set subtotal = s.total, total_after_customer_discount = s.total, total_after_discount = s.total,
        total_before_tax = s.total, total_after_tax = s.total, total_price = s.total, item_count = s.items
       from (select order_id, sum(total_price) as total, count(*) filter (where not is_attachment) as items
               from order_items group by order_id) s
      where s.order_id = o.id`,
  );
  await c.query(
    `update order_groups g set subtotal = s.total
       from (select group_id, sum(total_price) as total from order_items group by group_id) s where s.group_id = g.id`,
  );
  await c.query(`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`);
  await c.query(`select setval(pg_get_serial_sequence('order_groups', 'id'), (select max(id) from order_groups))`);
  // The triggers rested while the orders were written: their counts by week, once (migration 0023).
  await c.query('select order_week_counts_rebuild()');
  await c.query('commit');
  console.error(`totals: ${ms(t1)} ms`);
  t1 = performance.now();
  await c.query('vacuum analyze');
  console.error(`vacuum analyze: ${ms(t1)} ms`);
  const dist = (
    await c.query(`select status, count(*)::int as n from orders group by status order by n desc`)
  ).rows.map((r) => `${r.status} ${r.n}`);
  await c.end();
  console.log(`generated ${N} orders, ${lines} lines in ${ms(t0)} ms (${dist.join(', ')})`);
}

const load = (url: string, headers: Record<string, string>, pid: number) =>
  loadRow(url, headers, pid, { connections, duration });

/**
 * The HTTP floor of a row: the same answer's bytes served by a bare Fastify (bench/bare-server.mjs,
 * no auth, database or work) under the same load on the same machine: what sending them costs.
 */
async function httpFloor(url: string, headers: Record<string, string>) {
  const file = path.join(tmpdir(), `bench-body-${process.pid}.json`);
  writeFileSync(file, await (await fetch(url, { headers })).text());
  const bare = await startServer({
    port: Number(opt.port) + 1,
    args: ['--import', 'tsx', 'bench/bare-server.mjs'],
    env: { BARE_BODY_FILE: file },
  });
  try {
    return await load(`http://127.0.0.1:${Number(opt.port) + 1}/body`, {}, bare.child.pid as number);
  } finally {
    await bare.stop();
  }
}

function printRows(
  rows: (Awaited<ReturnType<typeof load>> & {
    label: string;
    floor?: Floor;
    http?: Awaited<ReturnType<typeof load>>;
  })[],
) {
  console.log(`\n${connections} connections, ${duration} s per row; GET ${LIST_URL} unless said\n`);
  console.log(
    '| caller | req/s | p50 ms | p95 ms | p99 ms | server CPU ms/request | errors | total (shown) | SQL floor: statements, tps, ms alone | HTTP floor: req/s, p95 ms |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const f = (v: number) => v.toFixed(1);
  for (const r of rows) {
    const floor = r.floor
      ? `${r.floor.statements}, ${Math.round(r.floor.tpsAtLoad).toLocaleString('en')}, ${r.floor.msAlone.toFixed(2)}`
      : '';
    console.log(
      `| ${r.label} | ${r.rps.toLocaleString('en')} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${r.cpuPerRequest.toFixed(2)} | ${r.errors} | ${r.total} (${r.shown}) | ${floor} | ${r.http ? `${r.http.rps.toLocaleString('en')}, ${f(r.http.p95)}` : ''} |`,
    );
  }
  console.log(
    `(load average when done: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} cores)`,
  );
}

/** A 500-line order body for POST /api/orders/ (cabinets with attachments, premiums of the demo). */
async function bigOrder(c: pg.Client, customer: number) {
  const { groupPremiums, items } = await templates(c);
  const cab = items.filter((it) => !it.is_attachment);
  const att = items.filter((it) => it.is_attachment);
  const lines: { _id: string; line_item: number; qty: number; is_attachment: boolean; parentId: string | null }[] = [];
  for (let i = 0; lines.length < 500; i++) {
    const id = `L${lines.length + 1}`;
    lines.push({ _id: id, line_item: cab[i % cab.length].id, qty: 1 + (i % 2), is_attachment: false, parentId: null });
    if (i % 4 === 0 && lines.length < 500) {
      lines.push({
        _id: `L${lines.length + 1}`,
        line_item: att[i % att.length].id,
        qty: 1,
        is_attachment: true,
        parentId: id,
      });
    }
  }
  const premiums = Object.fromEntries(Object.entries(groupPremiums).map(([k, v]) => [k, v.id]));
  const body = {
    name: 'Bench 500-line order',
    customer,
    groups: [0, 1, 2, 3, 4].map((g) => ({
      name: `Group ${g + 1}`,
      premiums,
      items: lines.slice(g * 100, g * 100 + 100),
    })),
  };
  // The server's pricing step alone: catalogue rows -> engine input (the shared pipeline, as the server) -> priceOrder.
  const byId = new Map(items.map((it) => [it.id, it]));
  const pricingAlone: number[] = [];
  for (let run = 0; run < 20 + 50; run++) {
    const t = performance.now();
    const groups = body.groups.map((g) => ({
      premiums: groupPremiums,
      items: g.items.map((l) => {
        const it = byId.get(l.line_item);
        return {
          clientId: l._id,
          parentClientId: l.parentId,
          isAttachment: l.is_attachment,
          qty: l.qty,
          lineItem: priceRow(it),
          finishedSide: null,
        };
      }),
    }));
    priceOrder(
      orderPricingInput(
        groups,
        benchRules({
          customerId: customer,
          boundDiscounts: [{ customerId: customer, companyId: null, percentage: 500 as never }],
          taxRates: { NY: 4 },
          taxState: 'NY',
        }),
      ),
    );
    // The first 50 runs warm the JIT up, as a running server's would be.
    if (run >= 50) pricingAlone.push(performance.now() - t);
  }
  return { body, pricingAlone: median(pricingAlone) };
}

/** The list's statements as the orders module writes them (repository.ts orderPage/orderListWhere), explained. */
async function explain(c: pg.Client, who: { label: string; scope: string }) {
  const where = `${who.scope ? `${who.scope} and ` : ''}o.status in ('VERIFIED', 'ORDERED', 'IN_PROGRESS')`;
  const page = `select o.id, o.name, o.po_number, o.status, o.customer_id, o.company_id, o.created_at, o.updated_at,
      o.submitted_at, o.requested_date, o.due_date, o.in_editing_mode, o.error_count, o.warning_count, o.item_count,
      o.total_price, u.first_name, u.last_name, u.account_type, c.name
    from orders o join users u on u.id = o.customer_id left join companies c on c.id = o.company_id
    where ${where} order by o.created_at desc, o.id desc limit 50 offset 0`;
  const count = `select count(*) from orders o where ${where}`;
  for (const [what, q] of [
    ['page', page],
    ['count', count],
  ]) {
    const plan = (await c.query(`explain (analyze, buffers, costs off) ${q}`)).rows.map((r) => r['QUERY PLAN']);
    console.log(`\n-- ${who.label}: ${what}\n${plan.join('\n')}`);
  }
}

if (!opt.reuse) await generate();
if (!opt['generate-only']) {
  const port = Number(opt.port);
  const server = await startBenchServer(port, databaseUrl);
  const base = `http://127.0.0.1:${port}`;
  const c = await client();
  try {
    const ids = Object.fromEntries(
      (await c.query(`select email, id, company_id from users where email like '%@demo.test'`)).rows.map((r) => [
        r.email,
        r,
      ]),
    );
    const roles = [
      { label: 'admin', email: 'admin@demo.test', scope: '' },
      {
        label: 'business manager (company)',
        email: 'manager@demo.test',
        scope: `o.company_id = ${ids['manager@demo.test'].company_id}`,
      },
      {
        label: 'personal customer',
        email: 'personal@demo.test',
        scope: `o.customer_id = ${ids['personal@demo.test'].id}`,
      },
    ];
    const pid = server.child.pid as number;
    const rows = [];
    const only = new Set(opt.only ? opt.only.split(',') : []);
    const wanted = (key: string) => only.size === 0 || only.has(key);
    // The cheapest authenticated call first: the floor this machine gives right now.
    if (wanted('me'))
      rows.push({
        label: 'GET /api/users/me/ (admin, floor)',
        ...(await load(`${base}/api/users/me/`, await signIn(base, 'admin@demo.test'), pid)),
      });
    const roleKeys = ['admin', 'manager', 'personal'];
    for (const [i, r] of roles.entries()) {
      if (wanted(roleKeys[i]!))
        rows.push({ ...r, ...(await load(`${base}${LIST_URL}`, await signIn(base, r.email), pid)) });
    }
    // Issue 15, as admin: a deep page (page 500 of the default filter), a name search with and
    // without the default filter, and the detail of a 16-line order.
    const admin = await signIn(base, 'admin@demo.test');
    const sixteen = (
      await c.query(
        `select order_id from order_items group by order_id having count(*) = 16 order by order_id desc limit 1`,
      )
    ).rows[0].order_id;
    const extra = [
      ['page1', 'admin, page 1', LIST_URL],
      ['deep', 'admin, page 500', `/api/orders/?status=${STATUS_FILTER}&page=500&page_size=50`],
      [
        'search',
        'admin, name=kowal, default filter',
        `/api/orders/?status=${STATUS_FILTER}&name=kowal&page=1&page_size=50`,
      ],
      ['search-all', 'admin, name=kowal, all statuses', '/api/orders/?name=kowal&page=1&page_size=50'],
      ['detail', `admin, detail of order ${sixteen} (16 lines)`, `/api/orders/${sixteen}/`],
    ] as const;
    for (const [key, label, path] of extra) {
      if (!wanted(key)) continue;
      // One request alone first (the single-request time the issue compares pages by), then the load.
      const alone: number[] = [];
      for (let i = 0; i < 25; i++) {
        const t = performance.now();
        const res = await fetch(`${base}${path}`, { headers: admin });
        await res.arrayBuffer();
        if (i >= 5) alone.push(performance.now() - t);
      }
      const measured = await load(`${base}${path}`, admin, pid);
      const floor = opt.floors
        ? await sqlFloor(
            c,
            databaseUrl,
            async () => {
              await (await fetch(`${base}${path}`, { headers: admin })).arrayBuffer();
            },
            { connections, logFile: opt['pg-log'] },
          )
        : undefined;
      const http = opt.floors ? await httpFloor(`${base}${path}`, admin) : undefined;
      rows.push({ label: `${label} (alone: median ${median(alone).toFixed(1)} ms)`, ...measured, floor, http });
    }
    // Issue 15's "any page within 2x of page 1", alone: the pages taken in turn (20 rounds to warm
    // up, then 200), so each sees the same machine; the medians and their ratio to page 1.
    if (wanted('pages')) {
      const pages = [
        ['page 1', LIST_URL],
        ['page 200', `/api/orders/?status=${STATUS_FILTER}&page=200&page_size=50`],
        ['page 500', `/api/orders/?status=${STATUS_FILTER}&page=500&page_size=50`],
        ['page 500, oldest first', `/api/orders/?status=${STATUS_FILTER}&order_by=created_at&page=500&page_size=50`],
        ['page 500, all statuses', '/api/orders/?page=500&page_size=50'],
        ['page 1,500, all statuses', '/api/orders/?page=1500&page_size=50'],
      ] as const;
      const times = pages.map(() => [] as number[]);
      for (let round = 0; round < 220; round++) {
        for (const [i, [, path]] of pages.entries()) {
          const t = performance.now();
          const res = await fetch(`${base}${path}`, { headers: admin });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
          if (round >= 20) times[i]!.push(performance.now() - t);
        }
      }
      const first = median(times[0]!);
      console.log('\npages alone, taken in turn (median of 200 each):');
      for (const [i, [label]] of pages.entries()) {
        const m = median(times[i]!);
        console.log(`  ${label}: ${m.toFixed(2)} ms (${(m / first).toFixed(2)}x page 1)`);
      }
    }

    if (only.size > 0) printRows(rows);
    else {
      const adminAuth = await signIn(base, 'admin@demo.test');
      const { body, pricingAlone } = await bigOrder(c, ids['personal@demo.test'].id);
      // The request text once: the runs time the server, not the bench's own JSON.stringify.
      const requestBody = JSON.stringify(body);
      const posts: number[] = [];
      let serverTotal = '';
      for (let run = 0; run < 22; run++) {
        const t = performance.now();
        const res = await fetch(`${base}/api/orders/`, {
          method: 'POST',
          headers: { ...adminAuth, 'content-type': 'application/json' },
          body: requestBody,
        });
        const json = await res.json();
        if (res.status !== 201 && res.status !== 200)
          throw new Error(`POST /api/orders/: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
        if (run >= 2) posts.push(performance.now() - t);
        serverTotal = json.total_price;
      }

      printRows(rows);
      console.log(
        `\nPOST /api/orders/ with 500 lines: median ${median(posts).toFixed(1)} ms over 20 (total ${serverTotal}); ` +
          `pricing step alone (rows -> input -> priceOrder): median ${pricingAlone.toFixed(3)} ms over 20`,
      );
      for (const r of roles) await explain(c, r);
    }
  } finally {
    await c.end();
    await server.stop();
  }
}
