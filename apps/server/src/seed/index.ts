import { type Db, seed as seedBase } from '@cab/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, loadConfig } from '../config.ts';
import { type RequestContext, systemContext } from '../kit/context.ts';
import { transaction } from '../kit/transaction.ts';
import type { FileStorage } from '../storage/index.ts';
import { seedDemoFinance } from './finance.ts';
import { seedDemoInvoices } from './invoices.ts';
import { seedDemoOrders } from './orders.ts';

/**
 * The demo seed (decision 0024): packages/db's seed (settings, holidays, templates, the demo
 * accounts and catalogue), then the demo finance rules through the finance module's writers and
 * the demo orders through the orders module's use cases. Idempotent: a second run adds nothing.
 */

export {
  DEMO_DISCOUNT_CODES,
  DEMO_ORDER_CUSTOMERS,
  DEMO_PAYMENT_OPTIONS,
  DEMO_SHOP_STATE,
  DEMO_TAX_RATES,
  seedDemoFinance,
} from './finance.ts';
export { seedDemoInvoices } from './invoices.ts';
export { seedDemoOrders } from './orders.ts';

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
      await seedDemoFinance(tx.db);
      return 0;
    }
    const created = await seedDemoOrders(tx);
    await seedDemoInvoices(tx);
    return created;
  });
  return { createdDemoUsers, createdDemoOrders };
}
