import { DEFAULT_BOOK_ACCOUNTS, EMAIL_TEMPLATES } from '@cab/shared';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from './passwords.ts';
import { addresses, companies, emailTemplates, holidays, settings, tags, users } from './schema/index.ts';
import { seedCatalog } from './seed-catalog.ts';
import type { Db } from './types.ts';

/** Deterministic pseudo-random numbers for demo data (the server's demo orders, tests). */
export { seededRandom } from './random.ts';
/** The demo catalogue and the drawings its images name (seed-catalog.ts). */
export { drawSeedImage, isSeedImageKey } from './seed-catalog.ts';

/** Password of every demo account (README lists the logins). */
export const DEMO_PASSWORD = 'Demo1234!';
/**
 * The demo password is published, so a slow hash of it protects nothing; the demo seed's ~35
 * order submits each check it (a submit is signed with the password): scrypt N=2^10, 2 ms a
 * check instead of 35. A password set later (a reset, a change) gets the full cost.
 */
const DEMO_HASH_COST = 1024;
const DEMO_COMPANY = 'Acme Kitchens';

type DemoUser = {
  email: string;
  firstName: string;
  lastName: string;
  accountType: 'P' | 'B' | null;
  isStaff?: boolean;
  isEmployee?: boolean;
  isManager?: boolean;
  isSuperuser?: boolean;
  requirePasswordReset?: boolean;
  inCompany?: boolean;
};

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'admin@demo.test',
    firstName: 'Ada',
    lastName: 'Admin',
    accountType: null,
    isStaff: true,
    isSuperuser: true,
  },
  { email: 'staff@demo.test', firstName: 'Sam', lastName: 'Shopfloor', accountType: null, isEmployee: true },
  { email: 'personal@demo.test', firstName: 'Paula', lastName: 'Price', accountType: 'P' },
  {
    email: 'manager@demo.test',
    firstName: 'Mona',
    lastName: 'Manager',
    accountType: 'B',
    isManager: true,
    inCompany: true,
  },
  { email: 'employee@demo.test', firstName: 'Eli', lastName: 'Employee', accountType: 'B', inCompany: true },
  { email: 'reset@demo.test', firstName: 'Rita', lastName: 'Reset', accountType: 'P', requirePasswordReset: true },
];

/** A default billing and shipping address for the personal demo customer and for Acme Kitchens. */
function demoAddresses(personal: { userId: number }, acme: { companyId: number }) {
  const home = { line1: '350 5th Ave', city: 'New York', state: 'NY', postalCode: '10001', isDefault: true };
  const shop = { line1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', postalCode: '60606', isDefault: true };
  return [
    { ...personal, ...home, kind: 'BILLING' as const, name: 'Paula Price' },
    { ...personal, ...home, kind: 'SHIPPING' as const, name: 'Paula Price', line2: 'Apt 12' },
    { ...acme, ...shop, kind: 'BILLING' as const, name: 'Acme Kitchens' },
    {
      ...acme,
      ...shop,
      kind: 'SHIPPING' as const,
      name: 'Acme Kitchens workshop',
      line1: '1200 W 35th St',
      postalCode: '60609',
    },
  ];
}

export const DEFAULT_SETTINGS = {
  lead_time: 15,
  // Business days from a remake's approval to its remake order's due date (issue 29).
  remake_lead_time: 5,
  remake_reasons: {
    reasons: ['Damaged in shipping', 'Wrong size ordered', 'Wrong finish', 'Production defect', 'Installation damage'],
  },
  // Sales tax % by US state code; empty = no sales tax until an admin fills the table.
  tax_rates: {} as Readonly<Record<string, number>>,
  // The shop's state (PICKUP orders are taxed at its rate); '' until an admin sets it.
  shop_state: '',
  // Cabinets the shop builds per working day (the planner's load; decision 0031).
  capacity_per_day: 40,
  // The seller on invoices and receipts (issue 27); '' until an admin fills them (the demo has its own).
  seller_name: '',
  seller_address: '',
  seller_phone: '',
  // How to pay by check (payee, where to mail) and by wire (bank details), printed on invoices (issue 34).
  remit_check_payee: '',
  remit_wire_details: '',
  // The journal export's account names (issue 34, decision 0046), as the bookkeeper's chart names them.
  books_accounts: DEFAULT_BOOK_ACCOUNTS,
  // The monthly statement run e-mails every party with an open balance; off until an admin turns it on.
  statement_monthly: false,
  // Days after the day charged that the daily interest and storage fees fall due (decision 0053): "Net 30".
  payment_terms_days: 30,
  // The shop's stations, each with the scan types it does (issue 35); none until an admin names them.
  stations: [] as readonly { id: number; name: string; scan_types: readonly ('PRODUCTION' | 'SHIPPING' | 'AUDIT')[] }[],
} as const;

/** The demo shop as the seller on its invoices and receipts (set when the demo accounts are made). */
export const DEMO_SELLER = {
  seller_name: 'Demo Cabinetry Co.',
  seller_address: '1450 N Halsted St\nChicago, IL 60642',
  seller_phone: '(312) 555-0100',
  remit_check_payee: 'Demo Cabinetry Co.\n1450 N Halsted St, Chicago, IL 60642',
  remit_wire_details:
    'Lakeshore Demo Bank, Chicago, IL\nRouting (ABA) 071000013\nAccount 000123456789\nName on account: Demo Cabinetry Co.',
} as const;

/**
 * Idempotent: settings and holidays are ensured on every start; demo accounts are created only
 * when the database has no users at all (first start of an empty database). The demo finance
 * rules and orders are the server's (apps/server/src/seed, decision 0024): written through its
 * modules.
 */
export async function seed(db: Db, options: { demo?: boolean } = {}): Promise<{ createdDemoUsers: number }> {
  for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
    await db.insert(settings).values({ key, value }).onConflictDoNothing();
  }
  await db
    .insert(holidays)
    .values({ date: '2000-01-01', name: "New Year's Day", recurring: true })
    .onConflictDoNothing();
  // Every e-mail the product sends has a template; an admin's edits are never overwritten.
  await db
    .insert(emailTemplates)
    .values(EMAIL_TEMPLATES.map((t) => ({ name: t.name, subject: t.subject, body: t.body })))
    .onConflictDoNothing();
  if (options.demo === false) return { createdDemoUsers: 0 };

  return db.transaction(async (tx) => {
    // Serialize concurrent first starts on a shared PostgreSQL.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(users)) as [{ count: number }];
    if (count > 0) {
      await seedCatalog(tx);
      return { createdDemoUsers: 0 };
    }

    const [company] = await tx.insert(companies).values({ name: DEMO_COMPANY }).returning();
    const passwordHash = await hashPassword(DEMO_PASSWORD, DEMO_HASH_COST);
    const created = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => ({
          email: u.email,
          passwordHash,
          firstName: u.firstName,
          lastName: u.lastName,
          accountType: u.accountType,
          isStaff: u.isStaff ?? false,
          isEmployee: u.isEmployee ?? false,
          isManager: u.isManager ?? false,
          isSuperuser: u.isSuperuser ?? false,
          requirePasswordReset: u.requirePasswordReset ?? false,
          companyId: u.inCompany ? company!.id : null,
        })),
      )
      .returning({ id: users.id, email: users.email });
    for (const [key, value] of Object.entries(DEMO_SELLER)) {
      await tx.update(settings).set({ value }).where(eq(settings.key, key));
    }
    const personal = created.find((u) => u.email === 'personal@demo.test')!;
    await tx.insert(addresses).values(demoAddresses({ userId: personal.id }, { companyId: company!.id }));
    await tx
      .insert(tags)
      .values([
        { name: 'new' },
        { name: 'popular' },
        { name: 'lead', value: '2w' },
        { name: 'finish', value: 'painted' },
      ])
      .onConflictDoNothing();
    // The demo catalogue (only when the catalogue tables are empty) links to the tags above.
    await seedCatalog(tx);
    return { createdDemoUsers: DEMO_USERS.length };
  });
}
