import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * A minimal ustar writer and reader (regular files only), gzipped: a backup is one `.tar.gz` an
 * operator can list with `tar tzf`. Names up to 255 characters (ustar prefix + name).
 */
export interface TarEntry {
  name: string;
  data: Buffer;
}

function header(name: string, size: number): Buffer {
  const h = Buffer.alloc(512);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', name.length - 1 - 0);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
    if (Buffer.byteLength(base) > 100 || Buffer.byteLength(prefix) > 155)
      throw new Error(`name too long for tar: ${name}`);
  }
  h.write(base, 0, 100, 'utf8');
  h.write('0000644\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
  );
  h.write('        ', 148); // checksum placeholder
  h.write('0', 156); // regular file
  h.write('ustar\0', 257);
  h.write('00', 263);
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

export function writeTarGz(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    parts.push(header(e.name, e.data.length), e.data);
    const pad = (512 - (e.data.length % 512)) % 512;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}

const text = (b: Buffer) => b.toString('utf8').replace(/\0.*$/s, '');

export function readTarGz(gz: Buffer): TarEntry[] {
  const tar = gunzipSync(gz);
  const entries: TarEntry[] = [];
  let at = 0;
  while (at + 512 <= tar.length) {
    const h = tar.subarray(at, at + 512);
    if (h.every((b) => b === 0)) break;
    const base = text(h.subarray(0, 100));
    const prefix = text(h.subarray(345, 500));
    const size = Number.parseInt(text(h.subarray(124, 136)).trim() || '0', 8);
    const type = String.fromCharCode(h[156] ?? 48);
    at += 512;
    if (type === '0' || type === '\0') {
      entries.push({ name: prefix ? `${prefix}/${base}` : base, data: Buffer.from(tar.subarray(at, at + size)) });
    }
    at += Math.ceil(size / 512) * 512;
  }
  return entries;
}
