import { describe, expect, it, vi } from 'vitest';
import { AnswerCache, keptUntilEvents } from './answer-cache.ts';

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A cache whose draws are counted: `ask` answers the text and says whether it was drawn anew. */
function counted(cache: AnswerCache) {
  let draws = 0;
  return {
    async ask(key: string, version: string, text = `${key}@${version}`) {
      const before = draws;
      const answer = await cache.answer(key, version, async () => {
        draws++;
        return text;
      });
      await settle();
      return { answer, drawn: draws > before };
    },
  };
}

describe('AnswerCache', () => {
  it('serves a copy only for the version it was drawn under', async () => {
    const cache = new AnswerCache();
    const c = counted(cache);
    expect(await c.ask('a', 'v1')).toEqual({ answer: 'a@v1', drawn: true });
    expect(await c.ask('a', 'v1')).toEqual({ answer: 'a@v1', drawn: false });
    expect(await c.ask('a', 'v2')).toEqual({ answer: 'a@v2', drawn: true });
  });

  it('with one version for every key, frees every older copy once a newer version is seen', async () => {
    const cache = new AnswerCache({ oneVersion: true });
    const c = counted(cache);
    await c.ask('a', 'v1');
    await c.ask('b', 'v1');
    expect(cache.size()).toEqual({ entries: 2, chars: 8 });
    await c.ask('c', 'v2');
    expect(cache.size()).toEqual({ entries: 1, chars: 4 });
  });

  it('draws once for many asking at the same time', async () => {
    const cache = new AnswerCache();
    let draws = 0;
    const draw = async () => {
      draws++;
      await settle();
      return 'page';
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.answer('k', 'v', draw)));
    expect(answers).toEqual(['page', 'page', 'page', 'page', 'page']);
    expect(draws).toBe(1);
  });

  it('drops the least recently used copy past its entry limit', async () => {
    const c = counted(new AnswerCache({ maxEntries: 2 }));
    await c.ask('a', 'v');
    await c.ask('b', 'v');
    await c.ask('a', 'v'); // a is now the most recently used
    await c.ask('c', 'v');
    expect((await c.ask('a', 'v')).drawn).toBe(false);
    expect((await c.ask('c', 'v')).drawn).toBe(false);
    expect((await c.ask('b', 'v')).drawn).toBe(true);
  });

  it('keeps its size under its character limit', async () => {
    const cache = new AnswerCache({ maxEntries: 100, maxChars: 10 });
    const c = counted(cache);
    await c.ask('a', 'v', '123456');
    await c.ask('b', 'v', '7890');
    expect(cache.size()).toEqual({ entries: 2, chars: 10 });
    await c.ask('c', 'v', 'xyz');
    expect(cache.size()).toEqual({ entries: 2, chars: 7 });
    expect((await c.ask('a', 'v', '123456')).drawn).toBe(true);
  });

  it('does not keep a failed draw', async () => {
    const cache = new AnswerCache();
    await expect(cache.answer('a', 'v', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await settle();
    expect(cache.size().entries).toBe(0);
    expect(await cache.answer('a', 'v', async () => 'fine')).toBe('fine');
  });

  it('with a version per key, keeps other keys when one key moves on', async () => {
    const cache = new AnswerCache();
    const c = counted(cache);
    await c.ask('order 1', 's1');
    await c.ask('order 2', 's1');
    expect(await c.ask('order 1', 's2')).toEqual({ answer: 'order 1@s2', drawn: true });
    expect(await c.ask('order 2', 's1')).toEqual({ answer: 'order 2@s1', drawn: false });
    expect(await c.ask('order 1', 's1')).toEqual({ answer: 'order 1@s1', drawn: true });
  });

  it('peeks at a copy of the version asked for only, and puts one under a key', async () => {
    const cache = new AnswerCache();
    expect(cache.peek('row 7', 'v1')).toBeUndefined();
    await cache.put('row 7', 'v1', Promise.resolve('{"id":7}'));
    expect(await cache.peek('row 7', 'v1')).toBe('{"id":7}');
    expect(cache.peek('row 7', 'v2')).toBeUndefined();
    // A miss on another version drops the stale copy.
    expect(cache.peek('row 7', 'v1')).toBeUndefined();
  });
});

describe('keptUntilEvents', () => {
  const keepMs = 1_000;
  /** Draws numbered 1, 2, ...; each waits until `release` is called, so a test sees who waited. */
  function drawer() {
    let n = 0;
    const pending: (() => void)[] = [];
    return {
      draw: () => {
        const mine = ++n;
        return new Promise<string>((resolve) => pending.push(() => resolve(`copy ${mine}`)));
      },
      release: () => {
        for (const go of pending.splice(0)) go();
      },
      count: () => n,
    };
  }

  it('at the window edge serves the copy of the window past while one draw runs behind it', async () => {
    const cache = new AnswerCache();
    const d = drawer();
    const now = vi.spyOn(Date, 'now').mockReturnValue(10 * keepMs);
    try {
      const when = { keepMs, day: '2026-12-06', settled: 0 };
      const first = keptUntilEvents(cache, 'k', when, d.draw);
      d.release();
      expect(await first).toBe('copy 1');
      // The next window: two readers get the copy at once, and one draw starts behind them.
      now.mockReturnValue(11 * keepMs);
      expect(await keptUntilEvents(cache, 'k', when, d.draw)).toBe('copy 1');
      expect(await keptUntilEvents(cache, 'k', when, d.draw)).toBe('copy 1');
      expect(d.count()).toBe(2);
      d.release();
      await settle();
      expect(await keptUntilEvents(cache, 'k', when, d.draw)).toBe('copy 2');
      // Two windows on, the copy is too old to serve: the reader waits for a new draw.
      now.mockReturnValue(13 * keepMs);
      const late = keptUntilEvents(cache, 'k', when, d.draw);
      d.release();
      await settle();
      d.release();
      expect(await late).toBe('copy 3');
    } finally {
      now.mockRestore();
    }
  });

  it('never serves a copy of the window past drawn before an event settled', async () => {
    const cache = new AnswerCache();
    const d = drawer();
    const now = vi.spyOn(Date, 'now').mockReturnValue(10 * keepMs);
    try {
      const first = keptUntilEvents(cache, 'k', { keepMs, day: 'd', settled: 0 }, d.draw);
      d.release();
      expect(await first).toBe('copy 1');
      now.mockReturnValue(11 * keepMs);
      // An event settled after the copy was drawn: the reader waits for the new draw.
      const after = keptUntilEvents(cache, 'k', { keepMs, day: 'd', settled: performance.now() + 1 }, d.draw);
      await settle();
      d.release();
      expect(await after).toBe('copy 2');
    } finally {
      now.mockRestore();
    }
  });
});
