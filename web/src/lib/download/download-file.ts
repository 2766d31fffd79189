import { PortalError } from '../errors.ts';

type AuthorisedFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** The file name a Content-Disposition header gives (filename* first), else the fallback. */
export function fileNameFromDisposition(disposition: string | null, fallback: string): string {
  const star = disposition && /filename\*=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const plain = disposition && /filename="?([^";]+)"?/i.exec(disposition);
  const raw = star?.[1] ?? plain?.[1] ?? '';
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    // A malformed escape: keep the text as it came.
  }
  return name.replace(/[/\\]/g, '') || fallback;
}

/**
 * A file from the actions service, with the bearer token (spec 002 §7 "generic blob download":
 * the name comes from Content-Disposition). Throws a PortalError for an answer that is not OK.
 */
export async function fetchFile(
  authorisedFetch: AuthorisedFetch,
  url: string,
  fallbackName: string,
  accept = '*/*',
): Promise<{ blob: Blob; fileName: string }> {
  const response = await authorisedFetch(url, { method: 'GET', headers: { Accept: accept } });
  if (!response.ok) throw await PortalError.fromResponse(response);
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName),
  };
}

/**
 * Hands a URL to the browser's downloads, the page staying where it is: an object URL, or a
 * presigned storage URL served as an attachment (whose Content-Disposition names the file, since
 * a browser ignores `download` across origins).
 */
export function downloadUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Hands a file to the browser's downloads. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
