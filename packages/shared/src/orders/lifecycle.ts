import { reaches, reachOf } from '../auth/reach.ts';
import { ROLE_GROUPS, type Role } from '../auth/roles.ts';
import { DEFAULT_ORDER_STATUS_FILTER, SAVED_DEFAULT_ORDER_STATUS_FILTER } from '../constants.ts';
import { MSG } from '../messages.ts';
import { ORDER_LIFECYCLE_TEXT as T } from './lifecycle-text.ts';

/**
 * The order lifecycle (DOMAIN.md "Order lifecycle", decision 0013): statuses, the one table of
 * moves, and the flags derived from them. Pure: the server's transition service and the web's
 * buttons both read this table, so they cannot disagree.
 */

/** In lifecycle order. SPEC 4 names the actions, DOMAIN.md the statuses. */
export const ORDER_STATUSES = [
  'BID',
  'ORDERED',
  'VERIFIED',
  'DECLINED',
  'IN_PROGRESS',
  'PARTIALLY_COMPLETED',
  'COMPLETED',
  'SHIPPED',
  'CANCELLED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  BID: 'Bid',
  ORDERED: 'Ordered',
  VERIFIED: 'Verified',
  DECLINED: 'Declined',
  IN_PROGRESS: 'In Progress',
  PARTIALLY_COMPLETED: 'Partially Completed',
  COMPLETED: 'Completed',
  SHIPPED: 'Shipped',
  CANCELLED: 'Cancelled',
};

// SPEC 4's list filter defaults live in constants.ts; they must name statuses of this list.
const _filtersAreStatuses: readonly OrderStatus[][] = [
  [...DEFAULT_ORDER_STATUS_FILTER],
  [...SAVED_DEFAULT_ORDER_STATUS_FILTER],
];

export const ORDER_ACTIONS = [
  'submit',
  'approve',
  'decline',
  'start_editing',
  'stop_editing',
  'fix',
  'clone',
  'cancel',
  // DOMAIN.md's production moves (by hand or by scans)
  'start_production',
  'partially_complete',
  'complete',
  'ship',
  // An undone scan (issue 35): the order goes back to what its cabinets say.
  'undo_ship',
  'undo_complete',
  'undo_progress',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const ORDER_ACTION_LABELS: Record<OrderAction, { label: string; past: string }> = {
  submit: { label: 'Submit', past: 'submitted' },
  approve: { label: 'Approve', past: 'approved' },
  decline: { label: 'Decline', past: 'declined' },
  start_editing: { label: 'Edit order', past: 'edited' },
  stop_editing: { label: 'Stop editing', past: 'closed for editing' },
  fix: { label: 'Fix', past: 'fixed' },
  clone: { label: 'Clone', past: 'cloned' },
  cancel: { label: 'Cancel order', past: 'cancelled' },
  start_production: { label: 'Start production', past: 'put in production' },
  partially_complete: { label: 'Partially completed', past: 'marked partially completed' },
  complete: { label: 'Completed', past: 'marked completed' },
  ship: { label: 'Shipped', past: 'marked shipped' },
  undo_ship: { label: 'Undo shipping', past: 'taken back from shipped' },
  undo_complete: { label: 'Undo completion', past: 'taken back to partially completed' },
  undo_progress: { label: 'Undo progress', past: 'taken back to in progress' },
};

export const ORDER_LIFECYCLE_CODES = {
  statusNotAllowed: 'order_status_not_allowed',
  hasGroupErrors: 'order_has_errors',
  noItems: 'order_has_no_items',
  inEditingMode: 'order_in_editing_mode',
  notInEditingMode: 'order_not_in_editing_mode',
  reasonRequired: 'decline_reason_required',
  notFlagged: 'order_not_flagged',
  noCabinetsComplete: 'order_no_cabinets_complete',
  allCabinetsComplete: 'order_all_cabinets_complete',
  cabinetsNotAllComplete: 'order_cabinets_not_all_complete',
  cabinetsNotAllShipped: 'order_cabinets_not_all_shipped',
  /** The server's compare-and-set lost (409); not produced here. */
  changedConcurrently: 'order_changed_concurrently',
  // Same codes as http/errors.ts ERROR_CODES: the server answers them 404 and 403.
  notFound: 'not_found',
  permissionDenied: 'permission_denied',
} as const;

/** What the lifecycle needs to know about an order; the server reads it from the row. */
export interface LifecycleOrder {
  status: OrderStatus;
  in_editing_mode: boolean;
  /** The customer (user id) the order belongs to. */
  customer_id: number;
  /** The customer's company, for business customers. */
  company_id: number | null;
  error_count: number;
  warning_count: number;
  item_count: number;
  /** Physical cabinets (units) and how many are scanned complete and shipped. */
  cabinets?: { total: number; completed: number; shipped: number };
}

export interface LifecycleActor {
  id: number;
  role: Role;
  company_id: number | null;
  /** Set by the scan service: the move follows barcode scans, not a button. */
  via?: 'scan';
}

export interface TransitionInput {
  /** decline */
  reason?: string;
}

interface GuardArgs {
  order: LifecycleOrder;
  actor: LifecycleActor;
  input: TransitionInput;
}
type GuardCode = Exclude<
  keyof typeof ORDER_LIFECYCLE_CODES,
  'statusNotAllowed' | 'changedConcurrently' | 'notFound' | 'permissionDenied'
>;
interface Guard {
  /** Refuses when `fails` answers true. */
  fails: (a: GuardArgs) => boolean;
  code: GuardCode;
  message: (a: GuardArgs) => string;
  /** Needs the request's input, so `allowedActions` (no input yet) skips it. */
  input?: true;
}

const cabinets = (o: LifecycleOrder) => o.cabinets ?? { total: 0, completed: 0, shipped: 0 };

/** Named guards: the extra conditions a move has beyond status and role. */
const ORDER_GUARDS = {
  no_group_errors: {
    fails: ({ order }) => order.error_count > 0,
    code: 'hasGroupErrors',
    message: ({ order }) => T.hasGroupErrors(order.error_count),
  },
  has_items: { fails: ({ order }) => order.item_count <= 0, code: 'noItems', message: () => T.noItems },
  not_in_editing_mode: {
    fails: ({ order }) => order.in_editing_mode,
    code: 'inEditingMode',
    message: () => T.inEditingMode,
  },
  in_editing_mode: {
    fails: ({ order }) => !order.in_editing_mode,
    code: 'notInEditingMode',
    message: () => T.notInEditingMode,
  },
  reason_given: {
    fails: ({ input }) => !input.reason?.trim(),
    code: 'reasonRequired',
    message: () => T.reasonRequired,
    input: true,
  },
  flagged: {
    fails: ({ order }) => order.error_count <= 0 && order.warning_count <= 0,
    code: 'notFlagged',
    message: () => T.notFlagged,
  },
  some_cabinets_complete: {
    fails: ({ order }) => cabinets(order).completed <= 0,
    code: 'noCabinetsComplete',
    message: () => T.noCabinetsComplete,
  },
  not_all_cabinets_complete: {
    fails: ({ order }) => cabinets(order).completed >= cabinets(order).total,
    code: 'allCabinetsComplete',
    message: () => T.allCabinetsComplete,
  },
  // A scan completes or ships an order only when every cabinet is; an admin may do it by hand.
  scan_all_cabinets_complete: {
    fails: ({ order, actor }) => actor.via === 'scan' && cabinets(order).completed < cabinets(order).total,
    code: 'cabinetsNotAllComplete',
    message: () => T.cabinetsNotAllComplete,
  },
  scan_all_cabinets_shipped: {
    fails: ({ order, actor }) => actor.via === 'scan' && cabinets(order).shipped < cabinets(order).total,
    code: 'cabinetsNotAllShipped',
    message: () => T.cabinetsNotAllShipped,
  },
} as const satisfies Record<string, Guard>;
type OrderGuardName = keyof typeof ORDER_GUARDS;

export interface OrderMove {
  from: readonly OrderStatus[];
  /**
   * 'status': the order moves to `to`; 'same': the status stays (editing mode or a fix);
   * 'copy': the order stays and a new order is created with status `to`.
   */
  kind: 'status' | 'same' | 'copy';
  to?: OrderStatus;
  /** Roles that may make the move by hand. Customer roles only on orders they can reach. */
  roles: readonly Role[];
  /** The scan service may make the move (actor.via === 'scan'), whoever scans. */
  scan: boolean;
  guards: readonly OrderGuardName[];
  /** in_editing_mode after the move, when the move changes it. */
  setsEditing?: boolean;
}

const BEFORE_PRODUCTION = ['ORDERED', 'VERIFIED'] as const satisfies readonly OrderStatus[];

/** THE table of moves. Nothing else decides whether an order may change status. */
export const ORDER_MOVES = {
  submit: {
    from: ['BID'],
    kind: 'status',
    to: 'ORDERED',
    roles: ROLE_GROUPS.adminAndCustomers,
    scan: false,
    guards: ['has_items', 'no_group_errors'],
  },
  approve: {
    from: ['ORDERED'],
    kind: 'status',
    to: 'VERIFIED',
    roles: ROLE_GROUPS.admin,
    scan: false,
    guards: ['not_in_editing_mode', 'no_group_errors'],
  },
  decline: {
    from: ['ORDERED'],
    kind: 'status',
    to: 'DECLINED',
    roles: ROLE_GROUPS.admin,
    scan: false,
    guards: ['not_in_editing_mode', 'reason_given'],
  },
  start_editing: {
    from: BEFORE_PRODUCTION,
    kind: 'same',
    roles: ROLE_GROUPS.shop,
    scan: false,
    guards: ['not_in_editing_mode'],
    setsEditing: true,
  },
  // The server revalidates and reprices first, then asks with the fresh error_count.
  stop_editing: {
    from: BEFORE_PRODUCTION,
    kind: 'same',
    roles: ROLE_GROUPS.shop,
    scan: false,
    guards: ['in_editing_mode', 'no_group_errors'],
    setsEditing: false,
  },
  fix: {
    from: ['BID', ...BEFORE_PRODUCTION],
    kind: 'same',
    roles: ROLE_GROUPS.shop,
    scan: false,
    guards: ['flagged'],
  },
  clone: {
    from: ORDER_STATUSES,
    kind: 'copy',
    to: 'BID',
    roles: ROLE_GROUPS.adminAndCustomers,
    scan: false,
    guards: [],
  },
  cancel: {
    from: ['BID', ...BEFORE_PRODUCTION],
    kind: 'status',
    to: 'CANCELLED',
    roles: ROLE_GROUPS.admin,
    scan: false,
    // An order with payments or credit on its invoice is refused by the invoices' cancel listener
    // (INVOICE_CODES.orderHasPayments), which reads the ledger under the invoice's lock; the table
    // does not know payments (orders.has_payments_made was never written and is no longer read).
    guards: ['not_in_editing_mode'],
  },
  start_production: {
    from: ['VERIFIED'],
    kind: 'status',
    to: 'IN_PROGRESS',
    roles: ROLE_GROUPS.shop,
    scan: true,
    guards: ['not_in_editing_mode'],
  },
  partially_complete: {
    from: ['IN_PROGRESS'],
    kind: 'status',
    to: 'PARTIALLY_COMPLETED',
    roles: [],
    scan: true,
    guards: ['some_cabinets_complete', 'not_all_cabinets_complete'],
  },
  complete: {
    from: ['IN_PROGRESS', 'PARTIALLY_COMPLETED'],
    kind: 'status',
    to: 'COMPLETED',
    roles: ROLE_GROUPS.admin,
    scan: true,
    guards: ['scan_all_cabinets_complete'],
  },
  ship: {
    from: ['COMPLETED'],
    kind: 'status',
    to: 'SHIPPED',
    roles: ROLE_GROUPS.admin,
    scan: true,
    guards: ['scan_all_cabinets_shipped'],
  },
  // An undone scan (issue 35, decision 0050): only the scan service, which reads the cabinets and
  // picks the move that matches them (some complete: PARTIALLY_COMPLETED; none: IN_PROGRESS).
  undo_ship: {
    from: ['SHIPPED'],
    kind: 'status',
    to: 'COMPLETED',
    roles: [],
    scan: true,
    guards: [],
  },
  undo_complete: {
    from: ['COMPLETED'],
    kind: 'status',
    to: 'PARTIALLY_COMPLETED',
    roles: [],
    scan: true,
    guards: ['some_cabinets_complete', 'not_all_cabinets_complete'],
  },
  undo_progress: {
    from: ['PARTIALLY_COMPLETED', 'COMPLETED'],
    kind: 'status',
    to: 'IN_PROGRESS',
    roles: [],
    scan: true,
    guards: [],
  },
} as const satisfies Record<OrderAction, OrderMove>;

export type TransitionResult =
  | {
      ok: true;
      /** The order's status after the move; for 'copy', the new order's status. */
      to: OrderStatus;
      kind: OrderMove['kind'];
      in_editing_mode: boolean;
    }
  | { ok: false; code: string; message: string };

/** Whose order is it (auth/reach.ts, the one rule); the server answers 404 for an order the actor cannot reach. */
const canReachOrder = (order: Pick<LifecycleOrder, 'customer_id' | 'company_id'>, actor: LifecycleActor) =>
  reaches(reachOf({ id: actor.id, role: actor.role, companyId: actor.company_id }), {
    customerId: order.customer_id,
    companyId: order.company_id,
  });

function refuse(code: keyof typeof ORDER_LIFECYCLE_CODES, message: string): TransitionResult {
  return { ok: false, code: ORDER_LIFECYCLE_CODES[code], message };
}

function check(
  order: LifecycleOrder,
  action: OrderAction,
  actor: LifecycleActor,
  input: TransitionInput,
  skipInputGuards: boolean,
): TransitionResult {
  const move: OrderMove = ORDER_MOVES[action];
  if (actor.via === 'scan') {
    if (!move.scan) return refuse('permissionDenied', MSG.permissionDenied);
  } else {
    if (!canReachOrder(order, actor)) return refuse('notFound', MSG.notFound);
    if (!move.roles.includes(actor.role)) return refuse('permissionDenied', MSG.permissionDenied);
  }
  if (!move.from.includes(order.status)) {
    return refuse(
      'statusNotAllowed',
      T.statusNotAllowed(ORDER_STATUS_LABELS[order.status], ORDER_ACTION_LABELS[action].past),
    );
  }
  const args = { order, actor, input };
  for (const name of move.guards) {
    const guard: Guard = ORDER_GUARDS[name];
    if (skipInputGuards && guard.input) continue;
    if (guard.fails(args)) return refuse(guard.code, guard.message(args));
  }
  return {
    ok: true,
    to: move.to ?? order.status,
    kind: move.kind,
    in_editing_mode: move.kind === 'copy' ? false : (move.setsEditing ?? order.in_editing_mode),
  };
}

/**
 * May `actor` make `action` on `order`? Checks, in this order: reach (not_found), role
 * (permission_denied), status (order_status_not_allowed), then the move's guards in table order.
 */
export function transition(
  order: LifecycleOrder,
  action: OrderAction,
  actor: LifecycleActor,
  input: TransitionInput = {},
): TransitionResult {
  return check(order, action, actor, input, false);
}

/** The actions to offer as buttons: allowed now, input (a decline reason) still to be asked. */
export function allowedActions(order: LifecycleOrder, actor: LifecycleActor): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => check(order, action, actor, {}, true).ok);
}

export interface OrderFlags {
  /** The groups may be replaced (PUT groups, add_group). */
  can_be_updated: boolean;
  /** The order page offers "Edit order" (opens the builder). */
  show_edit_order: boolean;
  in_editing_mode: boolean;
}

/**
 * The wire's derived flags, from the table: a BID is changed by whoever may submit it; after
 * submit only the shop changes it, and only while in editing mode (the customer no longer can).
 */
export function orderFlags(order: LifecycleOrder, actor: LifecycleActor): OrderFlags {
  const reach = canReachOrder(order, actor);
  const bid = order.status === 'BID' && reach && (ORDER_MOVES.submit.roles as readonly Role[]).includes(actor.role);
  const editing =
    order.in_editing_mode &&
    (ORDER_MOVES.stop_editing.from as readonly OrderStatus[]).includes(order.status) &&
    (ORDER_MOVES.stop_editing.roles as readonly Role[]).includes(actor.role);
  const can_be_updated = bid || editing;
  return {
    can_be_updated,
    show_edit_order: can_be_updated || transition(order, 'start_editing', actor).ok,
    in_editing_mode: order.in_editing_mode,
  };
}
