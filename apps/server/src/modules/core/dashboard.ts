import {
  type Cents,
  DASHBOARD_LINKS,
  DASHBOARD_TEXT,
  type Dashboard,
  type DashboardCard,
  type DashboardWeek,
  ERROR_CODES,
  formatWireMoney,
  MSG,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type Role,
  toWire,
} from '@cab/shared';
import { type Ctx, todayOf } from '../../kit/context.ts';
import { badRequest } from '../../kit/errors.ts';
import { recentShopEvents } from '../audit/index.ts';
import { activeMemberCount, findUserWithCompany, tokensOf } from '../auth/index.ts';
import * as repo from './repository.ts';

/**
 * The dashboard (GET /api/core/dashboard/): a list of cards per role, each card built by one
 * builder. A role's cards are `CARDS[role]`, in order; a new card is a builder added to the
 * roles that see it. Figures owned by a module that itself reads core (invoices reads settings
 * through orders) come in through a seam the module fills on import, as finance's daily charges do.
 */

/** A customer's open invoices and credit, as its invoice list and credit answer them. */
interface AccountFigures {
  balanceDue: Cents;
  balanceOverdue: Cents;
  interestFees: Cents;
  nextDueDate: string | null;
  creditAvailable: Cents;
  creditParty: { type: 'customer' | 'company'; id: number };
}
type AccountFiguresReader = (ctx: Ctx) => Promise<AccountFigures>;
let accountFigures: AccountFiguresReader | null = null;

/** The invoices module gives its reader of a customer's figures (invoices/index.ts). */
export function supplyAccountFigures(reader: AccountFiguresReader) {
  accountFigures = reader;
}

interface Me {
  firstName: string;
  companyId: number | null;
}
type CardBuilder = (ctx: Ctx, me: Me) => Promise<DashboardCard[]>;

const money = (c: Cents) => toWire(c);

/**
 * Cards another module answers, each equal to the total of the list it links to (issue 29): the
 * shop's production figures, the orders to verify and the customer's own orders (reports), the
 * shop's money (invoices).
 */
type CardGroup = 'shop' | 'shopAdmin' | 'shopMoney' | 'customerOrders' | 'companyApprovals';
type GroupBuilder = (ctx: Ctx) => Promise<DashboardCard[]>;
const suppliedCards = new Map<CardGroup, GroupBuilder>();

/** A module gives the builder of one group of cards (on import, as supplyAccountFigures). */
export function supplyCards(group: CardGroup, build: GroupBuilder) {
  suppliedCards.set(group, build);
}
const supplied =
  (group: CardGroup): CardBuilder =>
  (ctx) =>
    suppliedCards.get(group)?.(ctx) ?? Promise.resolve([]);

/** The shop's week for the chart (reports gives it). */
type WeekReader = (ctx: Ctx) => Promise<DashboardWeek>;
let weekReader: WeekReader | null = null;
export function supplyWeek(reader: WeekReader) {
  weekReader = reader;
}

// Client-error telemetry is counted here, never listed as activity: it is internal diagnostics.
const clientErrorCards: CardBuilder = async ({ db }) => [
  {
    key: 'client_errors',
    label: DASHBOARD_TEXT.clientErrors,
    value: await repo.clientErrorsSince(db, new Date(Date.now() - 24 * 3600_000)),
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
  if (!accountFigures) return [];
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
  ADMIN: [supplied('shop'), supplied('shopAdmin'), supplied('shopMoney'), clientErrorCards],
  STAFF: [supplied('shop')],
  PERSONAL: [accountCards, supplied('customerOrders')],
  BUSINESS_MANAGER: [accountCards, supplied('customerOrders'), companyMemberCards, supplied('companyApprovals')],
  BUSINESS_EMPLOYEE: [supplied('customerOrders'), companyMemberCards],
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

export async function dashboard(ctx: Ctx): Promise<Dashboard> {
  const { db, actor: user } = ctx;
  const me = (await findUserWithCompany(db, user.id))?.user;
  if (!me) throw badRequest(ERROR_CODES.notFound, MSG.notFound);
  const builders = user.role ? CARDS[user.role] : [];
  const [cards, week] = await Promise.all([
    Promise.all(builders.map((build) => build(ctx, me))).then((groups) => groups.flat()),
    SHOP.includes(user.role) && weekReader ? weekReader(ctx) : undefined,
  ]);
  const recent = await recentOf(ctx);
  return { greeting: `Hello, ${me.firstName}`, today: todayOf(ctx), cards, recent, ...(week ? { week } : {}) };
}
