import {
  offlineRefusalReason,
  replayDecision,
  sameValue,
  type TIndicatorResponseFields,
  type TOfflineWrite,
} from '@portal/domain';
import type { Client, CombinedError } from '@urql/core';
import type { Session } from '../../../lib/auth/session.ts';
import { readFragment } from '../../../lib/graphql/graphql.ts';
import { listQueue, removeQueued } from '../../../lib/offline/device-store.ts';
import { isNetworkError } from '../../../lib/urql/auth-exchange.ts';
import { isNetworkFailure } from '../../practices/index.ts';
import { AddCommentMutation, GetAssessmentQuery, InsertGeneralCommentMutation, ResponseFieldsFragment, type TStoredResponse, UpdateGeneralCommentMutation, UpdateIndicatorResponseMutation, toStoredResponse } from '../../assessments/index.ts';
import { GetAssessmentCommentsQuery } from '../api/get-assessment-comments.ts';
import { GetResponsesQuery } from '../api/get-responses.ts';
import { GetSurveyorSummariesQuery } from '../api/get-surveyor-summaries.ts';

/** A queued write someone else's change stands against: both values, for the user to choose. */
export interface TOfflineConflict {
  write: TOfflineWrite;
  theirs: unknown;
  /** When the server's value was last changed, ISO, if known. */
  changedAt: string | null;
}

/** A queued write the server refused, with its reason (the "Not saved" list). */
export interface TRefusedWrite {
  write: TOfflineWrite;
  reason: string;
}

export interface TReplayOutcome {
  /** Writes the server now holds (sent, or found already there). */
  sent: number;
  conflicts: TOfflineConflict[];
  refused: TRefusedWrite[];
  /** Why replay stopped early: no network (the rest waits), the session was refused, another tab sends. */
  stopped: 'offline' | 'signedOut' | 'busy' | null;
}

const LOCK_NAME = 'portal-offline-queue';

class Offline extends Error {}

/** The first GraphQL error's code and message, for `offlineRefusalReason`. */
function refusalOf(error: CombinedError): { code: string | null; message: string | null } {
  const first = error.graphQLErrors[0];
  const code = first?.extensions?.code;
  return { code: typeof code === 'string' ? code : null, message: first?.message ?? null };
}

/**
 * Sends the user's queued writes of one assessment (issue 19), in order, with the same
 * mutations as online saving, so every permission and guard of the server applies:
 *  1. one tab at a time (`navigator.locks`); another tab sending means `busy`;
 *  2. the session first: a token is refreshed through the refresh cookie; a refused refresh ends
 *     the session (→ sign in) and the queue stays for the same user's next sign-in;
 *  3. each field is compared with the server's value now (`replayDecision`): written when the
 *     server still holds its base, dropped when it already holds the value (exactly once: a write
 *     whose answer was lost is not written twice), held as a conflict otherwise; a comment is
 *     looked for first (same author, indicator and text) so a lost answer does not add it twice;
 *  4. a refusal (an error, or the row hidden by the guards) removes the write and lists it with
 *     the server's reason; a network failure stops, and the rest waits.
 */
export async function replayOfflineQueue(options: {
  client: Client;
  session: Session;
  userId: number;
  assessmentId: number;
}): Promise<TReplayOutcome> {
  const run = () => replayLocked(options);
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(LOCK_NAME, { ifAvailable: true }, (lock) =>
      lock ? run() : { sent: 0, conflicts: [], refused: [], stopped: 'busy' as const },
    );
  }
  return run();
}

async function replayLocked({
  client,
  session,
  userId,
  assessmentId,
}: {
  client: Client;
  session: Session;
  userId: number;
  assessmentId: number;
}): Promise<TReplayOutcome> {
  const outcome: TReplayOutcome = { sent: 0, conflicts: [], refused: [], stopped: null };
  const queue = (await listQueue(userId)).filter((w) => w.assessmentId === assessmentId);
  if (queue.length === 0) return outcome;

  try {
    const token = await session.freshToken();
    if (token === null) {
      session.expire();
      return { ...outcome, stopped: 'signedOut' };
    }
  } catch (error) {
    if (isNetworkError(error)) return { ...outcome, stopped: 'offline' };
    throw error;
  }

  const ask = async <T>(promise: Promise<{ data?: T; error?: CombinedError }>): Promise<T> => {
    const result = await promise;
    if (result.error && isNetworkFailure(result.error)) throw new Offline();
    if (!result.data) throw result.error ?? new Error('no answer');
    return result.data;
  };
  // The assessment's status now, read once when the first refusal needs it.
  let status: string | null | undefined;
  const statusNow = async () => {
    if (status !== undefined) return status;
    const data = await ask(
      client.query(GetAssessmentQuery, { id: assessmentId }, { requestPolicy: 'network-only' }).toPromise(),
    );
    status = data.assessments_by_pk?.status ?? null;
    return status;
  };
  /** A refusal's reason in a surveyor's words: a hidden row (no error) or the server's error. */
  const refusalReason = async (error?: CombinedError) =>
    offlineRefusalReason({ status: await statusNow(), ...(error ? refusalOf(error) : {}) });

  try {
    const responses = new Map<number, TStoredResponse>();
    const changedAt = new Map<number, string>();
    const rows = await ask(
      client.query(GetResponsesQuery, { assessmentId }, { requestPolicy: 'network-only' }).toPromise(),
    );
    for (const row of rows.indicator_responses) {
      const fields = readFragment(ResponseFieldsFragment, row);
      responses.set(fields.id, toStoredResponse(fields));
      changedAt.set(fields.id, fields.updated_at);
    }
    const needs = (kind: TOfflineWrite['kind']) => queue.some((w) => w.kind === kind);
    const comments = needs('comment')
      ? (
          await ask(
            client
              .query(GetAssessmentCommentsQuery, { assessmentId }, { requestPolicy: 'network-only' })
              .toPromise(),
          )
        ).comments
      : [];
    const summaries = needs('summary')
      ? (
          await ask(
            client
              .query(GetSurveyorSummariesQuery, { assessmentId }, { requestPolicy: 'network-only' })
              .toPromise(),
          )
        ).general_comments
      : [];

    for (const write of queue) {
      const seq = write.seq!;
      const refuse = async (reason: string) => {
        outcome.refused.push({ write, reason });
        await removeQueued(seq);
      };

      if (write.kind === 'comment') {
        const text = String(write.value);
        const there = comments.some(
          (c) =>
            c.created_by_id === userId && c.indicator_response_id === write.responseId && c.comment === text,
        );
        if (!there) {
          const result = await client
            .mutation(AddCommentMutation, {
              practiceId: write.practiceId!,
              responseId: write.responseId!,
              comment: text,
            })
            .toPromise();
          if (result.error && isNetworkFailure(result.error)) throw new Offline();
          if (result.error) {
            await refuse(await refusalReason(result.error));
            continue;
          }
          if (!result.data?.insert_comments_one) {
            await refuse(await refusalReason());
            continue;
          }
        }
        outcome.sent += 1;
        await removeQueued(seq);
        continue;
      }

      if (write.kind === 'summary') {
        const mine = summaries.find((s) => s.user_id === userId) ?? null;
        const decision = replayDecision(write, mine?.text ?? null);
        if (decision === 'conflict') {
          outcome.conflicts.push({ write, theirs: mine?.text ?? null, changedAt: mine?.updated_at ?? null });
          continue;
        }
        if (decision === 'write') {
          const text = String(write.value ?? '');
          const result = mine
            ? await client.mutation(UpdateGeneralCommentMutation, { id: mine.id, text }).toPromise()
            : await client.mutation(InsertGeneralCommentMutation, { assessmentId, text }).toPromise();
          if (result.error && isNetworkFailure(result.error)) throw new Offline();
          if (result.error) {
            await refuse(await refusalReason(result.error));
            continue;
          }
          const data = result.data as Record<string, unknown> | undefined;
          if (!data?.update_general_comments_by_pk && !data?.insert_general_comments_one) {
            await refuse(await refusalReason());
            continue;
          }
        }
        outcome.sent += 1;
        await removeQueued(seq);
        continue;
      }

      // A response field or one checklist question.
      const row = responses.get(write.responseId!);
      if (!row) {
        await refuse(await refusalReason());
        continue;
      }
      const server =
        write.kind === 'checklist'
          ? (row.checklists[write.field!] ?? {})
          : row[write.field as keyof TIndicatorResponseFields];
      const decision = replayDecision(write, server);
      if (decision === 'conflict') {
        outcome.conflicts.push({ write, theirs: server, changedAt: changedAt.get(row.id) ?? null });
        continue;
      }
      if (decision === 'write') {
        const result = await client
          .mutation(UpdateIndicatorResponseMutation, writeVariables(write))
          .toPromise();
        if (result.error && isNetworkFailure(result.error)) throw new Offline();
        if (result.error) {
          await refuse(await refusalReason(result.error));
          continue;
        }
        const stored = result.data?.update_indicator_responses_by_pk;
        if (!stored) {
          await refuse(await refusalReason());
          continue;
        }
        responses.set(row.id, toStoredResponse(readFragment(ResponseFieldsFragment, stored)));
      }
      outcome.sent += 1;
      await removeQueued(seq);
    }
  } catch (error) {
    if (error instanceof Offline) return { ...outcome, stopped: 'offline' };
    throw error;
  }
  return outcome;
}

/** The variables of the per-field write a queued response field or question makes. */
export function writeVariables(write: TOfflineWrite) {
  return {
    id: write.responseId!,
    set: write.kind === 'response' ? { [write.field!]: write.value } : {},
    append: write.kind === 'checklist' ? { checklists: { [write.field!]: write.value } } : {},
  };
}

/**
 * "Keep mine" on a conflict: the user's value is written over theirs now (the same mutation and
 * guards). Resolves with a refusal's reason, null when written; throws when offline.
 */
export async function keepMine(client: Client, conflict: TOfflineConflict): Promise<string | null> {
  const { write } = conflict;
  let result: { error?: CombinedError; data?: unknown };
  if (write.kind === 'summary') {
    const summaries = await client
      .query(
        GetSurveyorSummariesQuery,
        { assessmentId: write.assessmentId },
        { requestPolicy: 'network-only' },
      )
      .toPromise();
    const mine = summaries.data?.general_comments.find((s) => s.user_id === write.userId);
    const text = String(write.value ?? '');
    result = mine
      ? await client.mutation(UpdateGeneralCommentMutation, { id: mine.id, text }).toPromise()
      : await client
          .mutation(InsertGeneralCommentMutation, { assessmentId: write.assessmentId, text })
          .toPromise();
  } else {
    result = await client.mutation(UpdateIndicatorResponseMutation, writeVariables(write)).toPromise();
  }
  if (result.error && isNetworkFailure(result.error)) throw new Offline();
  if (result.error) return offlineRefusalReason({ status: null, ...refusalOf(result.error) });
  const data = result.data as Record<string, unknown> | undefined;
  if (!data || Object.values(data).every((v) => v == null)) return offlineRefusalReason(null);
  await removeQueued(write.seq!);
  return null;
}

/** "Keep theirs": the queued write is dropped, the server's value stays. */
export async function keepTheirs(conflict: TOfflineConflict): Promise<void> {
  await removeQueued(conflict.write.seq!);
}

/** Whether an error is the replay's "no network" (the rest waits). */
export const isOfflineStop = (error: unknown) => error instanceof Offline;

/** Whether a value the user sees equals another (the overlay, the lists). */
export { sameValue };
