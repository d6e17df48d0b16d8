import type { ScanAnswer } from '@cab/shared';

/**
 * Scans waiting to be sent (issue 18): a scan is written here before it is sent and removed once
 * the server answered, so a scan made while the shop's Wi-Fi is down survives a reload and is
 * sent when the network returns. The client_scan_id makes a resend safe: the server answers a
 * scan it already recorded with its first result.
 */
export interface PendingScan {
  session: number;
  code: string;
  client_scan_id: string;
  /** When it was scanned (ISO). */
  at: string;
}

const KEY = 'cab.scan.pending.v1';

/**
 * A scan sent within this long of being made is recorded when it arrives; one that waited longer
 * (offline) sends its own time. A live scan so never depends on the device's clock, which the
 * server refuses more than a minute ahead of its own.
 */
const WAITED_MS = 5000;

/** The `scanned_at` to send for a waiting scan: its time once it has waited, else none. */
export function scannedAtOf(p: PendingScan, now = Date.now()): string | undefined {
  const at = Date.parse(p.at);
  return Number.isFinite(at) && now - at > WAITED_MS ? p.at : undefined;
}

export function readPending(storage: Pick<Storage, 'getItem'> = localStorage): PendingScan[] {
  try {
    const parsed = JSON.parse(storage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? parsed.filter(
          (p): p is PendingScan =>
            typeof p === 'object' && p !== null && typeof p.code === 'string' && typeof p.client_scan_id === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

export function writePending(list: PendingScan[], storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(KEY, JSON.stringify(list));
}

/** A new id per scan: random enough that two phones never share one. */
export function newClientScanId(): string {
  const c = globalThis.crypto;
  if (c && 'randomUUID' in c) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** Sends the waiting scans in the order they were made; stops at the first network failure. */
export async function flushPending(
  list: PendingScan[],
  send: (p: PendingScan) => Promise<ScanAnswer>,
  isNetworkFailure: (error: unknown) => boolean,
  onAnswer: (p: PendingScan, answer: ScanAnswer | null, error?: unknown) => void,
): Promise<PendingScan[]> {
  const left = [...list];
  while (left.length > 0) {
    const next = left[0]!;
    try {
      onAnswer(next, await send(next));
    } catch (error) {
      if (isNetworkFailure(error)) return left;
      // Refused for good (a closed session): nothing to retry.
      onAnswer(next, null, error);
    }
    left.shift();
  }
  return left;
}
