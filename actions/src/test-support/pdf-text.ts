import { decodePDFRawStream, PDFArray, PDFDocument, type PDFObject, PDFRawStream } from 'pdf-lib';

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

/** The bytes of a content stream, inflated when it is compressed. */
function streamBytes(stream: PDFObject | undefined): Uint8Array {
  if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
  throw new Error('expected a content stream');
}

/**
 * The text each page of a PDF made with pdf-lib's standard fonts writes, one line per text
 * operator (pdf-lib writes every line as a WinAnsi hex string shown with `Tj`). pdf-lib itself
 * cannot extract text; loading the file here also proves it parses.
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const lines: string[] = [];
    for (const stream of streams) {
      const operators = Buffer.from(streamBytes(stream)).toString('latin1');
      for (const match of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        lines.push(decodeWinAnsi(Buffer.from(match[1]!, 'hex')));
      }
    }
    return lines.join('\n');
  });
}
