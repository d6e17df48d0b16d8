import type { ScanAnswer } from '@cab/shared';
import { describe, expect, it } from 'vitest';
import { flushPending, type PendingScan, readPending, scannedAtOf, writePending } from './queue.ts';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
};
const scan = (n: number): PendingScan => ({ session: 1, code: `1-01-${n}`, client_scan_id: `c${n}`, at: '' });
const ok: ScanAnswer = { id: 1, result: 'OK', cabinet: null, order: null, cabinets: null };

describe('pending scans', () => {
  it('survive a round trip through storage; garbage reads as none', () => {
    const s = memory();
    writePending([scan(1), scan(2)], s);
    expect(readPending(s)).toEqual([scan(1), scan(2)]);
    s.setItem('cab.scan.pending.v1', '{not json');
    expect(readPending(s)).toEqual([]);
  });

  it('are sent in order; a network failure keeps the rest; a refusal is dropped', async () => {
    const sent: string[] = [];
    const netDown = new Error('network');
    const left = await flushPending(
      [scan(1), scan(2), scan(3)],
      async (p) => {
        sent.push(p.code);
        if (p.code === '1-01-2') throw new Error('closed');
        if (p.code === '1-01-3') throw netDown;
        return ok;
      },
      (e) => e === netDown,
      () => {},
    );
    expect(sent).toEqual(['1-01-1', '1-01-2', '1-01-3']);
    expect(left).toEqual([scan(3)]);
  });

  it('a scan that waited sends the time it was made; one sent at once is timed on arrival', () => {
    const at = '2026-11-27T16:45:00.000Z';
    const made = { ...scan(1), at };
    expect(scannedAtOf(made, Date.parse(at) + 2000)).toBeUndefined();
    expect(scannedAtOf(made, Date.parse(at) + 13 * 3600_000)).toBe(at);
    expect(scannedAtOf({ ...made, at: '' }, Date.parse(at) + 13 * 3600_000)).toBeUndefined();
  });
});
