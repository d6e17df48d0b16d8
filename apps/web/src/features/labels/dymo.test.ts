import { DYMO_PORTS, LABEL_TEXT } from '@cab/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findDymoService, parsePrinters, printLabel } from './dymo.ts';

afterEach(() => vi.unstubAllGlobals());

const answer = (text: string, status = 200) => Promise.resolve(new Response(text, { status }));

describe('the DYMO web service', () => {
  it('lists the printers of GetPrinters, names decoded, the connected flag read', () => {
    const xml = `<Printers><LabelWriterPrinter><Name>DYMO LabelWriter 450 &amp; Co</Name><ModelName>DYMO LabelWriter 450</ModelName><IsConnected>True</IsConnected></LabelWriterPrinter><TapePrinter><Name>LabelManager PnP</Name><ModelName>PnP</ModelName><IsConnected>False</IsConnected></TapePrinter><LabelWriterPrinter><Name></Name></LabelWriterPrinter></Printers>`;
    expect(parsePrinters(xml)).toEqual([
      { name: 'DYMO LabelWriter 450 & Co', model: 'DYMO LabelWriter 450', connected: true },
      { name: 'LabelManager PnP', model: 'PnP', connected: false },
    ]);
    expect(parsePrinters('')).toEqual([]);
  });

  it('asks every port at once and takes the one that says StatusConnected (plain or as a JSON string)', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      if (url.includes(':41957/')) return answer('"true"');
      if (url.includes(':41952/')) return answer('false');
      return Promise.reject(new TypeError('refused'));
    });
    expect(await findDymoService(500)).toBe('https://127.0.0.1:41957');
    expect(asked).toHaveLength(DYMO_PORTS.length);
    expect(asked.every((u) => u.endsWith('/DYMO/DLS/Printing/StatusConnected'))).toBe(true);
  });

  it('gives up when no port answers in time', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError'))),
        ),
    );
    const started = Date.now();
    expect(await findDymoService(200)).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('prints one label to the chosen printer, and names SPEC 8 errors', async () => {
    let sent: URLSearchParams | null = null;
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      sent = init.body as URLSearchParams;
      return answer('true');
    });
    await printLabel('https://127.0.0.1:41951', 'LW 450', '<DieCutLabel/>');
    expect(sent!.get('printerName')).toBe('LW 450');
    expect(sent!.get('labelXml')).toBe('<DieCutLabel/>');

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(printLabel('https://127.0.0.1:41951', 'LW 450', '<x/>')).rejects.toThrow(LABEL_TEXT.notInstalled);
    vi.stubGlobal('fetch', () => answer('false'));
    await expect(printLabel('https://127.0.0.1:41951', 'LW 450', '<x/>')).rejects.toThrow(LABEL_TEXT.printFailed);
  });
});
