import type { Client, CombinedError } from '@urql/core';
import { putCopy } from '../../../lib/offline/device-store.ts';
import { GetPracticeOverviewQuery, type TPracticeOverview } from '../api/get-practice-overview.ts';
import { GetUserPermissionsQuery } from '../api/get-user-permissions.ts';

/** What the practice overview needs to open without a connection (docs/decisions/offline.md). */
export interface TOfflinePractice {
  practice: TPracticeOverview;
  permissions: NonNullable<Awaited<ReturnType<typeof loadPermissions>>['data']>['userPermissions'];
}

const loadPermissions = (client: Client, practiceId: number) =>
  client.query(GetUserPermissionsQuery, { practiceId }, { requestPolicy: 'network-only' }).toPromise();

export const offlinePracticeKey = (practiceId: number) => `practice:${practiceId}`;

/** A request that got no answer (no network), as opposed to an answer refusing it. */
export function isNetworkFailure(error: CombinedError | undefined | null): boolean {
  return !!error?.networkError && !error.response;
}

/**
 * Takes the practice's overview and the user's flags from the server and keeps them on the device
 * for this user (the assessment screen's frame when offline). Throws when either cannot be had.
 */
export async function savePracticeForOffline(
  client: Client,
  userId: number,
  practiceId: number,
): Promise<void> {
  const [overview, permissions] = await Promise.all([
    client.query(GetPracticeOverviewQuery, { id: practiceId }, { requestPolicy: 'network-only' }).toPromise(),
    loadPermissions(client, practiceId),
  ]);
  const practice = overview.data?.practices_by_pk;
  const flags = permissions.data?.userPermissions;
  if (!practice || !flags)
    throw overview.error ?? permissions.error ?? new Error('the practice could not be loaded');
  await putCopy<TOfflinePractice>(userId, offlinePracticeKey(practiceId), { practice, permissions: flags });
}
