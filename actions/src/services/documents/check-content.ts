import { documentFileTypeOf } from '@portal/domain';
import { fileTypeFromBuffer } from 'file-type';

/** How much of an object is read to tell its type: enough for a zip's first entries. */
export const SNIFF_BYTES = 64 * 1024;

/**
 * Whether the first bytes of a file are of its declared (canonical) content type, as the
 * maintained sniffer `file-type` tells them: a pdf must start like a pdf, a doc or xls be an OLE
 * compound file, a docx, xlsx or pages a zip (and not, say, a docx named .xlsx). Bytes it cannot
 * name at all (text, html, an executable script) are no accepted type.
 */
export async function contentMatchesType(start: Uint8Array, contentType: string): Promise<boolean> {
  const type = documentFileTypeOf(contentType);
  if (!type) return false;
  const sniffed = await fileTypeFromBuffer(start);
  return !!sniffed && type.signatures.includes(sniffed.ext);
}
