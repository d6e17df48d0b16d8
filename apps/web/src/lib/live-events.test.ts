import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The live stream gives its connection back while its tab is out of sight (a browser keeps about
 * six per server) and takes it up again, resuming after its last event, when the tab is shown.
 * The browser is stood in for: a document that can be hidden, a token in storage, and a fetch
 * whose stream stays open until aborted.
 */
const documentStub = Object.assign(new EventTarget(), { hidden: false });
const windowStub = Object.assign(new EventTarget(), {
  localStorage: { getItem: () => 'token-1', setItem() {}, removeItem() {} },
});
const opened: { headers: Record<string, string>; signal: AbortSignal }[] = [];

beforeAll(() => {
  vi.useFakeTimers();
  vi.stubGlobal('document', documentStub);
  vi.stubGlobal('window', windowStub);
  vi.stubGlobal('fetch', (_path: string, init: { headers: Record<string, string>; signal: AbortSignal }) => {
    opened.push(init);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const text = (t: string) => controller.enqueue(new TextEncoder().encode(t));
        text('id: 41\nevent: scan\ndata: {"order_id":30}\n\n');
        // The server's heartbeat: without it the client's silence watchdog would drop the stream.
        const ping = setInterval(() => text(': ping\n\n'), 15_000);
        init.signal.addEventListener('abort', () => {
          clearInterval(ping);
          controller.error(new Error('aborted'));
        });
      },
    });
    return Promise.resolve(new Response(body, { status: 200 }));
  });
});
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const hide = (hidden: boolean) => {
  documentStub.hidden = hidden;
  documentStub.dispatchEvent(new Event('visibilitychange'));
};

describe('the live stream and a hidden tab', () => {
  it('closes a minute after the tab is hidden and resumes from its last event when shown', async () => {
    const { listenLive } = await import('./live-events.ts');
    const heard: string[] = [];
    let reopened = 0;
    listenLive({ kinds: new Set(['scan']), event: (e) => heard.push(e.id), reopened: () => reopened++ });
    await vi.waitFor(() => expect(heard).toEqual(['41']));
    expect(opened).toHaveLength(1);

    hide(true);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(opened[0]!.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(opened[0]!.signal.aborted).toBe(true);
    // Hidden, it stays closed: no reconnect however long it waits.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(opened).toHaveLength(1);

    hide(false);
    await vi.waitFor(() => expect(opened).toHaveLength(2));
    expect(opened[1]!.headers['Last-Event-ID']).toBe('41');
    await vi.waitFor(() => expect(reopened).toBe(1));
  });

  it('stays open when the tab is shown again within the minute', async () => {
    hide(true);
    await vi.advanceTimersByTimeAsync(30_000);
    hide(false);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(opened.at(-1)!.signal.aborted).toBe(false);
  });
});
