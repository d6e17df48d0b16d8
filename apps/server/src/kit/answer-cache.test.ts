import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';

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
