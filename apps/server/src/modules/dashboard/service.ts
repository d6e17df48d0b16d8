import {
  type Cents,
  CUSTOMER_EVENT_KINDS,
  DASHBOARD_LINKS,
  DASHBOARD_TEXT,
  type Dashboard,
  type DashboardCard,
  ERROR_CODES,
  formatWireMoney,
  MSG,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type Role,
  toWire,
} from '@cab/shared';
import { cachePerDatabase, keptUntilEvents } from '../../kit/answer-cache.ts';
import { type Ctx, todayOf } from '../../kit/context.ts';
import { badRequest } from '../../kit/errors.ts';
import { jobStates } from '../../kit/jobs/state.ts';
import { recentShopEvents } from '../audit/index.ts';
import { activeMemberCount, findUserWithCompany, sessionOf, tokensOf } from '../auth/index.ts';
import { clientErrorsSince } from '../core/index.ts';
import { lastSettledEvent } from '../events/index.ts';
import { accountFigures, shopMoneyCards } from '../invoices/index.ts';
import { approvalCards } from '../orders/index.ts';
import { adminOrderCards, customerOrderCards, shopCards, shopWeek } from '../reports/index.ts';

/**
 * The dashboard (GET /api/core/dashboard/, issue 29): a list of cards per role, each card built by
 * one builder. A role's cards are `CARDS[role]`, in order; a new card is a builder added to the
 * roles that see it. The module sits on the top floor: it imports the modules whose figures it
 * shows (reports, invoices, orders) through their index.ts, and nothing imports it but app.ts.
 */

interface Me {
  firstName: string;
  companyId: number | null;
}
type CardBuilder = (ctx: Ctx, me: Me) => Promise<DashboardCard[]>;

const money = (c: Cents) => toWire(c);

// Client-error telemetry is counted here, never listed as activity: it is internal diagnostics.
const clientErrorCards: CardBuilder = async ({ db }) => [
  {
    key: 'client_errors',
    label: DASHBOARD_TEXT.clientErrors,
    value: await clientErrorsSince(db, new Date(Date.now() - 24 * 3600_000)),
    kind: 'count',
  },
];

/** Background jobs stopped after their retries (kit/jobs/runner.ts): the admin runs them again. */
const failedJobCards: CardBuilder = async ({ db }) => [
  {
    key: 'failed_jobs',
    label: DASHBOARD_TEXT.failedJobs,
    value: (await jobStates(db)).filter((j) => j.status === 'FAILED').length,
    kind: 'count',
  },
];

const companyMemberCards: CardBuilder = async ({ db }, me) =>
  me.companyId === null
    ? []
    : [
        {
          key: 'company_members',
          label: DASHBOARD_TEXT.companyMembers,
          value: await activeMemberCount(db, me.companyId),
          kind: 'count',
        },
      ];

/** What the customer owes and holds: equal to its invoice list and credit answers (issue 27). */
const accountCards: CardBuilder = async (ctx) => {
  const f = await accountFigures(ctx);
  const creditHref =
    f.creditParty.type === 'company' ? DASHBOARD_LINKS.companyCredit(f.creditParty.id) : DASHBOARD_LINKS.myCredit;
  return [
    {
      key: 'balance_due',
      label: DASHBOARD_TEXT.balanceDue,
      value: money(f.balanceDue),
      kind: 'money',
      href: DASHBOARD_LINKS.openInvoices,
    },
    {
      key: 'balance_overdue',
      label: DASHBOARD_TEXT.balanceOverdue,
      value: money(f.balanceOverdue),
      kind: 'money',
      href: DASHBOARD_LINKS.overdueInvoices,
    },
    {
      // Issue 34 "every page foots": the interest and fees within the balance due, as the list shows them.
      key: 'interest_fees',
      label: DASHBOARD_TEXT.interestFees,
      value: money(f.interestFees),
      kind: 'money',
      href: DASHBOARD_LINKS.openInvoices,
    },
    {
      key: 'next_due_date',
      label: DASHBOARD_TEXT.nextDueDate,
      value: f.nextDueDate ?? '',
      kind: 'date',
      href: DASHBOARD_LINKS.invoicesByDueDate,
    },
    {
      key: 'credit_available',
      label: DASHBOARD_TEXT.creditAvailable,
      value: money(f.creditAvailable),
      kind: 'money',
      href: creditHref,
    },
  ];
};

/** Each role's cards, in the order shown. */
const CARDS: Record<Role, CardBuilder[]> = {
  ADMIN: [shopCards, adminOrderCards, shopMoneyCards, clientErrorCards, failedJobCards],
  STAFF: [shopCards],
  PERSONAL: [accountCards, customerOrderCards],
  BUSINESS_MANAGER: [accountCards, customerOrderCards, companyMemberCards, approvalCards],
  BUSINESS_EMPLOYEE: [customerOrderCards, companyMemberCards],
};
const SHOP: readonly (Role | null)[] = ['ADMIN', 'STAFF'];

const dateTime = (d: Date | null | undefined) => (d ? d.toISOString() : '');

type ShopEvent = Awaited<ReturnType<typeof recentShopEvents>>[number];
const RECENT = 8;

/** One line of the shop's recent activity; null for an event it cannot word. */
function shopEventText(e: ShopEvent): string | null {
  const after = (e.after ?? {}) as Record<string, unknown>;
  if (e.entity === 'order') {
    const status = ORDER_STATUS_LABELS[after.status as OrderStatus];
    return status ? DASHBOARD_TEXT.recentOrderMoved(Number(e.entityId), status) : null;
  }
  if (e.entity === 'remake') {
    const order = (after.order ?? ((e.before ?? {}) as Record<string, unknown>).order) as
      | { id: number; name: string }
      | undefined;
    const named = order ? `#${order.id} ${order.name}` : '';
    return DASHBOARD_TEXT.recentRemake(Number(e.entityId), e.action as 'create' | 'approve' | 'reject', named);
  }
  return DASHBOARD_TEXT.recentPayment(formatWireMoney(String(after.amount ?? '0')), String(after.invoice ?? ''));
}

/** The shop sees what moved on the floor and in the books; a customer its own sign-ins. */
async function recentOf(ctx: Ctx): Promise<Dashboard['recent']> {
  if (SHOP.includes(ctx.actor.role)) {
    return (await recentShopEvents(ctx.db, RECENT)).flatMap((e) => {
      const text = shopEventText(e);
      return text ? [{ at: dateTime(e.at), text }] : [];
    });
  }
  return (await tokensOf(ctx.db, ctx.actor.id))
    .slice(0, 5)
    .map((s) => ({ at: dateTime(s.createdAt), text: 'Signed in' }));
}

/** What a dashboard shows beside the greeting: drawn by the builders, kept by `keptFigures`. */
type Figures = Pick<Dashboard, 'cards' | 'recent' | 'week'>;

async function drawFigures(ctx: Ctx, me: Me): Promise<Figures> {
  const { actor: user } = ctx;
  const builders = user.role ? CARDS[user.role] : [];
  const [cards, week] = await Promise.all([
    Promise.all(builders.map((build) => build(ctx, me))).then((groups) => groups.flat()),
    SHOP.includes(user.role) ? shopWeek(ctx) : undefined,
  ]);
  const recent = await recentOf(ctx);
  return { cards, recent, ...(week ? { week } : {}) };
}

/**
 * Figures kept per server (issue 36, decision 0056), so an open dashboard's refetch is a read:
 * the shop's per role (every ADMIN sees the same figures, every STAFF too), a customer's per user
 * (its orders, money and sign-ins). A copy is drawn again once this server's hub has heard, and
 * let settle, an event of a kind that moves its figures (every kind for the shop; a customer's
 * kinds for a customer; `lastSettledEvent`), at the shop's midnight, and at the latest when the
 * clock passes into the next `dashboardKeepMs` window (the same windows on every server), for
 * what changes without an event (a member added, a setting).
 */
const keptFigures = cachePerDatabase({ maxEntries: 5000 });

async function figuresOf(ctx: Ctx, me: Me): Promise<Figures> {
  const keepMs = ctx.config.dashboardKeepMs;
  if (keepMs === 0) return drawFigures(ctx, me);
  const { actor } = ctx;
  const shop = SHOP.includes(actor.role);
  const key = shop ? `shop:${actor.role}` : `user:${actor.id}:${actor.role}:${actor.companyId}`;
  const settled = lastSettledEvent(ctx.db, shop ? undefined : CUSTOMER_EVENT_KINDS);
  const text = await keptUntilEvents(keptFigures(ctx.db), key, { keepMs, day: todayOf(ctx), settled }, async () =>
    JSON.stringify(await drawFigures(ctx, me)),
  );
  return JSON.parse(text) as Figures;
}

export async function dashboard(ctx: Ctx): Promise<Dashboard> {
  // The greeting's name and the company from the request's session, as /me answers (dropped on
  // every change to them, auth/session-cache.ts): no query per kept answer.
  const me = sessionOf(ctx.actor) ?? (await findUserWithCompany(ctx.db, ctx.actor.id))?.user;
  if (!me) throw badRequest(ERROR_CODES.notFound, MSG.notFound);
  return { greeting: `Hello, ${me.firstName}`, today: todayOf(ctx), ...(await figuresOf(ctx, me)) };
}
