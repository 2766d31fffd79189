import { ASSESSMENT_MESSAGES } from '@portal/domain';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useClient, useMutation, useQuery, useSubscription } from 'urql';
import { readFragment } from '../../../lib/graphql/graphql.ts';
import { notifyError } from '../../../lib/notify.ts';
import { hasDeviceStore } from '../../../lib/offline/device-store.ts';
import { networkStatus, useNetworkStatus } from '../../../lib/offline/network-status.ts';
import { useServices } from '../../../lib/services.tsx';
import { isNetworkError } from '../../../lib/urql/auth-exchange.ts';
import { isNetworkFailure } from '../../practices/index.ts';
import { AnnounceIndicatorLockMutation } from '../api/announce-indicator-lock.ts';
import { GetAssessmentQuery, OpenAssessmentMutation, ResponseFieldsFragment, type ResponseStore, type TAssessmentData, type TStoredResponse, UpdateIndicatorResponseMutation, createResponseStore, markQueued, toStoredResponse } from '../../assessments/index.ts';
import { ReleaseIndicatorLockMutation } from '../api/release-indicator-lock.ts';
import { IndicatorLocksSubscription } from '../api/subscribe-indicator-locks.ts';
import { AssessmentResponsesSubscription } from '../api/subscribe-responses.ts';
import { keepAssessmentCopy, overlayQueue, useOfflineAssessment } from '../../assessment-offline/index.ts';

/** Someone else editing an indicator: their name, by response id. */
export type TLocksByResponse = ReadonlyMap<number, { userId: number; name: string }>;

/**
 * The assessment screen's data and saving (spec 001 §2, §4, §7): on open the user's own locks
 * are released (and every indicator gets a response to save to); then one query for the screen,
 * the responses and the locks live, and the response store that saves as the spec says.
 */
export function useAssessmentScreen(assessmentId: number, userId: number) {
  const client = useClient();
  const { session } = useServices();
  const { online } = useNetworkStatus();
  // 'offline': the server could not be reached; the device's copy stands in (issue 19).
  const [opened, setOpened] = useState<'pending' | 'done' | 'refused' | 'offline'>('pending');
  const [attempt, setAttempt] = useState(0);
  const [, openAssessment] = useMutation(OpenAssessmentMutation);
  useEffect(() => {
    let live = true;
    void attempt;
    // A start without a network has no access token yet: the session is renewed first (a refusal
    // ends it, → sign in; no answer means still offline).
    // (Only when reopening after an offline start: the first open goes as any request does.)
    void (attempt === 0 ? Promise.resolve('first' as const) : session.freshToken())
      .then((token) => {
        if (token === null && live) session.expire();
        return token === null ? null : openAssessment({ assessmentId });
      })
      .catch((error: unknown) => {
        if (!isNetworkError(error)) throw error;
        return 'offline' as const;
      })
      .then((result) => {
        if (!live || result === null) return;
        if (result === 'offline' || isNetworkFailure(result.error)) {
          setOpened('offline');
          return;
        }
        const code = result.error?.graphQLErrors[0]?.extensions?.code;
        setOpened(code === 'not_found' || code === 'forbidden' ? 'refused' : 'done');
      });
    return () => {
      live = false;
    };
  }, [assessmentId, openAssessment, attempt, session]);
  // Opened from the copy and the connection is back: open it from the server.
  useEffect(() => {
    if (opened === 'offline' && online) setAttempt((n) => n + 1);
  }, [opened, online]);

  const [query, refetchQuery] = useQuery({
    query: GetAssessmentQuery,
    variables: { id: assessmentId },
    requestPolicy: 'network-only',
    pause: opened !== 'done',
  });
  const serverAssessment = query.data?.assessments_by_pk ?? null;
  const cut = opened === 'offline' || (isNetworkFailure(query.error) && !serverAssessment);
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

  // Opening it online refreshes the device's copy (issue 19).
  useEffect(() => {
    if (!serverAssessment || !hasDeviceStore()) return;
    void keepAssessmentCopy(client, userId, serverAssessment).catch((error: unknown) =>
      console.warn('Could not keep the assessment on the device', error),
    );
  }, [client, userId, serverAssessment]);
  useEffect(() => {
    if (!assessment) return;
    const byIndicator = new Map<number, string>();
    for (const set of assessment.accreditation?.survey_version?.indicator_sets ?? [])
      for (const indicator of set.indicators) byIndicator.set(indicator.id, indicator.code);
    const next = new Map<number, string>();
    for (const r of assessment.indicator_responses) {
      const row = readFragment(ResponseFieldsFragment, r);
      next.set(row.id, byIndicator.get(row.indicator_id) ?? '');
    }
    setCodes(next);
  }, [assessment]);

  const storeHolder = useRef<ResponseStore | null>(null);
  const store = useMemo<ResponseStore>(
    () =>
      createResponseStore({
        async save(responseId, payload): Promise<TStoredResponse> {
          // Offline (or while writes of this assessment wait): the change goes to the device's
          // queue first, and shows as saved on this device once it is there (issue 19).
          const toQueue = async (): Promise<TStoredResponse> => {
            const indicatorId = indicatorOf.get(responseId);
            const shown: TStoredResponse | undefined =
              indicatorId === undefined ? undefined : storeHolder.current?.entry(indicatorId)?.saved;
            if (!shown) throw new Error('unknown response');
            await offlineRef.current
              .queueResponse(serverRows.get(responseId), shown, payload)
              .catch((error: unknown) => {
                console.error('Could not keep the change on the device', error);
                throw error;
              });
            return markQueued({
              ...shown,
              ...payload.set,
              checklists: { ...shown.checklists, ...(payload.checklists ?? {}) },
            });
          };
          if (offlineRef.current.mustQueue()) return toQueue();
          const result = await client
            .mutation(UpdateIndicatorResponseMutation, {
              id: responseId,
              set: payload.set,
              append: payload.checklists ? { checklists: payload.checklists } : {},
            })
            .toPromise();
          if (isNetworkFailure(result.error) && hasDeviceStore()) return toQueue();
          const row = result.data?.update_indicator_responses_by_pk;
          if (result.error || !row) throw result.error ?? new Error('the response was not saved');
          const stored = toStoredResponse(readFragment(ResponseFieldsFragment, row));
          serverRows.set(stored.id, stored);
          return stored;
        },
        announceLock(responseId) {
          // No lock is held offline (the banner says so); none is back-dated on reconnect.
          if (!networkStatus.get().online) return;
          void client
            .mutation(AnnounceIndicatorLockMutation, { assessmentId, responseId })
            .toPromise()
            .then((r) => r.error && console.error('Indicator lock failed', r.error));
        },
        releaseLock(responseId) {
          if (!networkStatus.get().online) return;
          void client
            .mutation(ReleaseIndicatorLockMutation, { responseId })
            .toPromise()
            .then((r) => r.error && console.error('Indicator lock release failed', r.error));
        },
        onSaveFailed: () => notifyError(ASSESSMENT_MESSAGES.indicatorUpdateFailed),
        setTimeout: (fn, ms) => window.setTimeout(fn, ms),
        clearTimeout: (handle) => window.clearTimeout(handle as number),
      }),
    [client, assessmentId, serverRows, indicatorOf],
  );
  storeHolder.current = store;
  useEffect(() => () => store.dispose(), [store]);

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
  // The screen follows the outline (answers, counts); each indicator follows its own entry.
  useSyncExternalStore(store.subscribe, store.getOutlineVersion);

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

  const [lockResult] = useSubscription(
    {
      query: IndicatorLocksSubscription,
      variables: { assessmentId },
      pause: !serverAssessment || !online,
    },
    (_previous, answer) => ({ ...answer }),
  );
  // The locks the subscription gave before the connection dropped are stale once it is back
  // (issue 19): none show offline, and back online only an answer given since counts.
  // (Each answer is a fresh object — the handler copies it — so "since" is told by identity.)
  const [staleLocks, setStaleLocks] = useState<typeof lockResult.data>(undefined);
  useEffect(() => {
    if (!online) setStaleLocks(lockResult.data);
  }, [online, lockResult.data]);
  const currentLocks = online && lockResult.data !== staleLocks ? lockResult.data : undefined;
  const locks = useMemo<TLocksByResponse>(() => {
    const map = new Map<number, { userId: number; name: string }>();
    for (const lock of currentLocks?.indicator_locks ?? []) {
      if (lock.user_id === userId) continue;
      const name = lock.user ? `${lock.user.first_name} ${lock.user.last_name}`.trim() : 'Someone';
      map.set(lock.indicator_response_id, { userId: lock.user_id, name });
    }
    return map;
  }, [currentLocks, userId]);

  // Back online: failed saves go again at once.
  useEffect(() => {
    const retry = () => store.retryNow();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [store]);

  // Closing the tab with an unsaved edit warns, and flushes what it can.
  const storeRef = useRef(store);
  storeRef.current = store;
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!storeRef.current.hasUnsaved()) return;
      void storeRef.current.flushAll();
      event.preventDefault();
      event.returnValue = ASSESSMENT_MESSAGES.unsavedChanges;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  return {
    opened,
    assessment,
    offline,
    /** No connection and no copy of it on this device. */
    unavailableOffline: cut && offline.copy === null,
    loading: (opened === 'pending' || (query.fetching && !assessment)) && !(cut && assessment),
    missing:
      opened === 'refused' ||
      (!query.fetching && query.data !== undefined && serverAssessment === null && !cut),
    error: cut ? undefined : query.error,
    refetch,
    store,
    locks,
  };
}
