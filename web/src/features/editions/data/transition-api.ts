import {
  API_PREFIX,
  editionTransitionPath,
  type TEditionTransitionInput,
  type TEditionTransitionView,
} from '@portal/domain';
import type { EditionsFetch } from './editions-api.ts';

/** The window's address on the actions service (`apiUrl` ends in /api). */
const transitionUrl = (apiUrl: string, editionId: number) =>
  `${apiUrl}${editionTransitionPath(editionId).slice(API_PREFIX.length)}`;

export type TransitionOutcome = { ok: true; view: TEditionTransitionView } | { ok: false; message: string };

async function outcomeOf(response: Response): Promise<TransitionOutcome> {
  if (response.ok) return { ok: true, view: (await response.json()) as TEditionTransitionView };
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return {
    ok: false,
    message:
      typeof body?.message === 'string'
        ? body.message
        : `The server answered ${response.status} without saying why. Try again, or ask the portal's support.`,
  };
}

/** GET /api/admin/editions/:id/transition: the edition's window and the current edition. */
export async function getEditionTransition(fetch: EditionsFetch, apiUrl: string, editionId: number) {
  return outcomeOf(
    await fetch(transitionUrl(apiUrl, editionId), { headers: { accept: 'application/json' } }),
  );
}

/** PUT …/transition: opens the window or moves its dates; the refusal in the rule's words. */
export async function setEditionTransition(
  fetch: EditionsFetch,
  apiUrl: string,
  editionId: number,
  dates: TEditionTransitionInput,
) {
  return outcomeOf(
    await fetch(transitionUrl(apiUrl, editionId), {
      method: 'PUT',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(dates),
    }),
  );
}
