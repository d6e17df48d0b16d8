import type { QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LiveEvent, type LiveOptions, refetchOnEvents } from './live-events.ts';

/**
 * A screen refetches only the queries an event touches, once per event burst (issue 36): the
 * refetches (invalidations) a page asks of react-query are counted while events arrive.
 */
function counting() {
  const refetched: string[] = [];
  const client = {
    invalidateQueries: ({ queryKey }: { queryKey: QueryKey }) => {
      refetched.push(JSON.stringify(queryKey));
      return Promise.resolve();
    },
  };
  return { client, refetched };
}

const scan = (n: number): LiveEvent => ({
  id: String(n),
  kind: 'scan',
  data: { id: n, session_id: 1, order_id: 7, barcode: `C${n}`, result: 'OK', at: '2026-12-06T10:00:00Z' },
});
const remake: LiveEvent = { id: '99', kind: 'remake', data: { id: 3, order_id: 7, status: 'OPEN' } };

const BOARD: LiveOptions = {
  keys: { scan: [['figures'], ['planner']], remake: [['figures'], ['remakes']] },
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('refetches on live events', () => {
  it('a burst of scans refetches each query it touches once, and nothing else', async () => {
    const { client, refetched } = counting();
    const heard: string[] = [];
    const page = refetchOnEvents(client, () => ({ ...BOARD, onEvent: (e) => heard.push(e.id) }), 0);
    for (let i = 0; i < 20; i++) {
      page.event(scan(i));
      await vi.advanceTimersByTimeAsync(20);
    }
    expect(refetched).toEqual([]);
    await vi.advanceTimersByTimeAsync(300);
    expect(refetched.sort()).toEqual(['["figures"]', '["planner"]']);
    // Every event still reaches the page itself (the board's scan lines come from them).
    expect(heard).toHaveLength(20);
  });

  it('scans that never pause refetch at most once a second', async () => {
    const { client, refetched } = counting();
    const page = refetchOnEvents(client, () => BOARD, 0);
    // 10 scans a second for 5 seconds.
    for (let i = 0; i < 50; i++) {
      page.event(scan(i));
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(1_000);
    const figures = refetched.filter((k) => k === '["figures"]').length;
    expect(figures).toBeGreaterThanOrEqual(5);
    expect(figures).toBeLessThanOrEqual(6);
    expect(refetched).not.toContain('["remakes"]');
  });

  it('separate bursts refetch once each; a reopened stream refetches every query the page names', async () => {
    const { client, refetched } = counting();
    const page = refetchOnEvents(client, () => BOARD, 0);
    page.event(remake);
    await vi.advanceTimersByTimeAsync(2_000);
    page.event(scan(1));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(refetched).toEqual(['["figures"]', '["remakes"]', '["figures"]', '["planner"]']);
    refetched.length = 0;
    page.reopened();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(refetched.sort()).toEqual(['["figures"]', '["planner"]', '["remakes"]']);
  });

  it('events the page does not match refetch nothing; stop drops what was marked', async () => {
    const { client, refetched } = counting();
    const page = refetchOnEvents(client, () => ({ keys: [['session', 2]], match: (e) => e.id === 'mine' }), 0);
    page.event(scan(1));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(refetched).toEqual([]);
    page.event({ ...scan(2), id: 'mine' });
    page.stop();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(refetched).toEqual([]);
  });

  it('screens that hear the same event ask at their own moments, each once', async () => {
    const { client, refetched } = counting();
    const at: number[] = [];
    const timed = {
      invalidateQueries: (f: { queryKey: QueryKey }) => {
        at.push(Date.now());
        return client.invalidateQueries(f);
      },
    };
    const screens = [0, 120, 240].map((spread) => refetchOnEvents(timed, () => ({ keys: [['figures']] }), spread));
    const start = Date.now();
    for (const s of screens) s.event(scan(1));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(at.map((t) => t - start)).toEqual([250, 370, 490]);
    expect(refetched).toHaveLength(3);
  });
});
