import { type TEditionChanges, ZEditionChangesSchema } from '@portal/domain';
import type { PortalServices } from '../../../lib/services.tsx';

/** Where "What changes for us" and its PDF are (issue 30). */
export const editionChangesPath = (practiceId: number, pdf = false) =>
  `/practices/${practiceId}/edition-changes${pdf ? '.pdf' : ''}`;

/** GET /api/practices/:practiceId/edition-changes, checked against its schema. */
export async function getEditionChanges(
  services: Pick<PortalServices, 'authorisedFetch' | 'apiUrl'>,
  practiceId: number,
): Promise<TEditionChanges> {
  const response = await services.authorisedFetch(`${services.apiUrl}${editionChangesPath(practiceId)}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`What changes for us: HTTP ${response.status}`);
  return ZEditionChangesSchema.parse(await response.json());
}
