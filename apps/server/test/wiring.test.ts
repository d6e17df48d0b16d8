import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { emptySlots, requiredSlot } from '../src/kit/slots.ts';
import { dailyChargesBody } from '../src/modules/finance/index.ts';
import { orderSlots } from '../src/modules/orders/index.ts';
import { setupTestApp, type TestApp, testConfig } from './helpers.ts';

/**
 * The wiring declared (issue 36): apps/server/src/wiring.ts fills every slot through which a lower
 * module calls work of a module above it, when the app is built; an empty slot stops the start.
 */

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t?.close());

describe('the wiring', () => {
  it('fills every declared slot when the app is built', () => {
    expect(emptySlots()).toEqual([]);
    expect(dailyChargesBody.get().name).toBe('postDailyCharges');
  });

  it('names what runs when an order moves, in order, and on a reprice', () => {
    const names = Object.fromEntries(
      Object.entries(orderSlots.moves.get()).map(([action, reactions]) => [action, reactions.map((r) => r.name)]),
    );
    expect(names).toEqual({
      approve: ['issueOnApprove', 'makeCabinets'],
      stop_editing: ['keepCabinetsInStep'],
      cancel: ['voidOnCancel'],
      complete: ['dateOnComplete', 'completeRemainingCabinets'],
      ship: ['shipRemainingCabinets'],
    });
    expect(orderSlots.repriced.get().map((r) => r.name)).toEqual(['reissue']);
    expect(orderSlots.approvals.get().beforeBidChanges.name).toBe('beforeBidChanges');
    expect(orderSlots.heldSubmit.get().asked.name).toBe('approvalAsked');
  });

  it('stops the start with a message naming an empty slot, and a read of one stops the call', async () => {
    const unfilled = requiredSlot<() => void>('test: a slot nothing fills');
    try {
      await expect(buildApp({ db: t.app.deps.db, config: testConfig(), logger: false })).rejects.toThrow(
        'Not wired: test: a slot nothing fills. Every slot is filled by wireModules() in apps/server/src/wiring.ts.',
      );
      expect(() => unfilled.get()).toThrow('Not wired: test: a slot nothing fills.');
    } finally {
      // The slot is the process's: later files in this worker build apps too.
      unfilled.fill(() => {});
    }
  });
});
