import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * A resume too far behind is not replayed: the server sends `refetch` (issue 36) and every page
 * listening reads its data again, as after a gap; no page hears it as an event.
 */
const windowStub = Object.assign(new EventTarget(), {
  localStorage: { getItem: () => 'token-1', setItem() {}, removeItem() {} },
});

beforeAll(() => {
  vi.stubGlobal('document', Object.assign(new EventTarget(), { hidden: false }));
  vi.stubGlobal('window', windowStub);
  vi.stubGlobal('fetch', (_path: string, init: { signal: AbortSignal }) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const text = (t: string) => controller.enqueue(new TextEncoder().encode(t));
        text('retry: 3000\n\nid: 5000\nevent: refetch\ndata: {}\n\nid: 5001\nevent: scan\ndata: {"order_id":30}\n\n');
        init.signal.addEventListener('abort', () => controller.error(new Error('aborted')));
      },
    });
    return Promise.resolve(new Response(body, { status: 200 }));
  });
});
afterAll(() => vi.unstubAllGlobals());

describe('the live stream told to refetch', () => {
  // The first import compiles the module graph: slow on a loaded machine, so a longer timeout.
  it('makes every listening page refetch and delivers the events after it', { timeout: 30_000 }, async () => {
    const { listenLive } = await import('./live-events.ts');
    const heard: string[] = [];
    const reopened: string[] = [];
    const stop = [
      listenLive({ kinds: new Set(['scan']), event: (e) => heard.push(e.id), reopened: () => reopened.push('board') }),
      listenLive({ kinds: new Set(['payment']), event: () => {}, reopened: () => reopened.push('invoice') }),
    ];
    await vi.waitFor(() => expect(heard).toEqual(['5001']));
    expect(reopened.sort()).toEqual(['board', 'invoice']);
    for (const s of stop) s();
  });
});
