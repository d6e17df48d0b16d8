import { type Db, seed as seedBase } from '@cab/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, loadConfig } from '../config.ts';
import { type RequestContext, systemContext } from '../kit/context.ts';
import { transaction } from '../kit/transaction.ts';
import { numberInIssueOrder } from '../modules/invoices/index.ts';
import type { FileStorage } from '../storage/index.ts';
import { wireModules } from '../wiring.ts';
import { demoChargesFrom, seedDemoCharges } from './charges.ts';
import { seedDemoFinance } from './finance.ts';
import { seedDemoFinanceRules } from './finance-rules.ts';
import { seedDemoInvoices } from './invoices.ts';
import { seedDemoOrders } from './orders.ts';
import { seedDemoPlans } from './planner.ts';
import { seedDemoProduction } from './production.ts';
import { seedDemoRemakes } from './remakes.ts';

/**
 * The demo seed (decision 0024): packages/db's seed (settings, holidays, templates, the demo
 * accounts and catalogue), then the demo finance rules through the finance module's writers and
 * the demo orders through the orders module's use cases. Made once, on an empty database: a
 * second run (every later start) adds nothing and posts nothing (decision 0039).
 */

export { DEMO_ORDER_CUSTOMERS, DEMO_SHOP_STATE } from './finance.ts';

const quiet = (): FastifyBaseLogger => {
  const log = { level: 'silent', fatal() {}, error() {}, warn() {}, info() {}, debug() {}, trace() {}, silent() {} };
  return { ...log, child: () => log } as unknown as FastifyBaseLogger;
};

/** The seed writes no file: a storage that says so if asked. */
const noStorage: FileStorage = {
  kind: 'local',
  put: () => Promise.reject(new Error('the demo seed stores no file')),
  putFile: () => Promise.reject(new Error('the demo seed stores no file')),
  get: () => Promise.resolve(null),
  delete: () => Promise.resolve(),
};

export interface SeedOptions {
  /** false: settings and templates only (no demo accounts, catalogue, finance or orders). */
  demo?: boolean;
  /** The demo finance rules (payment options, discounts, surcharges, tax rates). */
  demoFinance?: boolean;
  /** The demo orders (with the finance rules they are priced with). */
  demoOrders?: boolean;
  config?: Config;
  log?: FastifyBaseLogger;
}

export async function seed(db: Db, options: SeedOptions = {}) {
  // The demo moves orders through the use cases: their reactions (invoices, cabinets) wired first.
  wireModules();
  const { createdDemoUsers } = await seedBase(db, { demo: options.demo });
  if (options.demo === false || !(options.demoFinance || options.demoOrders)) {
    return { createdDemoUsers, createdDemoOrders: 0 };
  }
  const ctx: RequestContext = systemContext(
    { db, config: options.config ?? loadConfig(), storage: noStorage },
    options.log ?? quiet(),
  );
  const createdDemoOrders = await transaction(ctx, async (tx) => {
    // Serialize concurrent first starts on a shared PostgreSQL.
    await tx.db.execute(sql`select pg_advisory_xact_lock(727276)`);
    if (!options.demoOrders) {
      // The rules alone, made with the demo accounts (an empty database), never on a later start.
      if (createdDemoUsers > 0) {
        await seedDemoFinance(tx.db);
        await seedDemoFinanceRules(tx.db);
      }
      return 0;
    }
    const made = await seedDemoOrders(tx);
    // The rest of the demo is made with its orders, once: a later start (orders exist) adds
    // nothing, posts no charge and changes no setting (decision 0039).
    if (made === 0) return 0;
    // The demo approves its orders a few at a time, each on its own day: numbers in issue order.
    await numberInIssueOrder(tx);
    // Scan sessions over the demo orders in production (issue 18).
    if (made > 0) await seedDemoProduction(tx);
    // Planned days for the open demo orders (the planner, decision 0031).
    if (made > 0) await seedDemoPlans(tx);
    await seedDemoRemakes(tx);
    // Payments, credits and a bank over the demo orders' invoices (issue 17).
    await seedDemoInvoices(tx);
    // After the orders: the demo orders are priced and submitted before any rule exists. The
    // charge settings hold from the first day of the demo's charges.
    const now = new Date();
    await seedDemoFinanceRules(tx.db, demoChargesFrom(now));
    // The last days' overdue interest and storage fees on the demo invoices (decisions 0035, 0039).
    await seedDemoCharges(tx, 3, now);
    return made;
  });
  return { createdDemoUsers, createdDemoOrders };
}
