import { type PracticeListQuery, practiceListSearchParams } from '@portal/domain';
import { fetchFile } from '../../../lib/download/download-file.ts';

export { saveFile } from '../../../lib/download/download-file.ts';

type AuthorisedFetch = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * `GET /api/practices/csv?<the list's URL criteria>`: the CSV of exactly the filtered list (every
 * page), with the bearer token. Returns the file and its name (the server's, else
 * practices-<yyyy-MM-dd>.csv).
 */
export function downloadPracticesCsv(
  authorisedFetch: AuthorisedFetch,
  apiUrl: string,
  query: PracticeListQuery,
  today: string,
): Promise<{ blob: Blob; fileName: string }> {
  const params = practiceListSearchParams({ ...query, page: 1 });
  return fetchFile(
    authorisedFetch,
    `${apiUrl}/practices/csv?${params}`,
    `practices-${today}.csv`,
    'text/csv',
  );
}
