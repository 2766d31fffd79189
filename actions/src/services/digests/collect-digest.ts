import { randomUUID } from 'node:crypto';
import {
  BACK_OFFICE_QUEUE_LIMIT,
  backOfficeQueueVariables,
  backOfficeQueueWhere,
  defaultBackOfficeRole,
  practiceManagerQueue,
  practiceManagerQueueVariables,
  providerAdminQueue,
  qamQueue,
  surveyorQueue,
  surveyorQueueWhere,
  type TWorkQueue,
  workQueueKeys,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../accounts/get-current-user.ts';
import {
  DIGEST_BACK_OFFICE_QUEUE,
  DIGEST_CERTIFY_QUEUE,
  DIGEST_PRACTICE_MANAGER_QUEUE,
  DIGEST_PUBLIC_HOLIDAYS,
  DIGEST_SURVEYOR_QUEUE,
} from './digest-queries.ts';

type Ask = <T>(query: string, variables: Record<string, unknown>, role: string) => Promise<T>;

/**
 * Asks the engine as the user (a token signed for this run only, never handed out), so a digest
 * holds exactly what the user's Dashboard would: the same documents, the row permissions, and the
 * domain's queue rules.
 */
function askAs(app: FastifyInstance, user: CurrentUser, graphqlUrl: string): Ask {
  const { accessToken } = app.signAccessToken({
    id: user.id,
    isAdmin: user.flags.admin,
    isQam: user.flags.qam,
    sessionId: randomUUID(),
  });
  return async <T>(query: string, variables: Record<string, unknown>, role: string) => {
    const response = await fetch(graphqlUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${accessToken}`,
        'x-hasura-role': role,
      },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(30_000),
    });
    const answer = (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
    if (!response.ok || answer.errors?.length || !answer.data) {
      throw new Error(`digest query failed: ${response.status} ${answer.errors?.[0]?.message ?? ''}`);
    }
    return answer.data;
  };
}

const count = (answer: { aggregate?: { count: number } | null } | undefined) => answer?.aggregate?.count ?? 0;

/** The user's Dashboard queues on a portal day (yyyy-MM-dd), as the Dashboard builds them. */
export async function collectDigestQueues(
  app: FastifyInstance,
  user: CurrentUser,
  today: string,
  graphqlUrl: string,
): Promise<TWorkQueue[]> {
  const ask = askAs(app, user, graphqlUrl);
  const role = defaultBackOfficeRole(user.flags);
  const queues: TWorkQueue[] = [];
  // The business-day clocks (action plans, certificates) count as the Dashboard does.
  const { public_holidays } = await ask<{ public_holidays: Array<{ day: string }> }>(
    DIGEST_PUBLIC_HOLIDAYS,
    {},
    'user',
  );
  const holidays: ReadonlySet<string> = new Set(public_holidays.map((h) => h.day));
  for (const key of workQueueKeys(user)) {
    if (key === 'practiceManager') {
      const data = await ask<{ practices: Parameters<typeof practiceManagerQueue>[0] }>(
        DIGEST_PRACTICE_MANAGER_QUEUE,
        practiceManagerQueueVariables(user.id, today),
        'user',
      );
      queues.push(practiceManagerQueue(data.practices, today, role, holidays));
    } else if (key === 'surveyor') {
      const data = await ask<{ survey_visitors: Parameters<typeof surveyorQueue>[0] }>(
        DIGEST_SURVEYOR_QUEUE,
        { where: surveyorQueueWhere(user.id), userId: user.id },
        'user',
      );
      queues.push(surveyorQueue(data.survey_visitors, today));
    } else if (key === 'qam' && role) {
      type Lists = Parameters<typeof qamQueue>[0];
      const data = await ask<{
        reviews: Lists['reviews'];
        overdue: Lists['overdue'];
        toPlan: Lists['toPlan'];
        reviewsCount: { aggregate: { count: number } };
        overdueCount: { aggregate: { count: number } };
        toPlanCount: { aggregate: { count: number } };
      }>(DIGEST_BACK_OFFICE_QUEUE, backOfficeQueueVariables(user.id, role, today), role);
      queues.push(
        qamQueue(
          {
            reviews: data.reviews,
            reviewsCount: count(data.reviewsCount),
            overdue: data.overdue,
            overdueCount: count(data.overdueCount),
            toPlan: data.toPlan,
            toPlanCount: count(data.toPlanCount),
          },
          today,
          holidays,
        ),
      );
    } else if (key === 'providerAdmin') {
      type Lists = Parameters<typeof providerAdminQueue>[0];
      const data = await ask<{
        toCertify: Lists['toCertify'];
        toCertifyCount: { aggregate: { count: number } };
      }>(
        DIGEST_CERTIFY_QUEUE,
        {
          toCertify: backOfficeQueueWhere(user.id, 'provider_admin', today).toCertify,
          limit: BACK_OFFICE_QUEUE_LIMIT,
        },
        'provider_admin',
      );
      queues.push(
        providerAdminQueue(
          { toCertify: data.toCertify, toCertifyCount: count(data.toCertifyCount) },
          today,
          holidays,
        ),
      );
    }
  }
  return queues;
}
