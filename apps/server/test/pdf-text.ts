import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as pdfkit writes it, for the tests that read the papers (issue 27): each
 * content stream inflated (FlateDecode, node:zlib), then the strings of its text operators (Tj,
 * TJ), one line per text object (BT ... ET). Enough for pdfkit's standard fonts, whose strings
 * are the characters' WinAnsi codes; not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /<<([\s\S]*?)>>\s*stream\r?\n/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let body = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(m[1]!)) {
      try {
        body = inflateSync(body);
      } catch {
        continue; // An image or a font, not content we can read.
      }
    }
    lines.push(...textOf(body.toString('latin1')));
    streams.lastIndex = end;
  }
  return lines.join('\n');
}

/** The strings of the text objects of one content stream, one line per BT ... ET. */
function textOf(content: string): string[] {
  const out: string[] = [];
  for (const block of content.match(/\bBT\b[\s\S]*?\bET\b/g) ?? []) {
    let line = '';
    for (const op of block.match(/\[[^\]]*\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*Tj/g) ?? []) {
      for (const s of op.match(/<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)/g) ?? []) line += decode(s);
    }
    if (line) out.push(line);
  }
  return out;
}

function decode(s: string): string {
  if (s.startsWith('<')) {
    const hex = s.slice(1, -1).replace(/\s/g, '');
    return Buffer.from(hex, 'hex').toString('latin1');
  }
  return s.slice(1, -1).replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, c: string) => {
    const map: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
    return map[c] ?? String.fromCharCode(Number.parseInt(c, 8));
  });
}
