import { crc32, inflateRawSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { docx, jpeg, pdf, png, xlsx } from './formats.ts';
import { demoFile } from './store-demo-files.ts';

const TEXT = { title: 'Fees & charges <2025> "draft"', lines: ['First line', 'Second (with parentheses)'] };

/** The entries of a ZIP archive, read from its central directory; every CRC and size checked. */
function unzip(archive: Buffer): Map<string, string> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const entries = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const packedSize = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extra = archive.readUInt16LE(at + 30);
    const comment = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(archive.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const packed = archive.subarray(start, start + packedSize);
    const data = method === 8 ? inflateRawSync(packed) : packed;
    expect(data.length, name).toBe(size);
    expect(crc32(data), name).toBe(crc);
    entries.set(name, data.toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

describe('demo files', () => {
  it('makes a PDF whose cross-reference table points at its objects', () => {
    const file = pdf(TEXT);
    const text = file.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(7);
    offsets.forEach((offset, i) => {
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    const stream = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text)!;
    expect(Buffer.byteLength(stream[2]!, 'latin1')).toBe(Number(stream[1]));
    // The title, its parentheses escaped.
    expect(stream[2]).toContain('(Fees & charges <2025> "draft") Tj');
    expect(stream[2]).toContain('(Second \\(with parentheses\\)) Tj');
  });

  it('makes a Word document: an Open XML package with the title and lines, escaped', () => {
    const parts = unzip(docx(TEXT));
    expect([...parts.keys()]).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(parts.get('[Content_Types].xml')).toContain(
      'PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"',
    );
    expect(parts.get('_rels/.rels')).toContain('Target="word/document.xml"');
    const document = parts.get('word/document.xml')!;
    expect(document).toContain('Fees &amp; charges &lt;2025&gt; &quot;draft&quot;');
    expect(document).toContain('<w:t xml:space="preserve">Second (with parentheses)</w:t>');
  });

  it('makes an Excel workbook: workbook, its sheet relationship and the rows', () => {
    const parts = unzip(xlsx(TEXT));
    expect([...parts.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(parts.get('xl/workbook.xml')).toContain('<sheet name="Demo" sheetId="1" r:id="rId1"/>');
    expect(parts.get('xl/_rels/workbook.xml.rels')).toContain('Id="rId1"');
    expect(parts.get('xl/_rels/workbook.xml.rels')).toContain('Target="worksheets/sheet1.xml"');
    const sheet = parts.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<c r="A1" t="inlineStr"><is><t xml:space="preserve">Fees &amp; charges');
    expect(sheet).toContain(
      '<c r="A4" t="inlineStr"><is><t xml:space="preserve">Second (with parentheses)</t>',
    );
  });

  it('makes a PNG whose chunks check out, and a baseline JPEG of the same size', () => {
    const image = png();
    expect(image.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    let at = 8;
    const chunks: string[] = [];
    let pixels = Buffer.alloc(0);
    while (at < image.length) {
      const length = image.readUInt32BE(at);
      const type = image.subarray(at + 4, at + 8).toString('ascii');
      const data = image.subarray(at + 8, at + 8 + length);
      expect(image.readUInt32BE(at + 8 + length), type).toBe(crc32(image.subarray(at + 4, at + 8 + length)));
      if (type === 'IHDR') expect([data.readUInt32BE(0), data.readUInt32BE(4)]).toEqual([160, 100]);
      if (type === 'IDAT') pixels = inflateSync(data);
      chunks.push(type);
      at += 12 + length;
    }
    expect(chunks).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(pixels.length).toBe((160 * 3 + 1) * 100);

    const photo = jpeg();
    expect(photo.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(photo.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    const frame = photo.indexOf(Buffer.from([0xff, 0xc0])); // baseline frame header
    expect([photo.readUInt16BE(frame + 5), photo.readUInt16BE(frame + 7)]).toEqual([100, 160]);
  });

  it('picks the file and its content type by the key, and makes none for other types', () => {
    expect(demoFile('resources/a.docx', TEXT)?.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(demoFile('practices/1/x-a.PDF', TEXT)?.contentType).toBe('application/pdf');
    expect(demoFile('practices/1/x-a.xlsx', TEXT)?.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(demoFile('practices/1/x-a.jpg', TEXT)?.body).toEqual(jpeg());
    expect(demoFile('practices/1/x-a.png', TEXT)?.contentType).toBe('image/png');
    expect(demoFile('practices/1/x-a.gif', TEXT)).toBeNull();
    expect(demoFile('practices/1/no-extension', TEXT)).toBeNull();
  });
});
