import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useClient, useQuery, useSubscription } from 'urql';
import { readFragment } from '../../../lib/graphql/graphql.ts';
import { hasDeviceStore } from '../../../lib/offline/device-store.ts';
import { useNetworkStatus } from '../../../lib/offline/network-status.ts';
import { keepAssessmentCopy, overlayQueue, useOfflineAssessment } from '../../assessment-offline/index.ts';
import {
  GetAssessmentQuery,
  GetEditionStandardsQuery,
  ResponseFieldsFragment,
  type TAssessmentData,
  type TStoredResponse,
  toStoredResponse,
  withStandards,
} from '../../assessments/index.ts';
import { isNetworkFailure } from '../../practices/index.ts';
import { AssessmentResponsesSubscription } from '../api/subscribe-responses.ts';
import { useIndicatorLocks } from './use-indicator-locks.ts';
import { useOpenAssessment } from './use-open-assessment.ts';
import { useSaveGuards, useScreenResponseStore } from './use-screen-response-store.ts';

/**
 * The assessment screen's data and saving (spec 001 §2, §4, §7): on open the user's own locks
 * are released (and every indicator gets a response to save to); then the assessment's own query
 * and its edition's standards (from the cache when another assessment of the edition read them),
 * shown once both are here; the responses and the locks live, and the response store that saves
 * as the spec says.
 */
export function useAssessmentScreen(assessmentId: number, userId: number) {
  const client = useClient();
  const { online } = useNetworkStatus();
  // 'offline': the server could not be reached; the device's copy stands in.
  const opened = useOpenAssessment(assessmentId, online);

  const [query, refetchQuery] = useQuery({
    query: GetAssessmentQuery,
    variables: { id: assessmentId },
    requestPolicy: 'network-only',
    pause: opened !== 'done',
  });
  const row = query.data?.assessments_by_pk ?? null;
  const editionId = row?.survey_version_id ?? undefined;
  const [standardsQuery] = useQuery({
    query: GetEditionStandardsQuery,
    variables: { id: editionId ?? 0 },
    requestPolicy: 'cache-first',
    pause: editionId === undefined,
  });
  const standards = standardsQuery.data?.survey_versions_by_pk;
  const serverAssessment = useMemo(() => (row ? withStandards(row, standards) : null), [row, standards]);
  const queryError = query.error ?? (editionId === undefined ? undefined : standardsQuery.error);
  const cut = opened === 'offline' || (isNetworkFailure(queryError) && !serverAssessment);
  const refetch = useCallback(() => refetchQuery({ requestPolicy: 'network-only' }), [refetchQuery]);

  // The server's rows as last known (the base of an offline edit), apart from what the queue lays over them.
  const serverRows = useRef(new Map<number, TStoredResponse>()).current;
  const indicatorOf = useRef(new Map<number, number>()).current;
  const [codes, setCodes] = useState<ReadonlyMap<number, string>>(new Map());
  const offline = useOfflineAssessment({
    assessmentId,
    userId,
    codes,
    serverLoaded: serverAssessment !== null,
    onSynced: refetch,
  });
  const offlineRef = useRef(offline);
  offlineRef.current = offline;
  const assessment: TAssessmentData | null =
    serverAssessment ?? (cut ? (offline.copy?.data.assessment ?? null) : null);

  // Opening it online refreshes the device's copy.
  useEffect(() => {
    if (!serverAssessment || !hasDeviceStore()) return;
    void keepAssessmentCopy(client, userId, serverAssessment).catch((error: unknown) =>
      console.warn('Could not keep the assessment on the device', error),
    );
  }, [client, userId, serverAssessment]);
  useEffect(() => {
    if (!assessment) return;
    const byIndicator = new Map<number, string>();
    for (const set of assessment.survey_version?.indicator_sets ?? [])
      for (const indicator of set.indicators) byIndicator.set(indicator.id, indicator.code);
    const next = new Map<number, string>();
    for (const r of assessment.indicator_responses) {
      const row = readFragment(ResponseFieldsFragment, r);
      next.set(row.id, byIndicator.get(row.indicator_id) ?? '');
    }
    setCodes(next);
  }, [assessment]);

  const store = useScreenResponseStore(assessmentId, offlineRef, serverRows, indicatorOf);

  // Rows from the server (or the copy): remembered as the base, shown with the queue laid over.
  const receive = useCallback(
    (rows: readonly TStoredResponse[]) => {
      for (const row of rows) {
        serverRows.set(row.id, row);
        indicatorOf.set(row.id, row.indicator_id);
      }
      store.receive(rows.map((row) => overlayQueue(row, offlineRef.current.queue)));
    },
    [store, serverRows, indicatorOf],
  );
  // The queue changed (an edit queued, a write sent or dropped): the overlay follows.
  useEffect(() => {
    void offline.queue;
    if (serverRows.size > 0) receive([...serverRows.values()]);
  }, [offline.queue, receive, serverRows]);
  // The screen does not follow the store: each part follows the slice it shows (useResponseSelector).

  // The first load, then every live change of the responses.
  useEffect(() => {
    if (assessment) {
      receive(
        assessment.indicator_responses.map((r) => toStoredResponse(readFragment(ResponseFieldsFragment, r))),
      );
    }
  }, [assessment, receive]);
  // Live only while online: going back online subscribes afresh.
  const [live] = useSubscription({
    query: AssessmentResponsesSubscription,
    variables: { assessmentId },
    pause: !serverAssessment || !online,
  });
  useEffect(() => {
    const rows = live.data?.indicator_responses;
    if (rows) receive(rows.map((r) => toStoredResponse(readFragment(ResponseFieldsFragment, r))));
  }, [live.data, receive]);

  const locks = useIndicatorLocks(assessmentId, userId, online, !serverAssessment || !online);
  useSaveGuards(store);

  return {
    opened,
    assessment,
    offline,
    /** No connection and no copy of it on this device. */
    unavailableOffline: cut && offline.copy === null,
    loading:
      (opened === 'pending' || ((query.fetching || standardsQuery.fetching) && !assessment)) &&
      !(cut && assessment),
    missing: opened === 'refused' || (!query.fetching && query.data !== undefined && row === null && !cut),
    error: cut ? undefined : queryError,
    refetch,
    store,
    locks,
  };
}
