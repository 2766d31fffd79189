import { ASSESSMENT_MESSAGES } from '@portal/domain';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useClient, useMutation, useQuery, useSubscription } from 'urql';
import { readFragment } from '../../../lib/graphql/graphql.ts';
import { notifyError } from '../../../lib/notify.ts';
import { AnnounceIndicatorLockMutation } from '../api/announce-indicator-lock.ts';
import { GetAssessmentQuery } from '../api/get-assessment.ts';
import { OpenAssessmentMutation } from '../api/open-assessment.ts';
import { ReleaseIndicatorLockMutation } from '../api/release-indicator-lock.ts';
import { ResponseFieldsFragment } from '../api/response-fields.ts';
import { IndicatorLocksSubscription } from '../api/subscribe-indicator-locks.ts';
import { AssessmentResponsesSubscription } from '../api/subscribe-responses.ts';
import { UpdateIndicatorResponseMutation } from '../api/update-indicator-response.ts';
import { toStoredResponse } from '../model/assessment-view.ts';
import { createResponseStore, type ResponseStore } from '../model/response-store.ts';

/** Someone else editing an indicator: their name, by response id. */
export type TLocksByResponse = ReadonlyMap<number, { userId: number; name: string }>;

/**
 * The assessment screen's data and saving (spec 001 §2, §4, §7): on open the user's own locks
 * are released (and every indicator gets a response to save to); then one query for the screen,
 * the responses and the locks live, and the response store that saves as the spec says.
 */
export function useAssessmentScreen(assessmentId: number, userId: number) {
  const client = useClient();
  const [opened, setOpened] = useState<'pending' | 'done' | 'refused'>('pending');
  const [, openAssessment] = useMutation(OpenAssessmentMutation);
  useEffect(() => {
    let live = true;
    setOpened('pending');
    void openAssessment({ assessmentId }).then((result) => {
      if (!live) return;
      const code = result.error?.graphQLErrors[0]?.extensions?.code;
      setOpened(code === 'not_found' || code === 'forbidden' ? 'refused' : 'done');
    });
    return () => {
      live = false;
    };
  }, [assessmentId, openAssessment]);

  const [query, refetchQuery] = useQuery({
    query: GetAssessmentQuery,
    variables: { id: assessmentId },
    requestPolicy: 'network-only',
    pause: opened !== 'done',
  });
  const assessment = query.data?.assessments_by_pk ?? null;
  const refetch = useCallback(() => refetchQuery({ requestPolicy: 'network-only' }), [refetchQuery]);

  const store = useMemo<ResponseStore>(
    () =>
      createResponseStore({
        async save(responseId, payload) {
          const result = await client
            .mutation(UpdateIndicatorResponseMutation, {
              id: responseId,
              set: payload.set,
              append: payload.checklists ? { checklists: payload.checklists } : {},
            })
            .toPromise();
          const row = result.data?.update_indicator_responses_by_pk;
          if (result.error || !row) throw result.error ?? new Error('the response was not saved');
          return toStoredResponse(readFragment(ResponseFieldsFragment, row));
        },
        announceLock(responseId) {
          void client
            .mutation(AnnounceIndicatorLockMutation, { assessmentId, responseId })
            .toPromise()
            .then((r) => r.error && console.error('Indicator lock failed', r.error));
        },
        releaseLock(responseId) {
          void client
            .mutation(ReleaseIndicatorLockMutation, { responseId })
            .toPromise()
            .then((r) => r.error && console.error('Indicator lock release failed', r.error));
        },
        onSaveFailed: () => notifyError(ASSESSMENT_MESSAGES.indicatorUpdateFailed),
        setTimeout: (fn, ms) => window.setTimeout(fn, ms),
        clearTimeout: (handle) => window.clearTimeout(handle as number),
      }),
    [client, assessmentId],
  );
  useEffect(() => () => store.dispose(), [store]);
  // The screen follows the outline (answers, counts); each indicator follows its own entry.
  useSyncExternalStore(store.subscribe, store.getOutlineVersion);

  // The first load, then every live change of the responses.
  useEffect(() => {
    if (assessment) {
      store.receive(
        assessment.indicator_responses.map((r) => toStoredResponse(readFragment(ResponseFieldsFragment, r))),
      );
    }
  }, [assessment, store]);
  const [live] = useSubscription({
    query: AssessmentResponsesSubscription,
    variables: { assessmentId },
    pause: !assessment,
  });
  useEffect(() => {
    const rows = live.data?.indicator_responses;
    if (rows) store.receive(rows.map((r) => toStoredResponse(readFragment(ResponseFieldsFragment, r))));
  }, [live.data, store]);

  const [lockResult] = useSubscription({
    query: IndicatorLocksSubscription,
    variables: { assessmentId },
    pause: !assessment,
  });
  const locks = useMemo<TLocksByResponse>(() => {
    const map = new Map<number, { userId: number; name: string }>();
    for (const lock of lockResult.data?.indicator_locks ?? []) {
      if (lock.user_id === userId) continue;
      const name = lock.user ? `${lock.user.first_name} ${lock.user.last_name}`.trim() : 'Someone';
      map.set(lock.indicator_response_id, { userId: lock.user_id, name });
    }
    return map;
  }, [lockResult.data, userId]);

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
    loading: opened === 'pending' || (query.fetching && !assessment),
    missing: opened === 'refused' || (!query.fetching && query.data !== undefined && assessment === null),
    error: query.error,
    refetch,
    store,
    locks,
  };
}
