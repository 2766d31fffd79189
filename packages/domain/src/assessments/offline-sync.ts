import type { TAssessmentStatus } from '../permissions/assessment-access.ts';
import { assessmentStatusBadge, COMPLIANCE_LABELS } from './assessment-labels.ts';
import type { TIndicatorResponseFields } from './indicator-response.ts';

/**
 * Survey capture offline (docs/decisions/offline.md): the rules for the edits a surveyor makes
 * without a connection. Each edit waits on the device as one write, with the value the device last
 * knew from the server (its base); on reconnect each write is compared with the server's value
 * then.
 */

/** What a queued write changes. */
export type TOfflineWriteKind = 'response' | 'checklist' | 'comment' | 'summary';

/**
 * One write waiting on the device, in the order it was made. `target` names what it writes
 * (one field of one response, one checklist question, the user's summary); two writes with the
 * same target fold into one. A comment's target is unique: comments are additions.
 */
export interface TOfflineWrite {
  /** The queue's own order (IndexedDB key); absent before it is stored. */
  seq?: number;
  userId: number;
  assessmentId: number;
  kind: TOfflineWriteKind;
  target: string;
  /** "<indicator code> <field label>" (or "Surveyor summary"), as the conflict and refused lists show it. */
  label: string;
  /** The indicator response written (response, checklist, comment). */
  responseId?: number;
  indicatorId?: number;
  /** The response field, or the checklist question number. */
  field?: string;
  /** The general comment written (summary), null when the user had none. */
  summaryId?: number | null;
  /** The practice of a comment (the insert needs it). */
  practiceId?: number;
  /** What the user wants stored. */
  value: unknown;
  /** The server's value the user edited (undefined for comments: nothing to compare). */
  base?: unknown;
  /** When the user made the (first) edit, ISO. */
  queuedAt: string;
  /** A key made on the device, so a comment whose answer was lost is not added twice. */
  clientKey?: string;
}

/** Labels of the response fields as the screen shows them, for the conflict view and the "Not saved" list. */
export const RESPONSE_FIELD_LABELS: Readonly<Record<keyof TIndicatorResponseFields, string>> = {
  compliance: 'Compliance',
  is_marked_complete: 'Marked complete',
  further_action_required: 'Further action required',
  reviewed: 'Reviewed',
  non_conformity_status: 'Non-conformity status',
  refer_to_ca: 'Refer to CA',
  non_compliance_statement: 'Non-compliance statement',
  non_compliance_type: 'Non-compliance type',
  risk_type: 'Risk type',
  risk_likelihood: 'Likelihood',
  risk_impact: 'Impact',
  risk_rating: 'Risk rating',
  observation: 'Opportunities for improvement',
  action_plan: 'Action plan',
  checklists: 'Checklist',
};

export const SUMMARY_LABEL = 'Surveyor summary';

/** The fold key of a write. */
export function offlineTarget(
  write: Pick<TOfflineWrite, 'kind' | 'responseId' | 'field' | 'assessmentId' | 'clientKey'>,
): string {
  switch (write.kind) {
    case 'response':
      return `response:${write.responseId}:${write.field}`;
    case 'checklist':
      return `checklist:${write.responseId}:${write.field}`;
    case 'summary':
      return `summary:${write.assessmentId}`;
    case 'comment':
      return `comment:${write.clientKey}`;
  }
}

/** Deep equality of JSON values (field values, a checklist question's ticks); null equals undefined. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a == null || b == null) return a == null && b == null;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * A checklist question's ticks, compared as what is ticked: an item stored false and an item
 * never stored read the same.
 */
export function sameTicks(a: unknown, b: unknown): boolean {
  const ticked = (v: unknown) =>
    Object.entries((v ?? {}) as Record<string, boolean>)
      .filter(([, t]) => t === true)
      .map(([k]) => k)
      .sort()
      .join(',');
  return ticked(a) === ticked(b);
}

/**
 * A new edit on the queue: a write with the same target is folded (the latest value wins, the
 * first base stays, so a change someone else made before the first edit is still seen as a
 * conflict); otherwise it goes to the end. Returns the queue as it should be stored.
 */
export function foldOfflineWrite(queue: readonly TOfflineWrite[], write: TOfflineWrite): TOfflineWrite[] {
  const at = write.kind === 'comment' ? -1 : queue.findIndex((q) => q.target === write.target);
  if (at < 0) return [...queue, write];
  const earlier = queue[at]!;
  const next = [...queue];
  next[at] = { ...earlier, value: write.value, label: write.label };
  return next;
}

/** What replay does with a queued write, seeing the server's value now. */
export type TReplayDecision = 'write' | 'already' | 'conflict';

/**
 * The conflict rule: a field is written when the server still holds the base the user
 * edited; when the server already holds the user's value there is nothing to write (the write
 * went through before and its answer was lost, or someone made the same change); otherwise
 * someone else changed it meanwhile to something else: a conflict the user decides. Checklist
 * questions compare as what is ticked; a summary is one text; comments never conflict.
 */
export function replayDecision(write: TOfflineWrite, server: unknown): TReplayDecision {
  if (write.kind === 'comment') return 'write';
  const same = write.kind === 'checklist' ? sameTicks : sameValue;
  if (same(server, write.value)) return 'already';
  if (same(server, write.base)) return 'write';
  return 'conflict';
}

/** "3 changes waiting to be sent." */
export function pendingChangesText(count: number): string {
  if (count === 0) return 'No changes waiting to be sent.';
  return count === 1 ? '1 change waiting to be sent.' : `${count} changes waiting to be sent.`;
}

/** "Sending 3 changes…" */
export function sendingChangesText(count: number): string {
  return count === 1 ? 'Sending 1 change…' : `Sending ${count} changes…`;
}

/**
 * The banner after a sync: "All changes saved." when the server took every write, otherwise how
 * many went and how many were refused (listed under "Not saved"), never "All changes saved.".
 */
export function syncedChangesText(sent: number, refused: number): string {
  if (refused === 0) return 'All changes saved.';
  const total = Math.max(sent, refused);
  if (refused === total)
    return total === 1
      ? 'The change was not saved: see the list below.'
      : `None of the ${total} changes were saved: see the list below.`;
  const went = total === 1 ? 'Sent 1 change.' : `Sent ${total} changes.`;
  const not = refused === 1 ? '1 was' : `${refused} were`;
  return `${went} ${not} not saved: see the list below.`;
}

/** A queued value as the lists show it. */
export function offlineValueText(write: Pick<TOfflineWrite, 'kind' | 'field'>, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (write.kind === 'checklist') {
    const ticked = Object.entries(value as Record<string, boolean>)
      .filter(([, t]) => t)
      .map(([item]) => item)
      .sort((a, b) => Number(a) - Number(b));
    return ticked.length === 0 ? 'nothing ticked' : `items ${ticked.join(', ')} ticked`;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (write.kind === 'response' && write.field === 'compliance' && String(value) in COMPLIANCE_LABELS)
    return COMPLIANCE_LABELS[value as keyof typeof COMPLIANCE_LABELS];
  return String(value);
}

/** One line of the "Not saved" list: "<indicator code> <field label>: <your value> — <reason>". */
export function refusedWriteLine(write: TOfflineWrite, reason: string): string {
  return `${write.label}: ${offlineValueText(write, write.value)} — ${reason}`;
}

/** The server's error for a refused write, as far as the client read it. */
export interface TOfflineRefusal {
  /** The assessment's status now, when it could be read (null: unknown or no longer visible). */
  status: string | null;
  /** The error's code (`extensions.code`): the engine's Hasura codes, the actions' AppError codes. */
  code?: string | null;
  /** The error's message, the server's own words. */
  message?: string | null;
}

/** Said when the assessment no longer takes the surveyor's changes and its status is not known. */
export const OFFLINE_NO_LONGER_TAKES_CHANGES =
  'The assessment was submitted or its status changed, so it no longer takes changes.';
/** Said when the server refused a write for a reason it did not put in words a surveyor reads. */
export const OFFLINE_REFUSED_UNCLEAR =
  'The server did not accept this change. Enter it again, or ask the office if it keeps happening.';

/**
 * The engine's error codes (Hasura's) whose message is technical: a row rule or a check of the
 * permissions refused the write, which for a surveyor's queued write means the assessment moved
 * on (submitted, reviewed) or they are no longer one of its surveyors.
 */
const ENGINE_REFUSAL_CODES = new Set([
  'permission-error',
  'permission-denied',
  'access-denied',
  'constraint-violation',
  'constraint-error',
  'not-exists',
  'not-found',
  'validation-failed',
  'data-exception',
  'unexpected',
  'postgres-error',
]);
/** The actions' AppError codes that say the write's status no longer allows it. */
const STATUS_REFUSAL_CODES = new Set(['invalid_transition', 'forbidden', 'unauthorized']);

/**
 * Why the server refused a queued write, in words a surveyor understands: a write the
 * row rules hid (no error) or one the engine's permission check refused says the assessment no
 * longer takes changes (with its status now, when known); an actions' refusal keeps its own
 * message (an AppError's message is written for users), unless it is a status refusal; anything
 * else technical gets a plain sentence. The one rule for the "Not saved" list.
 */
export function offlineRefusalReason(refusal: TOfflineRefusal | string | null): string {
  const { status, code, message } =
    typeof refusal === 'object' && refusal !== null
      ? refusal
      : { status: refusal, code: null, message: null };
  const byStatus = () => {
    if (status === null) return OFFLINE_NO_LONGER_TAKES_CHANGES;
    const badge = assessmentStatusBadge(status as TAssessmentStatus);
    return badge === 'in progress'
      ? 'You can no longer change this assessment.'
      : `The assessment is now ${badge}: it can no longer be changed.`;
  };
  // No error at all: the row rules hid the row (the assessment moved on).
  if (!code && !message) return byStatus();
  if (code && ENGINE_REFUSAL_CODES.has(code)) return byStatus();
  if (code && STATUS_REFUSAL_CODES.has(code)) return byStatus();
  const text = (message ?? '').trim();
  // An actions' AppError (snake_case code) speaks to users: keep its words.
  if (code && /^[a-z]+(_[a-z]+)*$/.test(code) && text) return text;
  // No code: keep a message that reads as a sentence for people, not a technical one.
  if (
    !code &&
    text &&
    /^[A-Z].*[.!]$/.test(text) &&
    !/constraint|permission|graphql|sql|\$|field '/i.test(text)
  )
    return text;
  return OFFLINE_REFUSED_UNCLEAR;
}
