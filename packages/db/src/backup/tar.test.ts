import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readTarGz, writeTarGz } from './tar.ts';

describe('the backup archive (ustar, gzipped)', () => {
  it('reads back every file byte for byte, long paths included', () => {
    const entries = [
      { name: 'manifest.json', data: Buffer.from('{"a":1}') },
      { name: `uploads/${'a'.repeat(90)}/${'b'.repeat(60)}.png`, data: Buffer.from([0, 1, 2, 255, 0]) },
      { name: 'empty', data: Buffer.alloc(0) },
      { name: 'database.tar.gz', data: Buffer.alloc(513, 7) },
    ];
    expect(readTarGz(writeTarGz(entries))).toEqual(entries);
  });

  it('writes ustar headers with valid checksums (readable by tar)', () => {
    const tar = gunzipSync(writeTarGz([{ name: 'x.txt', data: Buffer.from('hello') }]));
    const header = tar.subarray(0, 512);
    expect(header.subarray(257, 262).toString()).toBe('ustar');
    const stored = Number.parseInt(header.subarray(148, 154).toString(), 8);
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    expect(stored).toBe(sum);
    expect(tar.length % 512).toBe(0);
  });

  it('refuses a name too long for ustar', () => {
    expect(() => writeTarGz([{ name: 'x'.repeat(300), data: Buffer.alloc(1) }])).toThrow(/too long/);
  });
});
