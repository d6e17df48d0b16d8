import { afterEach, describe, expect, it } from 'vitest';
import { dayIn, isTimeZone, setShopTimeZone, shopTimeZone, todayIn } from './dates.ts';
import { REMAKE_TEXT } from './remakes/text.ts';
import { REPORTS_WEB_TEXT } from './reports/text.ts';

/** Issue 35's small things that are words, and the shop's clock as the shared dates count it. */
describe('wording', () => {
  it('one cabinet is a cabinet', () => {
    expect(REPORTS_WEB_TEXT.progress(0, 1)).toBe('0 of 1 cabinet done');
    expect(REPORTS_WEB_TEXT.progress(9, 19)).toBe('9 of 19 cabinets done');
  });

  it("the remake link names the source order, not '(remake 6)' as if it were its name", () => {
    const text = REMAKE_TEXT.remakeOfLink(30, 'Delgado kitchen remodel', 6);
    expect(text.startsWith('#30 Delgado kitchen remodel')).toBe(true);
    expect(text).not.toContain('(remake 6)');
  });
});

describe("the shop's time zone", () => {
  afterEach(() => setShopTimeZone(undefined));

  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    for (const zone of ['Mars/Olympus_Mons', '', ' UTC', 'America/Chicago ']) expect(isTimeZone(zone)).toBe(false);
  });

  it('once set, every default counts days in it', () => {
    const at = new Date('2026-12-06T04:50:00Z');
    setShopTimeZone('Pacific/Kiritimati');
    expect(shopTimeZone()).toBe('Pacific/Kiritimati');
    expect(todayIn(undefined, at)).toBe('2026-12-06');
    expect(dayIn(new Date('2026-12-06T11:00:00Z'))).toBe('2026-12-07');
    setShopTimeZone('America/Chicago');
    expect(todayIn(undefined, at)).toBe('2026-12-05');
  });
});
