/**
 * `Content-Disposition: attachment` for a download named `fileName`: a plain ASCII `filename`
 * every browser reads, and the exact name as RFC 5987 `filename*` (UTF-8) for those that can.
 */
export function attachmentDisposition(fileName: string): string {
  const exact = fileName.replace(/[\p{Cc}\\/:*?"<>|]+/gu, '-');
  const ascii = asciiFileName(exact);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(exact)}`;
}

/** The name in printable ASCII: accents dropped, anything else a hyphen, no quotes or backslashes. */
export function asciiFileName(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^\x20-\x7e]|["\\]/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-\s]+|[-\s]+$/g, '') || 'download'
  );
}

/** Percent-encodes a value for an RFC 5987 extended parameter (attr-char stays as it is). */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * A name as one part of a file name: words joined by hyphens, lower case, nothing a file system
 * or a header could trip on; `fallback` when nothing is left. Keeps letters of any script.
 */
export function fileNamePart(text: string, fallback: string, maxLength = 60): string {
  const part = text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
  return part || fallback;
}
