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
  type TQueueKey,
  type TWorkQueue,
  workQueueKeys,
} from '@portal/domain';
import { useEffect, useMemo } from 'react';
import { useQuery, useSubscription } from 'urql';
import type { TCurrentUser } from '../../../lib/auth/current-user.ts';
import { usePublicHolidays } from '../../../lib/business-days/use-public-holidays.ts';
import { GetBackOfficeQueueQuery } from '../api/get-back-office-queue.ts';
import { GetCertifyQueueQuery } from '../api/get-certify-queue.ts';
import { BackOfficeChangesSubscription } from '../api/subscribe-back-office-changes.ts';
import { PracticeManagerQueueSubscription } from '../api/subscribe-practice-manager-queue.ts';
import { SurveyorQueueSubscription } from '../api/subscribe-surveyor-queue.ts';
import { VisitsToPlanChangesSubscription } from '../api/subscribe-visits-to-plan-changes.ts';

/** One queue of the page: null until its first answer; the error of its live query, if any. */
export interface TQueueState {
  key: TQueueKey;
  queue: TWorkQueue | null;
  error: boolean;
}

const count = (answer: { aggregate?: { count: number } | null } | undefined) => answer?.aggregate?.count ?? 0;

/**
 * The user's work queues, live, only those of the roles the user holds (`workQueueKeys`): the
 * practice manager's and the surveyor's are each one live query of their whole selection; the
 * back office's lists are queries asked again whenever their change signals (live aggregates)
 * move, since a subscription selects one root field. Each answer goes through the domain's rules.
 */
export function useWorkQueues(user: TCurrentUser, today: string): TQueueState[] {
  // The business-day clocks: action plans, certificates (docs/decisions/evidence.md).
  const holidays = usePublicHolidays();
  const keys = workQueueKeys(user);
  const role = defaultBackOfficeRole(user.flags);
  const wants = (key: TQueueKey) => keys.includes(key);

  const pmVariables = useMemo(() => practiceManagerQueueVariables(user.id, today), [user.id, today]);
  const [pm] = useSubscription({
    query: PracticeManagerQueueSubscription,
    variables: pmVariables,
    pause: !wants('practiceManager'),
  });
  const surveyorVariables = useMemo(
    () => ({ where: surveyorQueueWhere(user.id), userId: user.id }),
    [user.id],
  );
  const [surveyor] = useSubscription({
    query: SurveyorQueueSubscription,
    variables: surveyorVariables,
    pause: !wants('surveyor'),
  });
  const where = useMemo(() => backOfficeQueueWhere(user.id, role ?? 'qam', today), [user.id, role, today]);
  const backOfficeVariables = useMemo(
    () => backOfficeQueueVariables(user.id, role ?? 'qam', today),
    [user.id, role, today],
  );
  const [backOffice, refetchBackOffice] = useQuery({
    query: GetBackOfficeQueueQuery,
    variables: backOfficeVariables,
    pause: !wants('qam'),
  });
  const certifyVariables = useMemo(
    () => ({ toCertify: where.toCertify, limit: BACK_OFFICE_QUEUE_LIMIT }),
    [where],
  );
  const [certify, refetchCertify] = useQuery({
    query: GetCertifyQueueQuery,
    variables: certifyVariables,
    pause: !wants('providerAdmin'),
  });
  const isAdmin = wants('providerAdmin');
  const changesVariables = useMemo(
    () => ({ where: { _or: [where.reviews, where.overdue, ...(isAdmin ? [where.toCertify] : [])] } }),
    [where, isAdmin],
  );
  const [changes] = useSubscription({
    query: BackOfficeChangesSubscription,
    variables: changesVariables,
    pause: !wants('qam'),
  });
  const visitsVariables = useMemo(() => ({ where: where.toPlan }), [where]);
  const [visitChanges] = useSubscription({
    query: VisitsToPlanChangesSubscription,
    variables: visitsVariables,
    pause: !wants('qam'),
  });
  // Each move of a signal (its first answer too: it may be newer than the lists) asks the lists again.
  const signal = JSON.stringify([
    changes.data?.assessments_aggregate.aggregate,
    visitChanges.data?.survey_visits_aggregate.aggregate,
  ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signal is the trigger, not an input
  useEffect(() => {
    if (!changes.data && !visitChanges.data) return;
    if (wants('qam')) refetchBackOffice({ requestPolicy: 'network-only' });
    if (isAdmin) refetchCertify({ requestPolicy: 'network-only' });
  }, [signal]);

  const pmQueue = useMemo(
    () => (pm.data ? practiceManagerQueue(pm.data.practices, today, role, holidays) : null),
    [pm.data, today, role, holidays],
  );
  const surveyorWork = useMemo(
    () => (surveyor.data ? surveyorQueue(surveyor.data.survey_visitors, today) : null),
    [surveyor.data, today],
  );
  const qamWork = useMemo(
    () =>
      backOffice.data
        ? qamQueue(
            {
              reviews: backOffice.data.reviews,
              reviewsCount: count(backOffice.data.reviewsCount),
              overdue: backOffice.data.overdue,
              overdueCount: count(backOffice.data.overdueCount),
              toPlan: backOffice.data.toPlan,
              toPlanCount: count(backOffice.data.toPlanCount),
            },
            today,
            holidays,
          )
        : null,
    [backOffice.data, today, holidays],
  );
  const certifyWork = useMemo(
    () =>
      certify.data
        ? providerAdminQueue(
            { toCertify: certify.data.toCertify, toCertifyCount: count(certify.data.toCertifyCount) },
            today,
            holidays,
          )
        : null,
    [certify.data, today, holidays],
  );
  const states: Record<TQueueKey, TQueueState> = {
    practiceManager: { key: 'practiceManager', queue: pmQueue, error: !!pm.error },
    surveyor: { key: 'surveyor', queue: surveyorWork, error: !!surveyor.error },
    qam: { key: 'qam', queue: qamWork, error: !!backOffice.error },
    providerAdmin: { key: 'providerAdmin', queue: certifyWork, error: !!certify.error },
  };
  return keys.map((key) => states[key]);
}
