import type { TScheduledJobsAnswer } from '@portal/domain';
import { type ConsoleFetch, refusalMessage } from './console-request.ts';

export type ScheduledJobsOutcome =
  | { ok: true; answer: TScheduledJobsAnswer }
  | { ok: false; message: string };

/** GET /api/admin/jobs: the schedules, or the refusal in words (403 for anyone but a provider admin). */
export async function listScheduledJobs(
  fetch: ConsoleFetch,
  endpoint: string,
): Promise<ScheduledJobsOutcome> {
  const response = await fetch(endpoint, { headers: { accept: 'application/json' } });
  const body = (await response.json().catch(() => null)) as unknown;
  if (
    response.status === 200 &&
    body &&
    typeof body === 'object' &&
    Array.isArray((body as TScheduledJobsAnswer).jobs)
  )
    return { ok: true, answer: body as TScheduledJobsAnswer };
  return { ok: false, message: refusalMessage(response.status, body) };
}
