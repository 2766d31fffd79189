import type { TIndicatorResponseFields, TOfflineWrite } from '@portal/domain';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import type { TDeviceCopy } from '../../../lib/offline/device-store.ts';
import { hasDeviceStore } from '../../../lib/offline/device-store.ts';
import { useNetworkStatus } from '../../../lib/offline/network-status.ts';
import type { TStoredResponse } from '../../assessments/index.ts';
import type { TOfflineAssessment, TOfflineComment, TOfflineSummary } from '../model/offline-assessment.ts';
import type { TOfflineConflict, TRefusedWrite } from '../model/offline-replay.ts';
import { type TSyncState, useConnectionProbe, useDeviceCopy, useQueueSync } from './use-queue-sync.ts';
import { useQueueWrites } from './use-queue-writes.ts';

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

/**
 * The assessment on the device (docs/decisions/offline.md): its copy, its queue of writes made
 * offline, and the sending of that queue when the connection is back (`replayOfflineQueue`), with
 * the conflicts and refusals it finds. `codes` names each response by its indicator's code.
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
  const { online, offlineSince } = useNetworkStatus();
  const { copy, queue, queueRef } = useDeviceCopy(userId, assessmentId);
  const { sync, sending, conflicts, refused, sendNow, resolve, dismissRefused } = useQueueSync(
    userId,
    assessmentId,
    onSynced,
  );
  const { codeOf, queueResponse, queueComment, queueSummary } = useQueueWrites(userId, assessmentId, codes);
  const onlineRef = useRef(online);
  onlineRef.current = online;
  useConnectionProbe(online);

  // Back online with writes waiting (and the server answering the screen): send them.
  const waiting = queue.length > 0;
  const held = conflicts.length > 0;
  useEffect(() => {
    if (online && serverLoaded && waiting && !held) void sendNow();
  }, [online, serverLoaded, waiting, held, sendNow]);

  const copyComments = useCallback(
    (responseId: number) => copy?.data.comments.filter((c) => c.indicator_response_id === responseId) ?? [],
    [copy],
  );
  // Without IndexedDB (an old browser, jsdom) there is no queue: saves fail and retry as before.
  const mustQueue = useCallback(
    () => hasDeviceStore() && (!onlineRef.current || queueRef.current.length > 0),
    [queueRef],
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
      dismissRefused,
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
      dismissRefused,
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
