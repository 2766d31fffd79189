import type { PortalServices } from '../../../lib/services.tsx';

/** What a move or its undo came to: done, or refused with the service's words. */
export type TMoveOutcome = { ok: true } | { ok: false; message: string };

type Services = Pick<PortalServices, 'authorisedFetch' | 'apiUrl'>;

async function post(services: Services, path: string, body?: unknown): Promise<Response> {
  return services.authorisedFetch(`${services.apiUrl}/admin/editions/moves${path}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function refusal(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : `The request failed (HTTP ${response.status}).`;
}

/**
 * Moves one assessment along a mapping (POST /api/admin/editions/moves, the admin console's own
 * route; provider admins and QAMs): ok when it moved, else why it was refused.
 */
export async function moveAssessment(
  services: Services,
  mappingId: number,
  assessmentId: number,
): Promise<TMoveOutcome> {
  const response = await post(services, '', { mappingId, assessmentIds: [assessmentId] });
  if (!response.ok) return { ok: false, message: await refusal(response) };
  const body = (await response.json()) as { refused?: Array<{ reason: string }> };
  const refused = body.refused?.[0];
  return refused ? { ok: false, message: refused.reason } : { ok: true };
}

/** Undoes a move (POST /api/admin/editions/moves/:id/undo): refused (409) once the copy changed. */
export async function undoMove(services: Services, moveId: number): Promise<TMoveOutcome> {
  const response = await post(services, `/${moveId}/undo`);
  return response.ok ? { ok: true } : { ok: false, message: await refusal(response) };
}
