import { crc32, deflateSync } from 'node:zlib';
import { zip } from './zip.ts';

/**
 * Small, real files for the demo data's storage keys: each opens in the program its type belongs
 * to and says what it stands in for. Generated, so they carry the title of the row they belong to.
 */

/** What a demo file says: its title and a few lines under it. */
export interface DemoText {
  title: string;
  lines: readonly string[];
}

const xml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** A one-page A4 PDF in Helvetica. Characters outside Latin-1 become '?'. */
export function pdf({ title, lines }: DemoText): Buffer {
  const literal = (text: string) =>
    `(${[...text]
      .map((c) => (c.charCodeAt(0) > 0xff ? '?' : c))
      .join('')
      .replace(/[\\()]/g, (c) => `\\${c}`)})`;
  const content = [
    `BT /F1 18 Tf 56 770 Td ${literal(title)} Tj ET`,
    `BT /F2 11 Tf 56 740 Td 16 TL ${lines.map((line) => `${literal(line)} Tj T*`).join(' ')} ET`,
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${literal(title)} /Producer (The accreditation portal demo data) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const RELS = 'application/vnd.openxmlformats-package.relationships+xml';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const OFFICE_DOCUMENT = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument';

function contentTypes(overrides: Record<string, string>): string {
  return `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="${RELS}"/><Default Extension="xml" ContentType="application/xml"/>${Object.entries(
    overrides,
  )
    .map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`)
    .join('')}</Types>`;
}

function relationships(targets: ReadonlyArray<{ type: string; target: string }>): string {
  return `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${targets
    .map((t, i) => `<Relationship Id="rId${i + 1}" Type="${t.type}" Target="${t.target}"/>`)
    .join('')}</Relationships>`;
}

/** A Word document (.docx): the title in bold, then one paragraph per line. */
export function docx({ title, lines }: DemoText): Buffer {
  const run = (text: string, bold = false) =>
    `<w:r>${bold ? '<w:rPr><w:b/><w:sz w:val="36"/></w:rPr>' : ''}<w:t xml:space="preserve">${xml(text)}</w:t></w:r>`;
  const document = `${XML_DECLARATION}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p>${run(
    title,
    true,
  )}</w:p>${lines.map((line) => `<w:p>${run(line)}</w:p>`).join('')}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>`;
  return zip([
    {
      name: '[Content_Types].xml',
      data: contentTypes({
        '/word/document.xml':
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      }),
    },
    { name: '_rels/.rels', data: relationships([{ type: OFFICE_DOCUMENT, target: 'word/document.xml' }]) },
    { name: 'word/document.xml', data: document },
  ]);
}

/** An Excel workbook (.xlsx) of one sheet: the title in A1, then one line per row. */
export function xlsx({ title, lines }: DemoText): Buffer {
  const rows = [title, '', ...lines]
    .map((text, i) =>
      text
        ? `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t xml:space="preserve">${xml(text)}</t></is></c></row>`
        : '',
    )
    .join('');
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  return zip([
    {
      name: '[Content_Types].xml',
      data: contentTypes({
        '/xl/workbook.xml': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
        '/xl/worksheets/sheet1.xml':
          'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml',
      }),
    },
    { name: '_rels/.rels', data: relationships([{ type: OFFICE_DOCUMENT, target: 'xl/workbook.xml' }]) },
    {
      name: 'xl/workbook.xml',
      data: `${XML_DECLARATION}<workbook xmlns="${main}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Demo" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: relationships([
        {
          type: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet',
          target: 'worksheets/sheet1.xml',
        },
      ]),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `${XML_DECLARATION}<worksheet xmlns="${main}"><cols><col min="1" max="1" width="90" customWidth="1"/></cols><sheetData>${rows}</sheetData></worksheet>`,
    },
  ]);
}

/** A 160 × 100 PNG: a page-like picture (a blue band and three grey lines on pale blue). */
export function png(): Buffer {
  const width = 160;
  const height = 100;
  const pixel = (x: number, y: number): [number, number, number] => {
    if (y < 10) return [0x2f, 0x5d, 0x9a];
    const bar = [30, 48, 66].find((top) => y >= top && y < top + 8);
    const ends = { 30: 144, 48: 120, 66: 132 } as Record<number, number>;
    if (bar !== undefined && x >= 16 && x < ends[bar]!) return [0x9d, 0xb3, 0xd3];
    return [0xdf, 0xe7, 0xf2];
  };
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The same picture as a baseline JPEG (160 × 100, made once with a browser's canvas
 * `toDataURL('image/jpeg', 0.6)`: writing a JPEG encoder for a demo picture is not worth it).
 */
export function jpeg(): Buffer {
  return Buffer.from(JPEG_BASE64, 'base64');
}

const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAA' +
  'AABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAA' +
  'ABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAA' +
  'AAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA' +
  'AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAA' +
  'AABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAA0JCgsK' +
  'CA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYV' +
  'FSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCABkAKADASIAAhEB' +
  'AxEB/8QAGQABAAMBAQAAAAAAAAAAAAAAAAQFBwYD/8QAJhABAAAFBAICAwEBAAAAAAAAAAEEFFOiAgUWVKPRAxESEyExUf/E' +
  'ABgBAQEBAQEAAAAAAAAAAAAAAAABAgQD/8QAHBEBAAIDAQEBAAAAAAAAAAAAAAESAhETUSEx/9oADAMBAAIRAxEAPwClGh8a' +
  '2fp+XX7ONbP0/Lr9u/vi5OOTPBofGtn6fl1+zjWz9Py6/Z3xOOTPBofGtn6fl1+zjWz9Py6/Z3xOOTPBofGtn6fl1+zjWz9P' +
  'y6/Z3xOOTPBofGtn6fl1+zjWz9Py6/Z3xOOTPBofGtn6fl1+zjWz9Py6/Z3xOOTPBofGtn6fl1+zjWz9Py6/Z3xOOTPBofGt' +
  'n6fl1+zjWz9Py6/Z3xOOTPBofGtn6fl1+zjWz9Py6/Z3xOOTPBofGtn6fl1+zjWz9Py6/Z3xOOS2AcjoBGrpa5jErpa5jFdS' +
  'm4SRGrpa5jErpa5jE1JuEkRq6WuYxK6WuYxNSbhJEaulrmMSulrmMTUm4SRGrpa5jErpa5jE1JuEkRq6WuYxK6WuYxNSbhJE' +
  'aulrmMSulrmMTUm4SRGrpa5jErpa5jE1JuEkBFAAU1DM28oFDM28oLkbvLNYU1DM28oFDM28oLkLyVhTUMzbygUMzbyguQvJ' +
  'WFNQzNvKBQzNvKC5C8lYU1DM28oFDM28oLkLyVhTUMzbygUMzbyguQvJWFNQzNvKBQzNvKC5C8lYU1DM28oFDM28oLkLyVgA' +
  'YaAAc8OhHpdmrnh0IXKueHQhcq54dCFyrnh0IXKueHQhcq550IM5ZbWI0AMqAAAApq6ZuYwK6ZuYwWFDLW8olDLW8ovS2PjO' +
  'pV9dM3MYFdM3MYLChlreUShlreUS2PhqVfXTNzGBXTNzGCwoZa3lEoZa3lEtj4alX10zcxgV0zcxgsKGWt5RKGWt5RLY+GpV' +
  '9dM3MYFdM3MYLChlreUShlreUS2PhqVfXTNzGBXTNzGCwoZa3lEoZa3lEtj4alX10zcxgV0zcxgsKGWt5RKGWt5RLY+Gpee3' +
  '/P8AL837P26vy+vr6/kIf9TXn8XwfF8P3+rT+P3/AL/YxejE/vxYAEUAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB/' +
  '/9k=';
