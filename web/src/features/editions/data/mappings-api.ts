import {
  API_PREFIX,
  MAPPINGS_ADMIN_PATH,
  MOVES_ADMIN_PATH,
  type TDryRunAssessment,
  type TEditionFileProblem,
  type TMappingRow,
  type TMappingView,
  type TMoveChoices,
  type TMoveRecord,
  type TMoveResult,
} from '@portal/domain';
import { fetchFile, saveFile } from '../../../lib/download/download-file.ts';
import type { EditionsFetch } from './editions-api.ts';

/** The mappings and moves APIs' addresses on the actions service (`apiUrl` ends in /api). */
const mappingsUrl = (apiUrl: string, rest = '') =>
  `${apiUrl}${MAPPINGS_ADMIN_PATH.slice(API_PREFIX.length)}${rest}`;
const movesUrl = (apiUrl: string, rest = '') =>
  `${apiUrl}${MOVES_ADMIN_PATH.slice(API_PREFIX.length)}${rest}`;

/** A refusal: the service's words and, for a refused file or change, every problem it listed. */
export interface Refusal {
  message: string;
  problems: TEditionFileProblem[];
  total: number;
  status: number;
}

export type Outcome<T> = { ok: true; value: T } | ({ ok: false } & Refusal);

const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' };

/** Sends a request and reads its JSON answer, or the refusal in words (never throws for an answer). */
async function send<T>(fetch: EditionsFetch, url: string, init: RequestInit = {}): Promise<Outcome<T>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { accept: 'application/json', ...init.headers } });
  } catch {
    return {
      ok: false,
      message: 'The server could not be reached. Check the connection and try again.',
      problems: [],
      total: 0,
      status: 0,
    };
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok) return { ok: true, value: body as T };
  const problems = Array.isArray(body?.problems) ? (body.problems as TEditionFileProblem[]) : [];
  return {
    ok: false,
    message:
      typeof body?.message === 'string'
        ? body.message
        : `The server answered ${response.status} without saying why. Try again, or ask the portal's support.`,
    problems,
    total: Number(body?.total) || problems.length,
    status: response.status,
  };
}

/** GET …/mappings: every mapping with its coverage, newest first. */
export const listMappings = (fetch: EditionsFetch, apiUrl: string) =>
  send<{ mappings: TMappingView[] }>(fetch, mappingsUrl(apiUrl));

/** GET …/mappings/:id: the mapping as its screen shows it. */
export const getMapping = (fetch: EditionsFetch, apiUrl: string, id: number) =>
  send<TMappingView>(fetch, mappingsUrl(apiUrl, `/${id}`));

/** POST …/mappings: a new, empty mapping between two editions. */
export const createMapping = (fetch: EditionsFetch, apiUrl: string, from: number, to: number) =>
  send<TMappingView>(fetch, mappingsUrl(apiUrl), {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ from, to }),
  });

/** POST …/mappings/import: a mapping file's text; a refusal lists every problem with its line. */
export const importMapping = async (fetch: EditionsFetch, apiUrl: string, file: File) =>
  send<TMappingView>(fetch, mappingsUrl(apiUrl, '/import'), {
    method: 'POST',
    headers: {
      'content-type': file.name.toLowerCase().endsWith('.json') ? 'application/json' : 'application/yaml',
    },
    body: await file.text(),
  });

/** PATCH …/mappings/:id: rows that replace their indicators' rows, and older codes to unmap. */
export const changeMapping = (
  fetch: EditionsFetch,
  apiUrl: string,
  id: number,
  change: { set?: TMappingRow[]; unmap?: string[] },
) =>
  send<TMappingView>(fetch, mappingsUrl(apiUrl, `/${id}`), {
    method: 'PATCH',
    headers: JSON_HEADERS,
    body: JSON.stringify(change),
  });

/** Downloads a mapping as a file (GET …/mappings/:id/export?format=…), named by the server. */
export async function downloadMapping(
  fetch: EditionsFetch,
  apiUrl: string,
  mapping: Pick<TMappingView, 'id' | 'from' | 'to'>,
  format: 'json' | 'yaml',
): Promise<void> {
  const { blob, fileName } = await fetchFile(
    fetch,
    mappingsUrl(apiUrl, `/${mapping.id}/export?format=${format}`),
    `${mapping.from.code}-to-${mapping.to.code}.mapping.${format}`,
  );
  saveFile(blob, fileName);
}

/** Which assessments a move takes: exactly one way of choosing them. */
export type MoveSelection =
  | { assessmentIds: number[] }
  | { accreditationIds: number[] }
  | { networkId: number }
  | { state: string };

/** GET …/moves/choices: the assessments in progress on the mapping's older edition, networks, states. */
export const getMoveChoices = (fetch: EditionsFetch, apiUrl: string, mappingId: number) =>
  send<TMoveChoices>(fetch, movesUrl(apiUrl, `/choices?mappingId=${mappingId}`));

/** POST …/moves/dry-run: what a move would do, per assessment and indicator. Changes nothing. */
export const dryRunMove = (
  fetch: EditionsFetch,
  apiUrl: string,
  mappingId: number,
  selection: MoveSelection,
) =>
  send<{ assessments: TDryRunAssessment[] }>(fetch, movesUrl(apiUrl, '/dry-run'), {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ mappingId, ...selection }),
  });

/** POST …/moves: the move, one transaction per assessment. */
export const moveAssessments = (
  fetch: EditionsFetch,
  apiUrl: string,
  mappingId: number,
  selection: MoveSelection,
) =>
  send<TMoveResult>(fetch, movesUrl(apiUrl), {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ mappingId, ...selection }),
  });

/** GET …/moves: the recent moves (of one mapping), with whether each can still be undone. */
export const listMoves = (fetch: EditionsFetch, apiUrl: string, mappingId: number) =>
  send<{ moves: TMoveRecord[] }>(fetch, movesUrl(apiUrl, `?mappingId=${mappingId}`));

/** POST …/moves/:id/undo: 409 with the rule's words once the moved assessment was edited. */
export const undoMove = (fetch: EditionsFetch, apiUrl: string, moveId: number) =>
  send<{ assessmentId: number }>(fetch, movesUrl(apiUrl, `/${moveId}/undo`), {
    method: 'POST',
    headers: JSON_HEADERS,
    body: '{}',
  });
