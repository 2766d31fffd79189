/**
 * The device's side of an offline assessment: its copy and its queue, read again whenever the
 * device store changes (here or in another tab); the sending of the queue (`replayOfflineQueue`)
 * with the conflicts and refusals it finds, and the user's choice on each conflict; and, while
 * offline, a probe that asks the server now and then whether it answers again.
 */
import type { TOfflineWrite } from '@portal/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient } from 'urql';
import type { TDeviceCopy } from '../../../lib/offline/device-store.ts';
import {
  hasDeviceStore,
  listQueue,
  onDeviceStoreChange,
  rebaseQueued,
} from '../../../lib/offline/device-store.ts';
import { useServices } from '../../../lib/services.tsx';
import { ConnectionProbeQuery } from '../api/connection-probe.ts';
import { offlineAssessmentCopy, type TOfflineAssessment } from '../model/offline-assessment.ts';
import {
  keepMine,
  keepTheirs,
  replayOfflineQueue,
  type TOfflineConflict,
  type TRefusedWrite,
} from '../model/offline-replay.ts';

/** How often an offline screen asks whether the server answers again. */
export const CONNECTION_PROBE_MS = 5000;

/** Where the queue's sending stands, as the banner says it. */
export type TSyncState = 'idle' | 'syncing' | 'done';

/** The user's copy of the assessment and its queued writes (`queueRef`: the latest, for callbacks). */
export function useDeviceCopy(userId: number, assessmentId: number) {
  const [copy, setCopy] = useState<TDeviceCopy<TOfflineAssessment> | null | undefined>(undefined);
  const [queue, setQueue] = useState<readonly TOfflineWrite[]>([]);
  const queueRef = useRef<readonly TOfflineWrite[]>([]);
  useEffect(() => {
    if (!hasDeviceStore()) {
      setCopy(null);
      return;
    }
    let live = true;
    const read = () => {
      void offlineAssessmentCopy(userId, assessmentId)
        .catch(() => undefined)
        .then((found) => live && setCopy(found ?? null));
      void listQueue(userId)
        .catch(() => [])
        .then((all) => {
          if (!live) return;
          const mine = all.filter((w) => w.assessmentId === assessmentId);
          queueRef.current = mine;
          setQueue(mine);
        });
    };
    read();
    const stop = onDeviceStoreChange(read);
    return () => {
      live = false;
      stop();
    };
  }, [userId, assessmentId]);
  return { copy, queue, queueRef };
}

/** Sending the queue of one user's assessment; `onSynced` refreshes the screen afterwards. */
export function useQueueSync(userId: number, assessmentId: number, onSynced: () => void) {
  const client = useClient();
  const { session } = useServices();
  const [sync, setSync] = useState<TSyncState>('idle');
  const [sending, setSending] = useState(0);
  const [conflicts, setConflicts] = useState<readonly TOfflineConflict[]>([]);
  const [refused, setRefused] = useState<readonly TRefusedWrite[]>([]);

  const running = useRef(false);
  const sendNow = useCallback(async () => {
    if (running.current || !hasDeviceStore()) return;
    const waiting = (await listQueue(userId)).filter((w) => w.assessmentId === assessmentId);
    if (waiting.length === 0) return;
    running.current = true;
    setSending(waiting.length);
    setSync('syncing');
    try {
      const outcome = await replayOfflineQueue({ client, session, userId, assessmentId });
      if (outcome.conflicts.length > 0) setConflicts(outcome.conflicts);
      if (outcome.refused.length > 0) setRefused((earlier) => [...earlier, ...outcome.refused]);
      // "All changes saved." once nothing waits (a conflict still waits for the user's choice).
      setSync(outcome.stopped === null && outcome.conflicts.length === 0 ? 'done' : 'idle');
      if (outcome.sent > 0 || outcome.refused.length > 0) onSynced();
    } catch (error) {
      console.error('Sending the offline changes failed', error);
      setSync('idle');
    } finally {
      running.current = false;
    }
  }, [client, session, userId, assessmentId, onSynced]);

  const resolve = useCallback(
    async (conflict: TOfflineConflict, choice: 'mine' | 'theirs') => {
      if (choice === 'theirs') await keepTheirs(conflict);
      else {
        try {
          const reason = await keepMine(client, conflict);
          if (reason) {
            await keepTheirs(conflict);
            setRefused((earlier) => [...earlier, { write: conflict.write, reason }]);
          }
        } catch {
          // Offline again: the write waits, now against their value (so it is not a conflict again).
          await rebaseQueued(conflict.write.seq!, conflict.theirs);
        }
      }
      setConflicts((all) => {
        const left = all.filter((c) => c !== conflict);
        if (left.length === 0) setSync('done');
        return left;
      });
      onSynced();
    },
    [client, onSynced],
  );
  const dismissRefused = useCallback(() => setRefused([]), []);
  return { sync, sending, conflicts, refused, sendNow, resolve, dismissRefused };
}

/**
 * Offline because requests failed while the browser still says online (a dead Wi-Fi): ask the
 * server now and then; its first answer brings the status back (the client's exchange reports it).
 */
export function useConnectionProbe(online: boolean) {
  const client = useClient();
  useEffect(() => {
    if (online) return;
    const timer = window.setInterval(() => {
      void client.query(ConnectionProbeQuery, {}, { requestPolicy: 'network-only' }).toPromise();
    }, CONNECTION_PROBE_MS);
    return () => window.clearInterval(timer);
  }, [online, client]);
}
