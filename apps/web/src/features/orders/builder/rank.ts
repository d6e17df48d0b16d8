import type { LineItem } from '@cab/shared';

/** The exact code first, then codes that start with the text, then the rest (F3 before BWF3). */
export function rankByCode(items: readonly LineItem[], text: string): LineItem[] {
  const t = text.trim().toUpperCase();
  const rank = (i: LineItem) => {
    const code = i.manufacturer_code.toUpperCase();
    return code === t ? 0 : code.startsWith(t) ? 1 : 2;
  };
  return items
    .map((item, index) => ({ item, index, rank: rank(item) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((x) => x.item);
}
