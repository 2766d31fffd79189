import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  type PDFPage,
  PDFRawStream,
} from 'pdf-lib';

/** WinAnsi (Windows-1252) bytes 0x80–0x9F; the rest are Latin-1. Node's TextDecoder may lack it. */
const CP1252_HIGH =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd' +
  '\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';

function decodeWinAnsi(bytes: Buffer): string {
  let text = '';
  for (const byte of bytes) {
    text += byte >= 0x80 && byte < 0xa0 ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
  }
  return text;
}

/** The bytes of a stream, inflated when it is compressed. */
function streamBytes(stream: PDFObject | undefined): Uint8Array {
  if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
  throw new Error('expected a stream');
}

/** A font's ToUnicode map (glyph id → text), as pdf-lib writes it: `<gid> <utf16>` pairs in bfchar blocks. */
function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const units = pair[2]!.match(/.{4}/g)!.map((hex) => Number.parseInt(hex, 16));
      map.set(Number.parseInt(pair[1]!, 16), String.fromCharCode(...units));
    }
  }
  return map;
}

/** The page's fonts by resource name: a ToUnicode map for an embedded font, null for a standard one. */
function pageFonts(doc: PDFDocument, page: PDFPage): Map<string, Map<number, string> | null> {
  const fonts = new Map<string, Map<number, string> | null>();
  const dict = page.node.Resources()?.lookup(PDFName.of('Font'));
  if (!(dict instanceof PDFDict)) return fonts;
  for (const [name, ref] of dict.entries()) {
    const font = doc.context.lookup(ref);
    const toUnicode = font instanceof PDFDict ? font.lookup(PDFName.of('ToUnicode')) : undefined;
    fonts.set(
      name.decodeText(),
      toUnicode ? toUnicodeMap(Buffer.from(streamBytes(toUnicode)).toString('latin1')) : null,
    );
  }
  return fonts;
}

/**
 * The text each page of a PDF made with pdf-lib writes, one line per text operator (pdf-lib writes
 * every line as a hex string shown with `Tj`): through the font's ToUnicode map for an embedded
 * font (glyph ids, two bytes each), as WinAnsi for a standard one. Text inside forms (stamps) is
 * not read. pdf-lib itself cannot extract text; loading the file here also proves it parses.
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const fonts = pageFonts(doc, page);
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const lines: string[] = [];
    let font: Map<number, string> | null = null;
    for (const stream of streams) {
      const operators = Buffer.from(streamBytes(stream)).toString('latin1');
      for (const match of operators.matchAll(/\/([^\s/]+)\s+[-\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (match[1] !== undefined) {
          font = fonts.get(match[1]) ?? null;
          continue;
        }
        const hex = match[2]!;
        if (!font) {
          lines.push(decodeWinAnsi(Buffer.from(hex, 'hex')));
          continue;
        }
        const map = font;
        lines.push(
          (hex.match(/.{4}/g) ?? []).map((gid) => map.get(Number.parseInt(gid, 16)) ?? '\ufffd').join(''),
        );
      }
    }
    return lines.join('\n');
  });
}
