import { DYMO_PORTS, LABEL_TEXT } from '@cab/shared';

/**
 * The DYMO web service on the user's computer (DYMO Connect / DLS): https://127.0.0.1 on one of
 * DYMO_PORTS, 41951-41960 (DOMAIN.md "Cabinets, scans, labels"; SPEC 9: 3 s discovery, 10 s
 * commands). Every port is asked at once; the first that says StatusConnected is the service.
 */
const DISCOVERY_MS = 3000;
const COMMAND_MS = 10_000;

const PATH = '/DYMO/DLS/Printing';

export interface DymoPrinter {
  name: string;
  model: string;
  connected: boolean;
}

export class DymoError extends Error {}

/** A DYMO answer: plain text, or the same text as a JSON string. */
function unwrap(text: string): string {
  const t = text.trim();
  if (t.startsWith('"')) {
    try {
      return String(JSON.parse(t));
    } catch {
      return t;
    }
  }
  return t;
}

async function fetchText(url: string, init: RequestInit, ms: number, outer?: AbortSignal): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  const stop = () => controller.abort();
  outer?.addEventListener('abort', stop);
  try {
    const res = await fetch(url, { ...init, signal: controller.signal, cache: 'no-store' });
    if (!res.ok) throw new DymoError(`${res.status}`);
    return unwrap(await res.text());
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', stop);
  }
}

/** The service's base URL, or null when none answers within 3 s. */
export async function findDymoService(ms = DISCOVERY_MS): Promise<string | null> {
  const controller = new AbortController();
  const bases = DYMO_PORTS.map((port) => `https://127.0.0.1:${port}`);
  try {
    return await Promise.any(
      bases.map(async (base) => {
        const answer = await fetchText(`${base}${PATH}/StatusConnected`, {}, ms, controller.signal);
        if (answer.toLowerCase() !== 'true') throw new DymoError('not connected');
        return base;
      }),
    );
  } catch {
    return null;
  } finally {
    controller.abort();
  }
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const decodeXml = (text: string) => text.replace(/&(lt|gt|amp|quot|apos);/g, (_, e: string) => ENTITIES[e] ?? '');

/** GetPrinters' XML: <Printers><LabelWriterPrinter><Name/><ModelName/><IsConnected/>...</Printers>. */
export function parsePrinters(xml: string): DymoPrinter[] {
  const field = (body: string, tag: string) =>
    decodeXml(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(body)?.[1]?.trim() ?? '');
  const printers: DymoPrinter[] = [];
  for (const m of xml.matchAll(/<(\w*Printer)>([\s\S]*?)<\/\1>/g)) {
    const body = m[2] ?? '';
    const name = field(body, 'Name');
    if (!name) continue;
    const connected = field(body, 'IsConnected');
    printers.push({ name, model: field(body, 'ModelName'), connected: connected === '' || /^true$/i.test(connected) });
  }
  return printers;
}

export async function getPrinters(base: string): Promise<DymoPrinter[]> {
  return parsePrinters(await fetchText(`${base}${PATH}/GetPrinters`, {}, COMMAND_MS));
}

/** PrintLabel: one label XML to one printer; SPEC 8's errors as DymoError messages. */
export async function printLabel(base: string, printerName: string, labelXml: string): Promise<void> {
  const body = new URLSearchParams({ printerName, printParamsXml: '', labelXml, labelSetXml: '' });
  let answer: string;
  try {
    answer = await fetchText(
      `${base}${PATH}/PrintLabel`,
      { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body },
      COMMAND_MS,
    );
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw new DymoError(LABEL_TEXT.printTimeout);
    if (err instanceof TypeError) throw new DymoError(LABEL_TEXT.notInstalled);
    throw new DymoError(LABEL_TEXT.printFailed);
  }
  if (answer.toLowerCase() !== 'true') throw new DymoError(LABEL_TEXT.printFailed);
}
