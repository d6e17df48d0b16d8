/** A piece of plain text: words as they are, or a web address to show as a link. */
export type TextPart = { text: string } | { href: string };

// Only http and https: a mail body is not trusted, so no javascript:, data: or file: links.
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"']+/gi;
// Punctuation that ends a sentence around an address is not part of it ("see https://x/a.").
const TRAILING = /[.,;:!?)\]}]+$/;

function isWebAddress(href: string): boolean {
  try {
    const { protocol } = new URL(href);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Splits plain text into words and web addresses. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const href = match[0].replace(TRAILING, '');
    const start = match.index;
    if (!isWebAddress(href)) continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
