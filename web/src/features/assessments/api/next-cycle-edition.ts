import { nextCycleEditionPath, type TNextCycleEdition } from '@portal/domain';
import type { PortalServices } from '../../../lib/services.tsx';

type Services = Pick<PortalServices, 'authorisedFetch' | 'apiUrl'>;

/** The path below the API base (the domain's paths include `/api`). */
const pathOf = (practiceId: number) => nextCycleEditionPath(practiceId).replace(/^\/api/, '');

/** What the service says when it refuses, else a generic line. */
async function failure(response: Response, what: string): Promise<Error> {
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return new Error(body?.message ?? `${what}: HTTP ${response.status}`);
}

/** GET /api/practices/:id/next-cycle-edition: the open transition window and the practice's choice. */
export async function getNextCycleEdition(
  services: Services,
  practiceId: number,
): Promise<TNextCycleEdition> {
  const response = await services.authorisedFetch(`${services.apiUrl}${pathOf(practiceId)}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw await failure(response, 'The next cycle’s edition');
  return (await response.json()) as TNextCycleEdition;
}

/** PUT …/next-cycle-edition: the practice chooses an edition; answers the new state and a message. */
export async function chooseNextCycleEdition(
  services: Services,
  practiceId: number,
  editionId: number,
): Promise<TNextCycleEdition & { message: string }> {
  const response = await services.authorisedFetch(`${services.apiUrl}${pathOf(practiceId)}`, {
    method: 'PUT',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ editionId }),
  });
  if (!response.ok) throw await failure(response, 'The choice could not be saved');
  return (await response.json()) as TNextCycleEdition & { message: string };
}
