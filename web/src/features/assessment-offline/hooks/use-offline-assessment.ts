import {
  offlineTarget,
  RESPONSE_FIELD_LABELS,
  SUMMARY_LABEL,
  type TIndicatorResponseFields,
  type TOfflineWrite,
} from '@portal/domain';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useClient } from 'urql';
import type { TDeviceCopy } from '../../../lib/offline/device-store.ts';
import {
  enqueueWrite,
  hasDeviceStore,
  listQueue,
  onDeviceStoreChange,
  rebaseQueued,
} from '../../../lib/offline/device-store.ts';
import { useNetworkStatus } from '../../../lib/offline/network-status.ts';
import { useServices } from '../../../lib/services.tsx';
import { ConnectionProbeQuery } from '../api/connection-probe.ts';
import {
  offlineAssessmentCopy,
  type TOfflineAssessment,
  type TOfflineComment,
  type TOfflineSummary,
} from '../model/offline-assessment.ts';
import {
  keepMine,
  keepTheirs,
  replayOfflineQueue,
  type TOfflineConflict,
  type TRefusedWrite,
} from '../model/offline-replay.ts';
import type { TStoredResponse } from '../../assessments/index.ts';

/** How often an offline screen asks whether the server answers again. */
export const CONNECTION_PROBE_MS = 5000;

/** Where the queue's sending stands, as the banner says it. */
export type TSyncState = 'idle' | 'syncing' | 'done';

export interface TOfflineAssessmentApi {
  online: boolean;
  offlineSince: Date | null;
  /** The device's copy (undefined while it is read, null when there is none). */
  copy: TDeviceCopy<TOfflineAssessment> | null | undefined;
  /** This assessment's queued writes, in order. */
  queue: readonly TOfflineWrite[];
  sync: TSyncState;
  /** How many writes the running sync sends. */
  sending: number;
  conflicts: readonly TOfflineConflict[];
  refused: readonly TRefusedWrite[];
  dismissRefused(): void;
  resolve(conflict: TOfflineConflict, choice: 'mine' | 'theirs'): Promise<void>;
  /** Sends the queue now ("Send now", back online). */
  sendNow(): Promise<void>;
  /** A response's changed fields go to the queue (offline, or while a queue waits). */
  queueResponse(
    server: TStoredResponse | undefined,
    row: { id: number; indicator_id: number },
    payload: {
      set: Partial<TIndicatorResponseFields>;
      checklists: Record<string, Record<string, boolean>> | null;
    },
  ): Promise<void>;
  queueComment(responseId: number, practiceId: number, text: string): Promise<void>;
  queueSummary(server: TOfflineSummary | null, text: string): Promise<void>;
  /** The comments of a response the device knows: the copy's, for when the server cannot be asked. */
  copyComments(responseId: number): readonly TOfflineComment[];
  /** Whether new saves must join the queue (offline, or writes of this assessment still wait). */
  mustQueue(): boolean;
  /** Indicator codes by response id (the lists' labels). */
  codeOf(responseId: number): string;
}

export const OfflineAssessmentContext = createContext<TOfflineAssessmentApi | null>(null);

/** The assessment screen's offline state, for its parts (comments, summaries); null outside it. */
export function useOfflineAssessmentContext(): TOfflineAssessmentApi | null {
  return useContext(OfflineAssessmentContext);
}

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * The assessment on the device (issue 19): its copy, its queue of writes made offline, and the
 * sending of that queue when the connection is back (`replayOfflineQueue`), with the conflicts and
 * refusals it finds. `codes` names each response by its indicator's code.
 */
export function useOfflineAssessment({
  assessmentId,
  userId,
  codes,
  serverLoaded,
  onSynced,
}: {
  assessmentId: number;
  userId: number;
  codes: ReadonlyMap<number, string>;
  /** The screen has the server's answer (the session works): the queue may go. */
  serverLoaded: boolean;
  /** The queue was sent: refresh the screen (and the copy) from the server. */
  onSynced(): void;
}): TOfflineAssessmentApi {
  const client = useClient();
  const { session } = useServices();
  const { online, offlineSince } = useNetworkStatus();
  const [copy, setCopy] = useState<TDeviceCopy<TOfflineAssessment> | null | undefined>(undefined);
  const [queue, setQueue] = useState<readonly TOfflineWrite[]>([]);
  const queueRef = useRef<readonly TOfflineWrite[]>([]);
  const [sync, setSync] = useState<TSyncState>('idle');
  const [sending, setSending] = useState(0);
  const [conflicts, setConflicts] = useState<readonly TOfflineConflict[]>([]);
  const [refused, setRefused] = useState<readonly TRefusedWrite[]>([]);
  const onlineRef = useRef(online);
  onlineRef.current = online;

  // The copy and the queue, read again whenever the device store changes (here or in another tab).
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

  // Offline because requests failed while the browser still says online (a dead Wi-Fi): ask the
  // server now and then; its first answer brings the status back (the client's exchange reports it).
  useEffect(() => {
    if (online) return;
    const timer = window.setInterval(() => {
      void client.query(ConnectionProbeQuery, {}, { requestPolicy: 'network-only' }).toPromise();
    }, CONNECTION_PROBE_MS);
    return () => window.clearInterval(timer);
  }, [online, client]);

  // Back online with writes waiting (and the server answering the screen): send them.
  const waiting = queue.length > 0;
  const held = conflicts.length > 0;
  useEffect(() => {
    if (online && serverLoaded && waiting && !held) void sendNow();
  }, [online, serverLoaded, waiting, held, sendNow]);

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

  const codeOf = useCallback((responseId: number) => codes.get(responseId) ?? '', [codes]);
  const labelOf = useCallback(
    (responseId: number, label: string) => `${codeOf(responseId)} ${label}`.trim(),
    [codeOf],
  );

  const queueResponse = useCallback<TOfflineAssessmentApi['queueResponse']>(
    async (server, row, payload) => {
      const queuedAt = new Date().toISOString();
      const base = { userId, assessmentId, responseId: row.id, indicatorId: row.indicator_id, queuedAt };
      for (const [field, value] of Object.entries(payload.set)) {
        const write: TOfflineWrite = {
          ...base,
          kind: 'response',
          field,
          target: '',
          label: labelOf(row.id, RESPONSE_FIELD_LABELS[field as keyof TIndicatorResponseFields] ?? field),
          value,
          base: server ? server[field as keyof TIndicatorResponseFields] : null,
        };
        await enqueueWrite({ ...write, target: offlineTarget(write) });
      }
      for (const [question, ticks] of Object.entries(payload.checklists ?? {})) {
        const write: TOfflineWrite = {
          ...base,
          kind: 'checklist',
          field: question,
          target: '',
          label: labelOf(row.id, `Checklist question ${question}`),
          value: ticks,
          base: server?.checklists[question] ?? {},
        };
        await enqueueWrite({ ...write, target: offlineTarget(write) });
      }
    },
    [userId, assessmentId, labelOf],
  );

  const queueComment = useCallback(
    async (responseId: number, practiceId: number, text: string) => {
      const clientKey = newKey();
      const write: TOfflineWrite = {
        userId,
        assessmentId,
        kind: 'comment',
        responseId,
        practiceId,
        clientKey,
        target: '',
        label: labelOf(responseId, 'Comment'),
        value: text,
        queuedAt: new Date().toISOString(),
      };
      await enqueueWrite({ ...write, target: offlineTarget(write) });
    },
    [userId, assessmentId, labelOf],
  );

  const queueSummary = useCallback(
    async (server: TOfflineSummary | null, text: string) => {
      const write: TOfflineWrite = {
        userId,
        assessmentId,
        kind: 'summary',
        summaryId: server?.id ?? null,
        target: '',
        label: SUMMARY_LABEL,
        value: text,
        base: server?.text ?? null,
        queuedAt: new Date().toISOString(),
      };
      await enqueueWrite({ ...write, target: offlineTarget(write) });
    },
    [userId, assessmentId],
  );

  const copyComments = useCallback(
    (responseId: number) => copy?.data.comments.filter((c) => c.indicator_response_id === responseId) ?? [],
    [copy],
  );
  // Without IndexedDB (an old browser, jsdom) there is no queue: saves fail and retry as before.
  const mustQueue = useCallback(
    () => hasDeviceStore() && (!onlineRef.current || queueRef.current.length > 0),
    [],
  );

  return useMemo(
    () => ({
      online,
      offlineSince,
      copy,
      queue,
      sync,
      sending,
      conflicts,
      refused,
      dismissRefused: () => setRefused([]),
      resolve,
      sendNow,
      queueResponse,
      queueComment,
      queueSummary,
      copyComments,
      mustQueue,
      codeOf,
    }),
    [
      online,
      offlineSince,
      copy,
      queue,
      sync,
      sending,
      conflicts,
      refused,
      resolve,
      sendNow,
      queueResponse,
      queueComment,
      queueSummary,
      copyComments,
      mustQueue,
      codeOf,
    ],
  );
}

/** A server row with the queued writes of the device laid over it (what the user last made it). */
export function overlayQueue(row: TStoredResponse, queue: readonly TOfflineWrite[]): TStoredResponse {
  let out: TStoredResponse = row;
  for (const write of queue) {
    if (write.responseId !== row.id) continue;
    if (write.kind === 'response') out = { ...out, [write.field!]: write.value };
    else if (write.kind === 'checklist')
      out = {
        ...out,
        checklists: { ...out.checklists, [write.field!]: write.value as Record<string, boolean> },
      };
  }
  return out;
}
