import { describe, expect, it } from 'vitest';
import type { Role } from '../auth/roles.ts';
import { DEFAULT_ORDER_STATUS_FILTER, SAVED_DEFAULT_ORDER_STATUS_FILTER } from '../constants.ts';
import { MSG } from '../messages.ts';
import {
  allowedActions,
  type LifecycleActor,
  type LifecycleOrder,
  ORDER_ACTIONS,
  ORDER_MOVES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderAction,
  type OrderStatus,
  orderFlags,
  transition,
} from './lifecycle.ts';

// The actors of the matrix, each with the owner of the order it acts on.
// Business company 5: manager 20, employees 21 and 22. Personal customers 10 and 11.
type ActorKind =
  | 'ADMIN'
  | 'STAFF'
  | 'SCAN'
  | 'P_OWN'
  | 'P_OTHER'
  | 'BM_OWN'
  | 'BM_CO'
  | 'BM_OTHER'
  | 'BE_OWN'
  | 'BE_CO';
const ACTORS: Record<ActorKind, { actor: LifecycleActor; owner: { customer_id: number; company_id: number | null } }> =
  {
    ADMIN: { actor: { id: 1, role: 'ADMIN', company_id: null }, owner: { customer_id: 21, company_id: 5 } },
    STAFF: { actor: { id: 2, role: 'STAFF', company_id: null }, owner: { customer_id: 21, company_id: 5 } },
    SCAN: { actor: { id: 2, role: 'STAFF', company_id: null, via: 'scan' }, owner: { customer_id: 21, company_id: 5 } },
    P_OWN: { actor: { id: 10, role: 'PERSONAL', company_id: null }, owner: { customer_id: 10, company_id: null } },
    P_OTHER: { actor: { id: 11, role: 'PERSONAL', company_id: null }, owner: { customer_id: 10, company_id: null } },
    BM_OWN: { actor: { id: 20, role: 'BUSINESS_MANAGER', company_id: 5 }, owner: { customer_id: 20, company_id: 5 } },
    BM_CO: { actor: { id: 20, role: 'BUSINESS_MANAGER', company_id: 5 }, owner: { customer_id: 21, company_id: 5 } },
    BM_OTHER: { actor: { id: 30, role: 'BUSINESS_MANAGER', company_id: 6 }, owner: { customer_id: 21, company_id: 5 } },
    BE_OWN: { actor: { id: 21, role: 'BUSINESS_EMPLOYEE', company_id: 5 }, owner: { customer_id: 21, company_id: 5 } },
    BE_CO: { actor: { id: 22, role: 'BUSINESS_EMPLOYEE', company_id: 5 }, owner: { customer_id: 21, company_id: 5 } },
  };
const UNREACHABLE: ActorKind[] = ['P_OTHER', 'BM_OTHER', 'BE_CO'];

/*
 * The expected table, written out by hand (decision 0013), NOT derived from ORDER_MOVES:
 *   action | from statuses (* = all) | to (= keeps the status) | actors | editing mode
 * editing: "off" = only when not in editing mode, "on" = only in editing mode, "any" = either.
 * Every (status, action, actor, editing) not listed here must be refused.
 */
const EXPECTED = `
submit             | BID                          | ORDERED             | ADMIN P_OWN BM_OWN BM_CO BE_OWN | any
approve            | ORDERED                      | VERIFIED            | ADMIN                           | off
decline            | ORDERED                      | DECLINED            | ADMIN                           | off
start_editing      | ORDERED VERIFIED             | =                   | ADMIN STAFF                     | off
stop_editing       | ORDERED VERIFIED             | =                   | ADMIN STAFF                     | on
fix                | BID ORDERED VERIFIED         | =                   | ADMIN STAFF                     | any
clone              | *                            | BID                 | ADMIN P_OWN BM_OWN BM_CO BE_OWN | any
cancel             | BID ORDERED VERIFIED         | CANCELLED           | ADMIN                           | off
start_production   | VERIFIED                     | IN_PROGRESS         | ADMIN STAFF SCAN                | off
partially_complete | IN_PROGRESS                  | PARTIALLY_COMPLETED | SCAN                            | any
complete           | IN_PROGRESS PARTIALLY_COMPLETED | COMPLETED        | ADMIN SCAN                      | any
ship               | COMPLETED                    | SHIPPED             | ADMIN SCAN                      | any
undo_ship          | SHIPPED                      | COMPLETED           | SCAN                            | any
undo_complete      | COMPLETED                    | PARTIALLY_COMPLETED | SCAN                            | any
undo_progress      | PARTIALLY_COMPLETED COMPLETED | IN_PROGRESS        | SCAN                            | any
`;
type Row = { from: string[]; to: string; actors: string[]; editing: 'on' | 'off' | 'any' };
const TABLE = new Map<string, Row>(
  EXPECTED.trim()
    .split('\n')
    .map((line) => {
      const [action = '', from = '', to = '', actors = '', editing = ''] = line.split('|').map((s) => s.trim());
      const row: Row = { from: from.split(/\s+/), to, actors: actors.split(/\s+/), editing: editing as Row['editing'] };
      return [action, row] as const;
    }),
);

/** An order that passes every guard of `action` except the editing-mode ones. */
function orderFor(action: OrderAction, status: OrderStatus, editing: boolean, kind: ActorKind): LifecycleOrder {
  return {
    status,
    in_editing_mode: editing,
    ...ACTORS[kind].owner,
    error_count: 0,
    warning_count: action === 'fix' ? 1 : 0,
    item_count: 3,
    cabinets:
      action === 'partially_complete' || action === 'undo_complete'
        ? { total: 4, completed: 2, shipped: 0 }
        : { total: 4, completed: 4, shipped: 4 },
  };
}

describe('order statuses', () => {
  it('are the nine statuses of DOMAIN.md, in lifecycle order, each with a label', () => {
    expect(ORDER_STATUSES).toEqual([
      'BID',
      'ORDERED',
      'VERIFIED',
      'DECLINED',
      'IN_PROGRESS',
      'PARTIALLY_COMPLETED',
      'COMPLETED',
      'SHIPPED',
      'CANCELLED',
    ]);
    expect(ORDER_STATUS_LABELS.IN_PROGRESS).toBe('In Progress');
    expect(ORDER_STATUS_LABELS.PARTIALLY_COMPLETED).toBe('Partially Completed');
    expect(Object.keys(ORDER_STATUS_LABELS)).toEqual([...ORDER_STATUSES]);
  });

  it('default list filter is VERIFIED, ORDERED, IN_PROGRESS; a saved selection defaults to ORDERED, IN_PROGRESS (SPEC 4)', () => {
    expect(DEFAULT_ORDER_STATUS_FILTER).toEqual(['VERIFIED', 'ORDERED', 'IN_PROGRESS']);
    expect(SAVED_DEFAULT_ORDER_STATUS_FILTER).toEqual(['ORDERED', 'IN_PROGRESS']);
  });

  it('the expected table covers every action, and every status but BID is reached by some move', () => {
    expect([...TABLE.keys()].sort()).toEqual([...ORDER_ACTIONS].sort());
    const reached = new Set(Object.values(ORDER_MOVES).map((m) => ('to' in m ? m.to : undefined)));
    for (const s of ORDER_STATUSES.filter((s) => s !== 'BID')) expect(reached.has(s), s).toBe(true);
  });
});

describe('transition: the full status x action x actor x editing-mode matrix', () => {
  const cases: [OrderStatus, OrderAction, ActorKind, boolean][] = [];
  for (const status of ORDER_STATUSES)
    for (const action of ORDER_ACTIONS)
      for (const kind of Object.keys(ACTORS) as ActorKind[])
        for (const editing of [false, true]) cases.push([status, action, kind, editing]);

  it(`has ${ORDER_STATUSES.length * ORDER_ACTIONS.length * 10 * 2} cases`, () => {
    expect(cases).toHaveLength(9 * 15 * 10 * 2);
  });

  it.each(cases)('%s %s by %s (editing %s)', (status, action, kind, editing) => {
    const row = TABLE.get(action) as Row;
    const result = transition(orderFor(action, status, editing, kind), action, ACTORS[kind].actor, {
      reason: 'Wrong sizes',
    });
    let code: string | null = null;
    if (UNREACHABLE.includes(kind)) code = 'not_found';
    else if (!row.actors.includes(kind)) code = 'permission_denied';
    else if (!(row.from[0] === '*' || row.from.includes(status))) code = 'order_status_not_allowed';
    else if (row.editing === 'off' && editing) code = 'order_in_editing_mode';
    else if (row.editing === 'on' && !editing) code = 'order_not_in_editing_mode';

    if (code === null) {
      expect(result).toMatchObject({ ok: true, to: row.to === '=' ? status : row.to });
    } else {
      expect(result).toMatchObject({ ok: false, code });
      if (!result.ok) expect(result.message.length).toBeGreaterThan(0);
    }
  });
});

describe('transition: walks through the lifecycle', () => {
  /** Where transition() lets anyone move an order from `status` (clone makes another order). */
  const nextStatuses = (status: OrderStatus): Set<OrderStatus> => {
    const next = new Set<OrderStatus>();
    for (const action of ORDER_ACTIONS.filter((a) => a !== 'clone'))
      for (const kind of Object.keys(ACTORS) as ActorKind[])
        for (const editing of [false, true]) {
          const r = transition(orderFor(action, status, editing, kind), action, ACTORS[kind].actor, { reason: 'x' });
          if (r.ok) next.add(r.to);
        }
    next.delete(status);
    return next;
  };

  it('every status is reachable from BID', () => {
    const seen = new Set<OrderStatus>(['BID']);
    const todo: OrderStatus[] = ['BID'];
    for (let s = todo.pop(); s; s = todo.pop())
      for (const n of nextStatuses(s))
        if (!seen.has(n)) {
          seen.add(n);
          todo.push(n);
        }
    expect([...seen].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('DECLINED and CANCELLED are ends, SHIPPED only goes back to COMPLETED (an undone scan); nothing goes back to BID or ORDERED', () => {
    for (const end of ['DECLINED', 'CANCELLED'] as const) expect([...nextStatuses(end)], end).toEqual([]);
    expect([...nextStatuses('SHIPPED')]).toEqual(['COMPLETED']);
    for (const s of ORDER_STATUSES) {
      expect(nextStatuses(s).has('BID'), s).toBe(false);
      expect(nextStatuses(s).has('ORDERED'), s).toBe(s === 'BID');
    }
  });
});

describe('transition: messages and guards', () => {
  const admin = ACTORS.ADMIN.actor;
  const scan = ACTORS.SCAN.actor;
  const base: LifecycleOrder = {
    status: 'BID',
    in_editing_mode: false,
    customer_id: 21,
    company_id: 5,
    error_count: 0,
    warning_count: 0,
    item_count: 2,
  };
  const o = (over: Partial<LifecycleOrder>): LifecycleOrder => ({ ...base, ...over });

  it('a move from the wrong status names the status and the action', () => {
    expect(transition(o({}), 'approve', admin)).toEqual({
      ok: false,
      code: 'order_status_not_allowed',
      message: 'This order is Bid; it cannot be approved.',
    });
    expect(transition(o({ status: 'IN_PROGRESS' }), 'submit', admin)).toMatchObject({
      message: 'This order is In Progress; it cannot be submitted.',
    });
  });

  it('reach and role refusals carry the shared not-found and permission messages', () => {
    expect(transition(o({}), 'submit', ACTORS.BE_CO.actor)).toEqual({
      ok: false,
      code: 'not_found',
      message: MSG.notFound,
    });
    expect(transition(o({ status: 'ORDERED' }), 'approve', ACTORS.STAFF.actor)).toEqual({
      ok: false,
      code: 'permission_denied',
      message: MSG.permissionDenied,
    });
  });

  it('submit: refused with group errors, and with no items (checked first)', () => {
    expect(transition(o({ error_count: 2 }), 'submit', admin)).toEqual({
      ok: false,
      code: 'order_has_errors',
      message: 'This order has 2 group errors; fix them first.',
    });
    expect(transition(o({ error_count: 1 }), 'submit', admin)).toMatchObject({
      message: 'This order has 1 group error; fix it first.',
    });
    expect(transition(o({ item_count: 0, error_count: 1 }), 'submit', admin)).toMatchObject({
      code: 'order_has_no_items',
    });
    expect(transition(o({ warning_count: 3 }), 'submit', admin)).toMatchObject({ ok: true, to: 'ORDERED' });
  });

  it('approve and stop_editing refuse an order with group errors', () => {
    expect(transition(o({ status: 'ORDERED', error_count: 1 }), 'approve', admin)).toMatchObject({
      code: 'order_has_errors',
    });
    expect(
      transition(o({ status: 'VERIFIED', in_editing_mode: true, error_count: 1 }), 'stop_editing', admin),
    ).toMatchObject({ code: 'order_has_errors' });
  });

  it('decline needs a reason that is not blank', () => {
    const ordered = o({ status: 'ORDERED' });
    for (const reason of [undefined, '', '   ']) {
      expect(transition(ordered, 'decline', admin, { reason })).toMatchObject({
        ok: false,
        code: 'decline_reason_required',
      });
    }
    expect(transition(ordered, 'decline', admin, { reason: 'Sizes missing' })).toMatchObject({
      ok: true,
      to: 'DECLINED',
    });
  });

  it("payments are not the table's to refuse: cancel asks only that the order is not being edited", () => {
    // The invoices' cancel listener refuses an order with payments (invoices-api.test.ts, orders-lifecycle.test.ts).
    expect(ORDER_MOVES.cancel.guards).toEqual(['not_in_editing_mode']);
    expect(transition(o({ status: 'VERIFIED' }), 'cancel', admin)).toMatchObject({ ok: true, to: 'CANCELLED' });
  });

  it('fix needs a flagged order (errors or warnings)', () => {
    expect(transition(o({ status: 'ORDERED' }), 'fix', admin)).toMatchObject({ code: 'order_not_flagged' });
    expect(transition(o({ status: 'ORDERED', error_count: 1 }), 'fix', admin)).toMatchObject({
      ok: true,
      to: 'ORDERED',
      kind: 'same',
    });
  });

  it('editing mode: start sets it, stop clears it, the status stays', () => {
    expect(transition(o({ status: 'VERIFIED' }), 'start_editing', admin)).toEqual({
      ok: true,
      to: 'VERIFIED',
      kind: 'same',
      in_editing_mode: true,
    });
    expect(transition(o({ status: 'VERIFIED', in_editing_mode: true }), 'stop_editing', admin)).toEqual({
      ok: true,
      to: 'VERIFIED',
      kind: 'same',
      in_editing_mode: false,
    });
  });

  it('clone makes a new BID and leaves the source as it is', () => {
    expect(transition(o({ status: 'DECLINED' }), 'clone', ACTORS.BE_OWN.actor)).toEqual({
      ok: true,
      to: 'BID',
      kind: 'copy',
      in_editing_mode: false,
    });
  });

  it('production: partially complete needs some but not all cabinets complete', () => {
    const p = (completed: number) => o({ status: 'IN_PROGRESS', cabinets: { total: 3, completed, shipped: 0 } });
    expect(transition(p(0), 'partially_complete', scan)).toMatchObject({ code: 'order_no_cabinets_complete' });
    expect(transition(p(3), 'partially_complete', scan)).toMatchObject({ code: 'order_all_cabinets_complete' });
    expect(transition(p(1), 'partially_complete', scan)).toMatchObject({ ok: true, to: 'PARTIALLY_COMPLETED' });
    expect(transition(o({ status: 'IN_PROGRESS' }), 'partially_complete', scan)).toMatchObject({
      code: 'order_no_cabinets_complete',
    });
  });

  it('a scan completes or ships only when every cabinet is; an admin may by hand', () => {
    const partial = o({ status: 'PARTIALLY_COMPLETED', cabinets: { total: 3, completed: 2, shipped: 0 } });
    expect(transition(partial, 'complete', scan)).toMatchObject({ code: 'order_cabinets_not_all_complete' });
    expect(transition(partial, 'complete', admin)).toMatchObject({ ok: true, to: 'COMPLETED' });
    const done = o({ status: 'COMPLETED', cabinets: { total: 3, completed: 3, shipped: 1 } });
    expect(transition(done, 'ship', scan)).toMatchObject({ code: 'order_cabinets_not_all_shipped' });
    expect(transition(done, 'ship', admin)).toMatchObject({ ok: true, to: 'SHIPPED' });
  });

  it('a production scan cannot start an order that is being edited', () => {
    expect(transition(o({ status: 'VERIFIED', in_editing_mode: true }), 'start_production', scan)).toMatchObject({
      code: 'order_in_editing_mode',
    });
  });

  it('allowedActions lists the buttons, a decline before its reason is asked', () => {
    expect(allowedActions(o({ status: 'ORDERED' }), admin)).toEqual([
      'approve',
      'decline',
      'start_editing',
      'clone',
      'cancel',
    ]);
    expect(allowedActions(o({ status: 'VERIFIED' }), ACTORS.STAFF.actor)).toEqual([
      'start_editing',
      'start_production',
    ]);
    expect(allowedActions(o({}), ACTORS.BE_OWN.actor)).toEqual(['submit', 'clone']);
    expect(allowedActions(o({ status: 'ORDERED' }), ACTORS.BE_OWN.actor)).toEqual(['clone']);
    expect(allowedActions(o({}), ACTORS.BE_CO.actor)).toEqual([]);
  });
});

describe('orderFlags', () => {
  const SUBMITTERS: ActorKind[] = ['ADMIN', 'P_OWN', 'BM_OWN', 'BM_CO', 'BE_OWN'];
  const SHOP: ActorKind[] = ['ADMIN', 'STAFF'];
  const cases: [OrderStatus, ActorKind, boolean][] = [];
  for (const status of ORDER_STATUSES)
    for (const kind of (Object.keys(ACTORS) as ActorKind[]).filter((k) => k !== 'SCAN'))
      for (const editing of [false, true]) cases.push([status, kind, editing]);

  it.each(cases)('%s for %s (editing %s)', (status, kind, editing) => {
    const order = { ...orderFor('submit', status, editing, kind) };
    const flags = orderFlags(order, ACTORS[kind].actor);
    // A BID is changed by whoever may submit it; a submitted order only by the shop while editing.
    const beforeProduction = status === 'ORDERED' || status === 'VERIFIED';
    const update =
      (status === 'BID' && SUBMITTERS.includes(kind)) || (editing && beforeProduction && SHOP.includes(kind));
    const canStartEditing = !editing && beforeProduction && SHOP.includes(kind);
    expect(flags).toEqual({
      can_be_updated: update,
      show_edit_order: update || canStartEditing,
      in_editing_mode: editing,
    });
  });

  it('examples: the customer loses the edit once submitted; the shop edits in editing mode', () => {
    const order = (status: OrderStatus, in_editing_mode: boolean): LifecycleOrder => ({
      ...orderFor('submit', status, in_editing_mode, 'BE_OWN'),
    });
    expect(orderFlags(order('BID', false), ACTORS.BE_OWN.actor).can_be_updated).toBe(true);
    expect(orderFlags(order('ORDERED', true), ACTORS.BE_OWN.actor)).toMatchObject({
      can_be_updated: false,
      show_edit_order: false,
    });
    expect(orderFlags(order('ORDERED', false), ACTORS.STAFF.actor)).toMatchObject({
      can_be_updated: false,
      show_edit_order: true,
    });
    expect(orderFlags(order('ORDERED', true), ACTORS.STAFF.actor).can_be_updated).toBe(true);
    const role: Role = ACTORS.STAFF.actor.role;
    expect(orderFlags(order('IN_PROGRESS', false), { ...ACTORS.ADMIN.actor, role })).toMatchObject({
      can_be_updated: false,
      show_edit_order: false,
    });
  });
});
