/**
 * Putting writes made offline into the device's queue (the offline copy of an assessment): a
 * response's changed fields and checklist ticks, a comment, the user's surveyor summary. Each
 * write is labelled as the conflict and refused lists show it ("<indicator code> <field label>").
 */
import {
  offlineTarget,
  RESPONSE_FIELD_LABELS,
  SUMMARY_LABEL,
  type TIndicatorResponseFields,
  type TOfflineWrite,
} from '@portal/domain';
import { useCallback } from 'react';
import { enqueueWrite } from '../../../lib/offline/device-store.ts';
import type { TStoredResponse } from '../../assessments/index.ts';
import type { TOfflineSummary } from '../model/offline-assessment.ts';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The queue's writers for one user's assessment; `codes` names each response by its indicator's code. */
export function useQueueWrites(userId: number, assessmentId: number, codes: ReadonlyMap<number, string>) {
  const codeOf = useCallback((responseId: number) => codes.get(responseId) ?? '', [codes]);
  const labelOf = useCallback(
    (responseId: number, label: string) => `${codeOf(responseId)} ${label}`.trim(),
    [codeOf],
  );

  const queueResponse = useCallback(
    async (
      server: TStoredResponse | undefined,
      row: { id: number; indicator_id: number },
      payload: {
        set: Partial<TIndicatorResponseFields>;
        checklists: Record<string, Record<string, boolean>> | null;
      },
    ) => {
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

  return { codeOf, queueResponse, queueComment, queueSummary };
}
