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
import {
  AddCommentMutation,
  GetAssessmentQuery,
  InsertGeneralCommentMutation,
  ResponseFieldsFragment,
  type TStoredResponse,
  toStoredResponse,
  UpdateGeneralCommentMutation,
  UpdateIndicatorResponseMutation,
} from '../../assessments/index.ts';
import { isNetworkFailure } from '../../practices/index.ts';
import { GetAssessmentCommentsQuery } from '../api/get-assessment-comments.ts';
import { GetResponsesQuery } from '../api/get-responses.ts';
import { GetSurveyorSummariesQuery } from '../api/get-surveyor-summaries.ts';
import type { TOfflineComment, TOfflineSummary } from './offline-assessment.ts';

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
 * Sends the user's queued writes of one assessment, in order, with the same
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

/** An answer's data; a network failure stops the replay (the rest waits), another error is thrown. */
async function ask<T>(promise: Promise<{ data?: T; error?: CombinedError }>): Promise<T> {
  const result = await promise;
  if (result.error && isNetworkFailure(result.error)) throw new Offline();
  if (!result.data) throw result.error ?? new Error('no answer');
  return result.data;
}

/**
 * The session first: a token is refreshed through the refresh cookie; a refused refresh ends the
 * session. Why the replay stops, or null when it may go on.
 */
async function sessionStop(session: Session): Promise<TReplayOutcome['stopped']> {
  try {
    const token = await session.freshToken();
    if (token === null) {
      session.expire();
      return 'signedOut';
    }
  } catch (error) {
    if (isNetworkError(error)) return 'offline';
    throw error;
  }
  return null;
}

/** The server's rows the queue writes to, read once before the first write (comments, summaries only when queued). */
async function readServerState(client: Client, assessmentId: number, queue: readonly TOfflineWrite[]) {
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
  const comments: readonly TOfflineComment[] = needs('comment')
    ? (
        await ask(
          client
            .query(GetAssessmentCommentsQuery, { assessmentId }, { requestPolicy: 'network-only' })
            .toPromise(),
        )
      ).comments
    : [];
  const summaries: readonly TOfflineSummary[] = needs('summary')
    ? (
        await ask(
          client
            .query(GetSurveyorSummariesQuery, { assessmentId }, { requestPolicy: 'network-only' })
            .toPromise(),
        )
      ).general_comments
    : [];
  return { responses, changedAt, comments, summaries };
}

/** What the replay of one write needs: the server's state, the caller, a refusal's reason. */
interface TReplayContext extends Awaited<ReturnType<typeof readServerState>> {
  client: Client;
  userId: number;
  assessmentId: number;
  /** A refusal's reason in a surveyor's words: a hidden row (no error) or the server's error. */
  refusalReason(error?: CombinedError): Promise<string>;
}

/** What replaying one queued write came to. */
type TStep =
  | { kind: 'sent' }
  | { kind: 'refused'; reason: string }
  | { kind: 'conflict'; theirs: unknown; changedAt: string | null };

const SENT: TStep = { kind: 'sent' };

/** A mutation's answer: a network failure throws; an error, or no row written, is a refusal. */
async function refusalOfAnswer(
  ctx: TReplayContext,
  result: { error?: CombinedError },
  written: boolean,
): Promise<TStep | null> {
  if (result.error && isNetworkFailure(result.error)) throw new Offline();
  if (result.error) return { kind: 'refused', reason: await ctx.refusalReason(result.error) };
  if (!written) return { kind: 'refused', reason: await ctx.refusalReason() };
  return null;
}

/** A comment, unless the server has it already (same author, indicator and text: a lost answer). */
async function replayComment(ctx: TReplayContext, write: TOfflineWrite): Promise<TStep> {
  const text = String(write.value);
  const there = ctx.comments.some(
    (c) =>
      c.created_by_id === ctx.userId && c.indicator_response_id === write.responseId && c.comment === text,
  );
  if (there) return SENT;
  const result = await ctx.client
    .mutation(AddCommentMutation, {
      practiceId: write.practiceId!,
      responseId: write.responseId!,
      comment: text,
    })
    .toPromise();
  return (await refusalOfAnswer(ctx, result, !!result.data?.insert_comments_one)) ?? SENT;
}

/** The user's surveyor summary, compared with theirs on the server now. */
async function replaySummary(ctx: TReplayContext, write: TOfflineWrite): Promise<TStep> {
  const mine = ctx.summaries.find((s) => s.user_id === ctx.userId) ?? null;
  const decision = replayDecision(write, mine?.text ?? null);
  if (decision === 'conflict') {
    return { kind: 'conflict', theirs: mine?.text ?? null, changedAt: mine?.updated_at ?? null };
  }
  if (decision !== 'write') return SENT;
  const text = String(write.value ?? '');
  const result = mine
    ? await ctx.client.mutation(UpdateGeneralCommentMutation, { id: mine.id, text }).toPromise()
    : await ctx.client
        .mutation(InsertGeneralCommentMutation, { assessmentId: ctx.assessmentId, text })
        .toPromise();
  const data = result.data as Record<string, unknown> | undefined;
  const written = !!(data?.update_general_comments_by_pk || data?.insert_general_comments_one);
  return (await refusalOfAnswer(ctx, result, written)) ?? SENT;
}

/** A response field or one checklist question, compared with the server's value now. */
async function replayResponse(ctx: TReplayContext, write: TOfflineWrite): Promise<TStep> {
  const row = ctx.responses.get(write.responseId!);
  if (!row) return { kind: 'refused', reason: await ctx.refusalReason() };
  const server =
    write.kind === 'checklist'
      ? (row.checklists[write.field!] ?? {})
      : row[write.field as keyof TIndicatorResponseFields];
  const decision = replayDecision(write, server);
  if (decision === 'conflict') {
    return { kind: 'conflict', theirs: server, changedAt: ctx.changedAt.get(row.id) ?? null };
  }
  if (decision !== 'write') return SENT;
  const result = await ctx.client
    .mutation(UpdateIndicatorResponseMutation, writeVariables(write))
    .toPromise();
  const stored = result.data?.update_indicator_responses_by_pk;
  const refused = await refusalOfAnswer(ctx, result, !!stored);
  if (refused) return refused;
  if (stored) ctx.responses.set(row.id, toStoredResponse(readFragment(ResponseFieldsFragment, stored)));
  return SENT;
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
  const stopped = await sessionStop(session);
  if (stopped) return { ...outcome, stopped };

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
  const refusalReason = async (error?: CombinedError) =>
    offlineRefusalReason({ status: await statusNow(), ...(error ? refusalOf(error) : {}) });

  try {
    const state = await readServerState(client, assessmentId, queue);
    const ctx: TReplayContext = { ...state, client, userId, assessmentId, refusalReason };
    for (const write of queue) {
      const step =
        write.kind === 'comment'
          ? await replayComment(ctx, write)
          : write.kind === 'summary'
            ? await replaySummary(ctx, write)
            : await replayResponse(ctx, write);
      if (step.kind === 'conflict') {
        outcome.conflicts.push({ write, theirs: step.theirs, changedAt: step.changedAt });
        continue;
      }
      if (step.kind === 'refused') outcome.refused.push({ write, reason: step.reason });
      else outcome.sent += 1;
      await removeQueued(write.seq!);
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
