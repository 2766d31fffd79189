import {
  API_PREFIX,
  EDITIONS_ADMIN_PATH,
  type TEditionExportFormat,
  type TEditionFileProblem,
  type TEditionSummary,
} from '@portal/domain';
import { fetchFile, saveFile } from '../../../lib/download/download-file.ts';

/** The app's authorised fetch (the user's own bearer token). */
export type EditionsFetch = (url: string, init?: RequestInit) => Promise<Response>;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The editions API's address on the actions service (`apiUrl` ends in /api). */
export const editionsUrl = (apiUrl: string, rest = '') =>
  `${apiUrl}${EDITIONS_ADMIN_PATH.slice(API_PREFIX.length)}${rest}`;

/** The words of a refusal: the service's message, or a plain sentence when it gave none. */
async function refusal(response: Response): Promise<{ message: string; body: unknown }> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  const message =
    typeof body?.message === 'string'
      ? body.message
      : `The server answered ${response.status} without saying why. Try again, or ask the portal's support.`;
  return { message, body };
}

export type ListOutcome = { ok: true; editions: TEditionSummary[] } | { ok: false; message: string };

/** GET /api/admin/editions: every edition, newest first, or the refusal in words. */
export async function listEditions(fetch: EditionsFetch, apiUrl: string): Promise<ListOutcome> {
  const response = await fetch(editionsUrl(apiUrl), { headers: { accept: 'application/json' } });
  if (!response.ok) return { ok: false, message: (await refusal(response)).message };
  const body = (await response.json()) as { editions: TEditionSummary[] };
  return { ok: true, editions: body.editions };
}

export type ImportOutcome =
  | { kind: 'imported'; edition: TEditionSummary }
  | { kind: 'refused'; message: string; problems: TEditionFileProblem[]; total: number }
  | { kind: 'failed'; message: string };

/** The type an edition file is sent as, from its name: a workbook's bytes, or the file's text. */
export function editionFileType(name: string): { type: string; binary: boolean } {
  const lower = name.toLowerCase();
  if (lower.endsWith('.xlsx')) return { type: XLSX, binary: true };
  if (lower.endsWith('.json')) return { type: 'application/json', binary: false };
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return { type: 'application/yaml', binary: false };
  return { type: 'text/plain', binary: false };
}

/**
 * POST /api/admin/editions/import: the file as its text (JSON, YAML) or its bytes (a workbook).
 * A refusal lists every problem (400), or says why in one sentence (too large, not a provider admin).
 */
export async function importEditionFile(
  fetch: EditionsFetch,
  apiUrl: string,
  file: File,
): Promise<ImportOutcome> {
  const { type, binary } = editionFileType(file.name);
  const body = binary ? new Uint8Array(await file.arrayBuffer()) : await file.text();
  const response = await fetch(editionsUrl(apiUrl, '/import'), {
    method: 'POST',
    headers: { 'content-type': type, accept: 'application/json' },
    body,
  });
  if (response.status === 201)
    return { kind: 'imported', edition: (await response.json()) as TEditionSummary };
  const { message, body: answer } = await refusal(response);
  const problems = (answer as { problems?: unknown } | null)?.problems;
  if (response.status === 400 && Array.isArray(problems))
    return {
      kind: 'refused',
      message,
      problems: problems as TEditionFileProblem[],
      total: Number((answer as { total?: unknown }).total) || problems.length,
    };
  return { kind: 'failed', message };
}

export type ChangeOutcome = { ok: true; edition: TEditionSummary } | { ok: false; message: string };

/** POST /api/admin/editions/:id/publish or /retire: the edition as it now is, or the rule's words. */
export async function changeEditionStatus(
  fetch: EditionsFetch,
  apiUrl: string,
  id: number,
  change: 'publish' | 'retire',
): Promise<ChangeOutcome> {
  const response = await fetch(editionsUrl(apiUrl, `/${id}/${change}`), {
    method: 'POST',
    headers: { accept: 'application/json' },
  });
  if (response.ok) return { ok: true, edition: (await response.json()) as TEditionSummary };
  return { ok: false, message: (await refusal(response)).message };
}

/** Downloads an edition as a file (GET :id/export?format=…), named by the server. */
export async function downloadEdition(
  fetch: EditionsFetch,
  apiUrl: string,
  edition: Pick<TEditionSummary, 'id' | 'code'>,
  format: TEditionExportFormat,
): Promise<void> {
  const { blob, fileName } = await fetchFile(
    fetch,
    editionsUrl(apiUrl, `/${edition.id}/export?format=${format}`),
    `${edition.code}.edition.${format}`,
  );
  saveFile(blob, fileName);
}

/** Downloads the spreadsheet template (GET template.xlsx). */
export async function downloadTemplate(fetch: EditionsFetch, apiUrl: string): Promise<void> {
  const { blob, fileName } = await fetchFile(
    fetch,
    editionsUrl(apiUrl, '/template.xlsx'),
    'edition-template.xlsx',
    XLSX,
  );
  saveFile(blob, fileName);
}
