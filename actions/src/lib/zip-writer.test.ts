import { once } from 'node:events';
import { Readable } from 'node:stream';
import crc32 from 'crc-32';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { UniqueNames, writeZip, type ZipSourceEntry } from './zip-writer.ts';

/** A source of `size` bytes of `fill`, produced 64 KiB at a time as it is read. */
function source(size: number, fill: number, events: string[], name: string): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const n = Math.min(65_536, size - sent);
      sent += n;
      this.push(Buffer.alloc(n, fill));
    },
    destroy(error, callback) {
      events.push(`destroyed ${name}`);
      callback(error);
    },
  });
}

const entry = (name: string, size: number, events: string[], fill = 1): ZipSourceEntry => ({
  name,
  date: new Date('2026-01-02T03:04:05Z'),
  open: async () => {
    events.push(`opened ${name}`);
    return source(size, fill, events, name);
  },
});

describe('writeZip', () => {
  it('writes every entry whole, names unique, a missing one listed', async () => {
    const events: string[] = [];
    const missing: string[] = [];
    const entries = [
      entry('a.pdf', 200_000, events, 1),
      entry('A.pdf', 10, events, 2),
      { ...entry('gone.pdf', 0, events), open: async () => null },
    ];
    const chunks: Buffer[] = [];
    for await (const chunk of writeZip(entries, (e) => {
      missing.push(e.name);
    }))
      chunks.push(chunk as Buffer);
    const zip = await JSZip.loadAsync(Buffer.concat(chunks), { checkCRC32: true });
    expect(Object.keys(zip.files)).toEqual(['a.pdf', 'A (2).pdf', 'Missing files.txt']);
    expect((await zip.file('a.pdf')!.async('nodebuffer')).equals(Buffer.alloc(200_000, 1))).toBe(true);
    expect(await zip.file('Missing files.txt')!.async('string')).toContain('gone.pdf');
    expect(missing).toEqual(['gone.pdf']);
  });

  it('stops reading and closes its sources when the reader goes away', async () => {
    const events: string[] = [];
    const entries = Array.from({ length: 50 }, (_, i) => entry(`f${i}.pdf`, 5_000_000, events));
    const zip = writeZip(entries);
    // Read a little of the first entry, then go away.
    await once(zip, 'readable');
    zip.read();
    zip.destroy();
    await once(zip, 'close');
    await new Promise((resolve) => setImmediate(resolve));
    // At most the current and the next source were opened, and both are closed.
    const opened = events.filter((e) => e.startsWith('opened'));
    expect(opened.length).toBeLessThanOrEqual(2);
    for (const e of opened) expect(events).toContain(e.replace('opened', 'destroyed'));
  });
});

describe('the native CRC behind the zip streamer', () => {
  it('gives crc-32 results, chained through the seed as crc32-stream chains it', () => {
    // writeZip's module switched crc-32 to zlib.crc32 when it was imported.
    expect(crc32.buf(Buffer.from('123456789')) >>> 0).toBe(0xcbf43926);
    const first = crc32.buf(Buffer.from('12345'), Buffer.alloc(4) as unknown as number) >>> 0;
    expect(crc32.buf(Buffer.from('6789'), first) >>> 0).toBe(0xcbf43926);
    expect(crc32.buf([0x31, 0x32, 0x33]) >>> 0).toBe(crc32.buf(Buffer.from('123')) >>> 0);
  });
});

describe('UniqueNames', () => {
  it('numbers repeats before the extension, ignoring case, and keeps entries inside the zip', () => {
    const names = new UniqueNames();
    expect(
      ['report.pdf', 'Report.PDF', 'report.pdf', 'notes', 'notes', '../etc/passwd', '.hidden', ''].map((n) =>
        names.take(n),
      ),
    ).toEqual([
      'report.pdf',
      'Report (2).PDF',
      'report (3).pdf',
      'notes',
      'notes (2)',
      '__etc_passwd',
      '_hidden',
      'file',
    ]);
  });
});
