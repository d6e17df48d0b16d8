import { type Executor, schema, seededRandom } from '@cab/db';
import {
  addBusinessDays,
  DAY_MS,
  dayIn,
  type GroupPremiumKind,
  holidayMatcher,
  ORDER_STATUSES,
  type OrderGroupInput,
  type OrderStatus,
} from '@cab/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor, Ctx, RequestContext } from '../kit/context.ts';
import { AppError } from '../kit/errors.ts';
import { audit } from '../modules/audit/index.ts';
import {
  approveOrder,
  cancelOrder,
  createOrder,
  declineOrder,
  enterDiscountCode,
  moveOrder,
  submitOrder,
  updateBypassPaymentOptionDiscount,
  updateCustomDiscount,
} from '../modules/orders/index.ts';
import { DEMO_DISCOUNT_CODES, DEMO_ORDER_CUSTOMERS, DEMO_PAYMENT_OPTIONS, seedFinance } from './finance.ts';

/**
 * A few dozen demo orders for the demo customers, in every status, made through the orders
 * module's use cases (decision 0024): created with their groups, submitted, approved, declined,
 * cancelled, put in production ... by the demo users, so they are priced, validated, numbered,
 * frozen and audited exactly as a real order. Each call runs with the context's `at` set to the
 * plan's time, so the audit trail (append-only) records the history as it would have happened.
 * Two things the services cannot do yet are done here, and say so: they stamp the order's own
 * columns with now, so each order is then placed in time (created, status times, terms accepted,
 * the decline note's time, the plan's requested and due dates); and `partially_complete` is a
 * scan-only move with no scan service yet, so it is written as the status writer would
 * (compare-and-set on the status, version up, the event).
 */

const { addresses, doorStyleWoodSpecies, holidays, lineItems, orders, premiums } = schema;
const { paymentOptions, settings, users, woodSpeciesFinishOptions } = schema;

const SURNAMES = [
  'Henderson',
  'Alvarez',
  'Nakamura',
  'Okafor',
  'Whitfield',
  'Brennan',
  'Castillo',
  'Lindqvist',
  'Patel',
  'Moreau',
  'Kowalski',
  'Delgado',
  'Fitzgerald',
  'Haddad',
  'Sorensen',
  'Abernathy',
  'Tanaka',
  'Rossi',
  'McAllister',
  'Nguyen',
];

type Room = 'kitchen' | 'bath' | 'laundry';
type GroupKind = 'perimeter' | 'island' | 'pantry' | 'bar' | 'vanity' | 'linen' | 'laundry';

const ROOMS: { room: Room; label: string[]; groups: GroupKind[][] }[] = [
  {
    room: 'kitchen',
    label: ['kitchen', 'kitchen remodel', 'kitchen and island'],
    groups: [
      ['perimeter'],
      ['perimeter', 'island'],
      ['perimeter', 'island', 'pantry'],
      ['perimeter', 'island', 'pantry', 'bar'],
    ],
  },
  { room: 'bath', label: ['master bath', 'guest bath', 'powder room'], groups: [['vanity'], ['vanity', 'linen']] },
  { room: 'laundry', label: ['laundry room', 'mudroom and laundry'], groups: [['laundry']] },
];

const GROUP_NAMES: Record<GroupKind, string> = {
  perimeter: 'Perimeter',
  island: 'Island',
  pantry: 'Pantry wall',
  bar: 'Coffee bar',
  vanity: 'Vanity',
  linen: 'Linen tower',
  laundry: 'Laundry',
};

/** Cabinets each kind of group is built from (demo catalogue codes, packages/db seed-catalog.ts). */
const GROUP_CABINETS: Record<GroupKind, string[]> = {
  perimeter: [
    'B15',
    'B18',
    'B21',
    'B24',
    'B30',
    'B36',
    'SB36',
    'DB18',
    'DB24',
    'W1530',
    'W1836',
    'W2436',
    'W3036',
    'W3342',
    'W3636',
    'F3',
    'WSS',
  ],
  island: ['B24', 'B30', 'B36', 'DB21', 'DB24', 'SB30', 'CTD', 'ROT18'],
  pantry: ['U1884', 'U1890', 'U2490', 'U2496', 'TF396'],
  bar: ['B30', 'B36', 'W3030', 'W3630', 'DB15'],
  vanity: ['SB30', 'SB36', 'DB15', 'B18', 'B12', 'F3'],
  linen: ['U1884', 'U1890', 'W1530'],
  laundry: ['W3030', 'W3630', 'W2430', 'U2484', 'U1884', 'B30', 'SB30', 'F6', 'BWF3'],
};

/** Attachments that follow a cabinet of each base category. */
const ATTACHMENTS_FOR: Record<string, string[]> = {
  BASE: ['TK8', 'FEP-B'],
  WALL: ['CM8', 'LR8', 'FEP-W'],
  TALL: ['FEP-T', 'CM8-L'],
};

type Step =
  | 'create'
  | 'submit'
  | 'approve'
  | 'decline'
  | 'start_production'
  | 'partially_complete'
  | 'complete'
  | 'ship'
  | 'cancel';

const STATUS_PATH: Record<OrderStatus, Step[]> = {
  BID: ['create'],
  ORDERED: ['create', 'submit'],
  VERIFIED: ['create', 'submit', 'approve'],
  DECLINED: ['create', 'submit', 'decline'],
  IN_PROGRESS: ['create', 'submit', 'approve', 'start_production'],
  PARTIALLY_COMPLETED: ['create', 'submit', 'approve', 'start_production', 'partially_complete'],
  COMPLETED: ['create', 'submit', 'approve', 'start_production', 'partially_complete', 'complete'],
  SHIPPED: ['create', 'submit', 'approve', 'start_production', 'partially_complete', 'complete', 'ship'],
  CANCELLED: ['create', 'submit', 'approve', 'cancel'],
};

/** Days between one step and the next (min, max). */
const STEP_DAYS: Record<string, [number, number]> = {
  submit: [1, 6],
  approve: [1, 3],
  decline: [1, 3],
  start_production: [3, 10],
  partially_complete: [2, 8],
  complete: [2, 6],
  ship: [1, 7],
  cancel: [1, 10],
};

/** The column each move stamps (decision 0018), as the status writer does. */
const STAMP: Partial<Record<Step, 'submittedAt' | 'verifiedAt' | 'completedAt' | 'shippedAt' | 'cancelledAt'>> = {
  submit: 'submittedAt',
  approve: 'verifiedAt',
  complete: 'completedAt',
  ship: 'shippedAt',
  cancel: 'cancelledAt',
};

const DECLINE_REASONS = [
  'Island depth does not fit the room plan sent with the order; please confirm the dimensions.',
  'The walnut slab doors are out of stock for 10 weeks; please choose another door style.',
  'Painted finish was requested on a stain-grade wood species.',
];
const CANCEL_NOTES = ['Customer postponed the remodel.', 'Duplicate of another order.'];

/** Statuses that get a second demo order per customer (the ones a shop has most of). */
const BUSY_STATUSES: readonly OrderStatus[] = ['BID', 'ORDERED', 'VERIFIED', 'IN_PROGRESS'];

/** The demo password every demo account has (packages/db seed.ts): a submit asks for it. */
const PASSWORD = 'Demo1234!';

type UserRow = typeof users.$inferSelect;

const actorOf = (u: UserRow): Actor => ({
  id: u.id,
  email: u.email,
  role: u.isStaff
    ? 'ADMIN'
    : u.isEmployee
      ? 'STAFF'
      : u.accountType === 'B'
        ? u.isManager
          ? 'BUSINESS_MANAGER'
          : 'BUSINESS_EMPLOYEE'
        : 'PERSONAL',
  companyId: u.companyId,
  tokenId: 0,
  mustChangePassword: false,
});

interface DemoCustomer {
  user: UserRow;
  business: boolean;
  billingId: number | null;
  shippingId: number | null;
}

/** One order's plan: everything drawn from the seeded random numbers, in the original order. */
interface Plan {
  customer: DemoCustomer;
  status: OrderStatus;
  path: Step[];
  times: Date[];
  name: string;
  groups: OrderGroupInput[];
  paymentOptionId: number | null;
  payInFull: boolean;
  paymentMethod: 'CARD' | 'CHECK' | 'WIRE' | null;
  shippingMethod: 'PICKUP' | 'DELIVERY' | null;
  code: string | null;
  customDiscount: string | null;
  bypass: boolean;
  actors: UserRow[];
  note: string | null;
  requestedDate: string | null;
  dueDate: string | null;
  poNumber: string | null;
  completionPreference: 'ALL_AT_ONCE' | 'AS_READY' | null;
  jobPriority: 'RUSH' | 'NORMAL' | null;
}

/**
 * Demo finance rules and a few dozen demo orders for the demo customers, in every status, made
 * through the orders module. Only in a database with the demo accounts, and orders only while
 * there are none. `ctx` is a system context inside the seed's transaction. Returns the number
 * of orders created.
 */
export async function seedDemoOrders(
  ctx: RequestContext,
  options: { now?: Date; seed?: number } = {},
): Promise<number> {
  const tx: Executor = ctx.db;
  const now = options.now ?? new Date();
  const demo = await tx
    .select()
    .from(users)
    .where(inArray(users.email, [...DEMO_ORDER_CUSTOMERS, 'admin@demo.test', 'staff@demo.test']));
  const byEmail = new Map(demo.map((u) => [u.email, u]));
  const customerRows = DEMO_ORDER_CUSTOMERS.map((e) => byEmail.get(e)).filter((u) => u !== undefined);
  if (customerRows.length === 0) return 0;
  const companyId = customerRows.find((u) => u.companyId !== null)?.companyId ?? null;
  // Once, into a database without orders: a later start changes no rule an admin has since edited.
  const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(orders);
  if (Number(existing?.n ?? 0) > 0) return 0;
  await seedFinance(tx, { companyId, today: now });
  const admin = byEmail.get('admin@demo.test');
  if (!admin) return 0;
  const staff = byEmail.get('staff@demo.test') ?? admin;

  const plans = await planOrders(tx, customerRows, admin, staff, now, options.seed ?? 20_261_125);
  if (plans.length === 0) return 0;
  const as = (u: UserRow, at: Date): Ctx => ({ ...ctx, actor: actorOf(u), at });
  // Created one by one, so ids grow with created_at; then moved on one at a time: the use
  // cases share the seed's one transaction, and a service that reads then writes (the next
  // invoice number) is only right when no other call runs between its statements.
  const ids: number[] = [];
  for (const plan of plans) ids.push(await createDemoOrder(as, plan, admin));
  for (const [i, plan] of plans.entries()) {
    await advanceDemoOrder(ctx, as, plan, ids[i] as number, admin, staff);
  }
  return plans.length;
}

/** Draws every demo order (the same seed gives the same orders), oldest first. */
async function planOrders(
  tx: Executor,
  customerRows: UserRow[],
  admin: UserRow,
  staff: UserRow,
  now: Date,
  seed: number,
): Promise<Plan[]> {
  const rng = seededRandom(seed);

  // Catalogue, finance and settings, read once.
  const items = await tx.select().from(lineItems);
  const itemByCode = new Map(items.map((i) => [i.manufacturerCode, i]));
  const premiumRows = await tx.select().from(premiums);
  const ofType = (type: string) => premiumRows.filter((p) => p.premiumType === type);
  const woodFinishes = await tx.select().from(woodSpeciesFinishOptions);
  const doorWoods = await tx.select().from(doorStyleWoodSpecies);
  const options_ = await tx.select().from(paymentOptions);
  const [leadRow] = await tx.select().from(settings).where(eq(settings.key, 'lead_time'));
  const leadTime = Number(leadRow?.value ?? 15);
  const holidayRows = await tx.select({ date: holidays.date, recurring: holidays.recurring }).from(holidays);
  const addressRows = await tx.select().from(addresses).orderBy(asc(addresses.id));

  const customers: DemoCustomer[] = customerRows.map((u) => {
    const own = addressRows.filter((a) =>
      u.companyId !== null && u.accountType === 'B' ? a.companyId === u.companyId : a.userId === u.id,
    );
    const billing = own.find((a) => a.kind === 'BILLING') ?? null;
    const shipping =
      own.find((a) => a.kind === 'SHIPPING' && a.isDefault) ?? own.find((a) => a.kind === 'SHIPPING') ?? null;
    return {
      user: u,
      business: u.accountType === 'B',
      billingId: billing?.id ?? null,
      shippingId: shipping?.id ?? null,
    };
  });
  if (items.length === 0 || premiumRows.length === 0) return [];

  // Premium choices that go together: a finish the wood takes, a door style made in that wood.
  const woods = ofType('WOOD_SPECIES');
  const drawerStyles = ofType('DRAWER_STYLE');
  const finishedSides = ofType('FINISHED_SIDE').filter((p) => p.priceCents !== null || p.percentageBp !== null);
  function premiumsFor(): Record<GroupPremiumKind, number | null> {
    const wood = rng.pick(woods);
    const finishIds = woodFinishes.filter((w) => w.woodSpeciesId === wood.id).map((w) => w.finishOptionId);
    const finishes = premiumRows.filter((p) => finishIds.includes(p.id));
    const doorIds = doorWoods.filter((d) => d.woodSpeciesId === wood.id).map((d) => d.doorStyleId);
    const doors = premiumRows.filter((p) => doorIds.includes(p.id));
    const door = doors.length ? rng.pick(doors) : null;
    return {
      wood_species: wood.id,
      finish_option: finishes.length ? rng.pick(finishes).id : null,
      base_door_style: door?.id ?? null,
      // Now and then the wall doors differ from the base doors (e.g. shaker bases, slab uppers).
      wall_door_style: (door && doors.length > 1 && rng.chance(0.2) ? rng.pick(doors) : door)?.id ?? null,
      tall_door_style: door?.id ?? null,
      drawer_style: drawerStyles.length ? rng.pick(drawerStyles).id : null,
    };
  }

  type Line = OrderGroupInput['items'][number];
  function linesFor(kind: GroupKind, count: number, nextId: () => string): Line[] {
    const out: Line[] = [];
    const pool = GROUP_CABINETS[kind].map((c) => itemByCode.get(c)).filter((i) => i !== undefined);
    if (pool.length === 0) return out;
    while (out.length < count) {
      const item = rng.pick(pool);
      const doors = item.nbBaseDoor + item.nbWallDoor + item.nbTallDoor;
      let hinge = item.hinge;
      if (doors === 1 || item.hinge === 'Left' || item.hinge === 'Right') hinge = rng.pick(['Left', 'Right'] as const);
      const side =
        item.baseCategory !== 'ACCESSORY' && finishedSides.length && rng.chance(0.2) ? rng.pick(finishedSides) : null;
      const id = nextId();
      out.push({
        _id: id,
        line_item: item.id,
        qty: rng.chance(0.25) ? 2 : 1,
        hinge: hinge as Line['hinge'],
        finished_side: side?.id ?? null,
        is_attachment: false,
        parentId: null,
      });
      // Attachments follow their parent (SPEC 4).
      const forKind = ATTACHMENTS_FOR[item.baseCategory ?? ''] ?? [];
      if (out.length < count && forKind.length && rng.chance(0.35)) {
        const att = itemByCode.get(rng.pick(forKind));
        if (att) {
          out.push({
            _id: nextId(),
            line_item: att.id,
            qty: rng.int(1, 2),
            hinge: null,
            finished_side: null,
            is_attachment: true,
            parentId: id,
          });
        }
      }
    }
    return out;
  }

  // One plan per (customer, status), a second one for the busy statuses.
  const wanted: { customer: DemoCustomer; status: OrderStatus }[] = [];
  for (const customer of customers) {
    for (const status of ORDER_STATUSES) {
      wanted.push({ customer, status });
      if (BUSY_STATUSES.includes(status)) wanted.push({ customer, status });
    }
  }

  const optionBy = (name: string) => options_.find((o) => o.name === name) ?? null;
  let expiredCodeUsed = false;
  let nameIndex = 0;
  const plans: Plan[] = [];

  for (const { customer, status } of wanted) {
    const path = STATUS_PATH[status];
    // Status history: gaps between steps, then the whole path placed in the last ~6 months
    // (orders still in flight recent, finished ones anywhere).
    const gaps = path.slice(1).map((step) => {
      const [lo, hi] = STEP_DAYS[step] ?? [1, 3];
      return rng.int(lo, hi) * DAY_MS + rng.int(0, 8 * 3600) * 1000;
    });
    const span = gaps.reduce((a, b) => a + b, 0);
    const inFlight = ['BID', 'ORDERED', 'VERIFIED', 'IN_PROGRESS', 'PARTIALLY_COMPLETED'].includes(status);
    const slackDays = inFlight ? rng.int(0, 25) : rng.int(0, Math.max(0, 175 - Math.ceil(span / DAY_MS)));
    const createdAt = new Date(now.getTime() - span - slackDays * DAY_MS - rng.int(1, 10 * 3600) * 1000);
    const times = [createdAt];
    for (const g of gaps) times.push(new Date((times.at(-1) as Date).getTime() + g));

    const room = rng.pick(ROOMS);
    const surname = SURNAMES[nameIndex++ % SURNAMES.length] as string;
    const name = `${surname} ${rng.pick(room.label)}`;
    const groupKinds = rng.pick(room.groups);
    const totalLines = Math.max(
      groupKinds.length * 3,
      rng.int(room.room === 'kitchen' ? 12 : 5, room.room === 'kitchen' ? 30 : 14),
    );
    let clientSeq = 0;
    const nextId = () => `L${++clientSeq}`;
    const groups = groupKinds.map((kind, gi): OrderGroupInput => {
      const share =
        gi === groupKinds.length - 1
          ? totalLines - Math.floor(totalLines / groupKinds.length) * gi
          : Math.floor(totalLines / groupKinds.length);
      const prem = premiumsFor();
      return { name: GROUP_NAMES[kind], premiums: prem, items: linesFor(kind, Math.max(2, share), nextId) };
    });

    const submitted = status !== 'BID';
    const submitAt = submitted ? (times[1] as Date) : null;
    const business = customer.business;
    const paymentOption = submitted
      ? business && rng.chance(0.4)
        ? optionBy(DEMO_PAYMENT_OPTIONS.net30)
        : optionBy(rng.chance(0.5) ? DEMO_PAYMENT_OPTIONS.payInFull : DEMO_PAYMENT_OPTIONS.deposit)
      : null;
    const paymentMethod = submitted ? rng.pick(['CARD', 'CHECK', 'WIRE', 'CARD'] as const) : null;
    const shippingMethod = submitted ? rng.pick(['PICKUP', 'DELIVERY'] as const) : null;

    // A code on some orders. The expired one the first personal bid once showed refused is not
    // made: the service refuses to set it, as it refuses the customer.
    let code: string | null = null;
    if (!expiredCodeUsed && status === 'BID' && !business) {
      expiredCodeUsed = true;
    } else if (rng.chance(0.2)) {
      code = rng.chance(0.5) ? DEMO_DISCOUNT_CODES.welcome : DEMO_DISCOUNT_CODES.spring;
    }
    const adminDiscount = ['VERIFIED', 'IN_PROGRESS', 'COMPLETED'].includes(status) && rng.chance(0.3);
    const customPercent = adminDiscount && rng.chance(0.5);
    const customDiscount = adminDiscount ? (customPercent ? '5%' : '100.00') : null;
    const bypass = paymentOption?.name === DEMO_PAYMENT_OPTIONS.payInFull && rng.chance(0.15);

    const actors = path.map((step) => {
      if (step === 'create' || step === 'submit') return business && rng.chance(0.15) ? admin : customer.user;
      // The shop floor starts production and completes part; completing the order is the admin's (lifecycle table).
      if (step === 'start_production' || step === 'partially_complete') return staff;
      return admin;
    });
    let note: string | null = null;
    if (status === 'DECLINED' || status === 'CANCELLED') {
      const picked = status === 'DECLINED' ? rng.pick(DECLINE_REASONS) : rng.pick(CANCEL_NOTES);
      // The cancel move takes no note: only a decline keeps its reason.
      note = status === 'DECLINED' ? picked : null;
    }
    const requestedDate =
      submitAt && rng.chance(0.5) ? dayIn(new Date(submitAt.getTime() + rng.int(20, 45) * DAY_MS), 'UTC') : null;
    const dueDate = submitAt
      ? (requestedDate ?? addBusinessDays(dayIn(submitAt, 'UTC'), leadTime, holidayMatcher(holidayRows)))
      : null;
    const poNumber = business && rng.chance(0.6) ? `PO-${rng.int(1000, 9999)}` : null;
    const completionPreference = submitted ? rng.pick(['ALL_AT_ONCE', 'AS_READY'] as const) : null;
    const jobPriority = submitted ? (rng.chance(0.15) ? 'RUSH' : 'NORMAL') : null;

    plans.push({
      customer,
      status,
      path,
      times,
      name,
      groups,
      paymentOptionId: paymentOption?.id ?? null,
      payInFull: paymentOption?.name === DEMO_PAYMENT_OPTIONS.payInFull,
      paymentMethod,
      shippingMethod,
      code,
      customDiscount,
      bypass,
      actors,
      note,
      requestedDate,
      dueDate,
      poNumber,
      completionPreference,
      jobPriority,
    });
  }
  // Oldest first, so ids grow with created_at as they would have.
  plans.sort((a, b) => (a.times[0] as Date).getTime() - (b.times[0] as Date).getTime());
  return plans;
}

/** One demo order created with its groups (a bid), by the customer or an admin for them. */
async function createDemoOrder(as: (u: UserRow, at: Date) => Ctx, plan: Plan, admin: UserRow): Promise<number> {
  const creator = plan.actors[0] as UserRow;
  const created = await createOrder(as(creator, plan.times[0] as Date), {
    name: plan.name,
    po_number: null,
    customer: creator.id === admin.id ? plan.customer.user.id : null,
    groups: plan.groups,
  });
  return created.id;
}

/**
 * The rest of a demo order's path through the use cases, then placed in time. The admin's price
 * changes (a code, the custom discount, the option discount bypass) are made between submit and
 * the next move, as a shop does on review, and only on orders that move on after them.
 */
async function advanceDemoOrder(
  ctx: RequestContext,
  as: (u: UserRow, at: Date) => Ctx,
  plan: Plan,
  id: number,
  admin: UserRow,
  staff: UserRow,
): Promise<void> {
  const steps: { action: string; at: Date }[] = [{ action: 'create', at: plan.times[0] as Date }];

  for (let i = 1; i < plan.path.length; i++) {
    const step = plan.path[i] as Step;
    const at = plan.times[i] as Date;
    const actor = as(plan.actors[i] as UserRow, at);
    if (step === 'submit') {
      const fields: Record<string, string> = {
        completion_preference: plan.completionPreference ?? 'ALL_AT_ONCE',
        job_priority: plan.jobPriority ?? 'NORMAL',
        shipping_method: plan.shippingMethod ?? 'PICKUP',
        billing_address: String(plan.customer.billingId),
        customer_payment_option: String(plan.paymentOptionId),
        payment_method: plan.paymentMethod ?? 'CARD',
        password: PASSWORD,
        terms_of_use: 'true',
      };
      if (plan.customer.shippingId !== null) fields.shipping_address = String(plan.customer.shippingId);
      if (plan.shippingMethod === 'DELIVERY') {
        fields.delivery_notes = 'Call 30 minutes before arrival; side door.';
        fields.delivery_contact_phone = '(312) 555-0142';
      }
      if (plan.poNumber) fields.po_number = plan.poNumber;
      await submitOrder(actor, id, {
        fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])),
        files: [],
      });
      steps.push({ action: 'submit', at });
      // The shop's review, before the next move (if there is one).
      if (plan.path.length > 2)
        await review((k) => as(admin, new Date(at.getTime() + k * 60_000)), plan, id, at, steps);
      continue;
    }
    if (step === 'approve') await approveOrder(actor, id);
    else if (step === 'decline') await declineOrder(actor, id, plan.note ?? DECLINE_REASONS[0]!);
    else if (step === 'cancel') await cancelOrder(actor, id);
    else if (step === 'partially_complete') await partiallyComplete(as(staff, at), id);
    else if (step !== 'create') await moveOrder(actor, id, step);
    steps.push({ action: step, at });
  }
  await placeInTime(ctx.db, id, plan, steps);
}

/** The admin's price changes on a submitted order under review; a refused code is left off. */
async function review(
  admin: (minutes: number) => Ctx,
  plan: Plan,
  id: number,
  submitAt: Date,
  steps: { action: string; at: Date }[],
) {
  const at = (k: number) => new Date(submitAt.getTime() + k * 60_000);
  if (plan.code) {
    try {
      await enterDiscountCode(admin(1), id, plan.code);
      steps.push({ action: 'discount_code', at: at(1) });
    } catch (err) {
      // A code the order could not have used (below its minimum): it goes without.
      if (!(err instanceof AppError)) throw err;
    }
  }
  if (plan.customDiscount) {
    await updateCustomDiscount(admin(2), id, {
      ...(plan.customDiscount.endsWith('%')
        ? { custom_discount_percentage: plan.customDiscount }
        : { custom_discount_amount: plan.customDiscount }),
      custom_discount_notes: 'Loyal customer, approved by Ada',
    });
    steps.push({ action: 'update_custom_discount', at: at(2) });
  }
  if (plan.bypass) {
    await updateBypassPaymentOptionDiscount(admin(3), id, true);
    steps.push({ action: 'update_bypass_payment_option_discount', at: at(3) });
  }
}

/**
 * IN_PROGRESS -> PARTIALLY_COMPLETED: a scan-only move (some cabinets scanned complete), and
 * there is no scan service yet. Written as the status writer writes a move: compare-and-set on
 * the status, the version up, the event in the same transaction.
 */
async function partiallyComplete(ctx: Ctx, id: number) {
  const [moved] = await ctx.db
    .update(orders)
    .set({ status: 'PARTIALLY_COMPLETED', version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.status, 'IN_PROGRESS')))
    .returning();
  if (!moved) throw new Error(`demo order ${id} is not in progress`);
  const state = (status: string, version: number) => ({ status, in_editing_mode: false, version });
  await audit(ctx, {
    entity: 'order',
    id,
    action: 'partially_complete',
    before: state('IN_PROGRESS', moved.version - 1),
    after: state('PARTIALLY_COMPLETED', moved.version),
  });
}

/**
 * The services stamp the order's own columns with now: its times (created, each status time,
 * terms accepted, the decline note) and the plan's requested and due dates are set to the plan's
 * history, as its events were recorded (the context's `at`). Nothing priced changes.
 */
async function placeInTime(tx: Executor, id: number, plan: Plan, steps: { action: string; at: Date }[]) {
  const when = (action: string) => steps.find((s) => s.action === action)?.at ?? null;
  const last = steps.at(-1) as { action: string; at: Date };
  const [row] = await tx.select({ metadata: orders.metadata }).from(orders).where(eq(orders.id, id));
  const metadata = { ...(row?.metadata ?? {}) };
  if (metadata.status_notes) {
    metadata.status_notes = metadata.status_notes.map((n) => ({ ...n, at: last.at.toISOString() }));
  }
  const stamps: Partial<typeof orders.$inferInsert> = {};
  for (const [step, column] of Object.entries(STAMP)) stamps[column] = when(step);
  await tx
    .update(orders)
    .set({
      ...stamps,
      createdAt: plan.times[0] as Date,
      updatedAt: last.at,
      termsAcceptedAt: when('submit'),
      requestedDate: plan.requestedDate,
      dueDate: plan.dueDate,
      metadata,
    })
    .where(eq(orders.id, id));
}
