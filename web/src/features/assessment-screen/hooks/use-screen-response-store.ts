/**
 * The response store of the assessment screen (spec 001 §2, §7): a change is saved to the server,
 * or joins the device's queue while offline (or while writes of the assessment wait) and shows as
 * saved on this device once it is there; the indicator being edited is announced as locked while
 * online. `useSaveGuards`: failed saves go again when the connection is back, and closing the tab
 * with an unsaved edit warns and flushes what it can.
 */
import { ASSESSMENT_MESSAGES } from '@portal/domain';
import { useEffect, useMemo, useRef } from 'react';
import { useClient } from 'urql';
import { readFragment } from '../../../lib/graphql/graphql.ts';
import { notifyError } from '../../../lib/notify.ts';
import { hasDeviceStore } from '../../../lib/offline/device-store.ts';
import { networkStatus } from '../../../lib/offline/network-status.ts';
import { useServices } from '../../../lib/services.tsx';
import type { useOfflineAssessment } from '../../assessment-offline/index.ts';
import {
  createResponseStore,
  markQueued,
  ResponseFieldsFragment,
  type ResponseStore,
  type TStoredResponse,
  toStoredResponse,
  UpdateIndicatorResponseMutation,
} from '../../assessments/index.ts';
import { isNetworkFailure } from '../../practices/index.ts';
import { AnnounceIndicatorLockMutation } from '../api/announce-indicator-lock.ts';
import { ReleaseIndicatorLockMutation } from '../api/release-indicator-lock.ts';

/**
 * The store of one assessment. `serverRows` (the server's rows as last known, by response id) and
 * `indicatorOf` (the indicator of each response) are the screen's; `offline` its offline state.
 */
export function useScreenResponseStore(
  assessmentId: number,
  offline: { readonly current: ReturnType<typeof useOfflineAssessment> },
  serverRows: Map<number, TStoredResponse>,
  indicatorOf: ReadonlyMap<number, number>,
): ResponseStore {
  const client = useClient();
  const { log } = useServices();
  const storeHolder = useRef<ResponseStore | null>(null);
  const store = useMemo<ResponseStore>(
    () =>
      createResponseStore({
        async save(responseId, payload): Promise<TStoredResponse> {
          // Offline (or while writes of this assessment wait): the change goes to the device's
          // queue first, and shows as saved on this device once it is there.
          const toQueue = async (): Promise<TStoredResponse> => {
            const indicatorId = indicatorOf.get(responseId);
            const shown: TStoredResponse | undefined =
              indicatorId === undefined ? undefined : storeHolder.current?.entry(indicatorId)?.saved;
            if (!shown) throw new Error('unknown response');
            await offline.current
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
          if (offline.current.mustQueue()) return toQueue();
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
            .then((r) => r.error && log('error', 'Indicator lock failed', { responseId, error: r.error }));
        },
        releaseLock(responseId) {
          if (!networkStatus.get().online) return;
          void client
            .mutation(ReleaseIndicatorLockMutation, { responseId })
            .toPromise()
            .then(
              (r) => r.error && log('error', 'Indicator lock release failed', { responseId, error: r.error }),
            );
        },
        onSaveFailed: () => notifyError(ASSESSMENT_MESSAGES.indicatorUpdateFailed),
        setTimeout: (fn, ms) => window.setTimeout(fn, ms),
        clearTimeout: (handle) => window.clearTimeout(handle as number),
      }),
    [client, assessmentId, serverRows, indicatorOf, offline, log],
  );
  storeHolder.current = store;
  useEffect(() => () => store.dispose(), [store]);
  return store;
}

/** Failed saves go again once back online; closing the tab with an unsaved edit warns. */
export function useSaveGuards(store: ResponseStore) {
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
}
