import { type PracticeListQuery, practiceListSearchParams } from '@portal/domain';
import { PortalError } from '../../../lib/errors.ts';

type AuthorisedFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** The file name the server gives in Content-Disposition, else practices-<yyyy-MM-dd>.csv. */
export function csvFileName(disposition: string | null, today: string): string {
  const match = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const name = match?.[1] ? decodeURIComponent(match[1]).replace(/[/\\]/g, '') : '';
  return name || `practices-${today}.csv`;
}

/**
 * `GET /api/practices/csv?<the list's URL criteria>`: the CSV of exactly the filtered list (every
 * page), with the bearer token. Returns the file and its name.
 */
export async function downloadPracticesCsv(
  authorisedFetch: AuthorisedFetch,
  apiUrl: string,
  query: PracticeListQuery,
  today: string,
): Promise<{ blob: Blob; fileName: string }> {
  const params = practiceListSearchParams({ ...query, page: 1 });
  const response = await authorisedFetch(`${apiUrl}/practices/csv?${params}`, {
    method: 'GET',
    headers: { Accept: 'text/csv' },
  });
  if (!response.ok) throw await PortalError.fromResponse(response);
  return {
    blob: await response.blob(),
    fileName: csvFileName(response.headers.get('content-disposition'), today),
  };
}

/** Hands a file to the browser's downloads. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
