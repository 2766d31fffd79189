import {
  ASSESSMENT_MESSAGES,
  assessmentButtons,
  canMove,
  derivePermissionFlags,
  hasPracticeAccess,
  needsConfidentialityAgreement,
  type TAssessmentAccessContext,
  type TAssessmentButtons,
  type TAssessmentMove,
  type TAssessmentStatus,
  type TAssessmentType,
  type TPracticeAccess,
} from '@portal/domain';
import { type SqlQuery, sql } from '../../db/sql.ts';
import { transition } from '../../db/transition.ts';
import { AppError, type ErrorCode } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { type Caller, loadPracticeAccess } from '../practices/practice-access.ts';
import { recordStatusChange } from './record-status-change.ts';

/** The assessment row and where it belongs, as the operations need it. */
export interface AssessmentRow {
  id: number;
  type: TAssessmentType;
  status: TAssessmentStatus;
  accreditation_id: number;
  survey_visit_id: number | null;
  practice_id: number;
  survey_version_id: number | null;
  /** Moved to a newer edition: read-only (docs/decisions/editions.md). */
  moved: boolean;
}

/** Who the caller is on one assessment, and what the domain lets them do there. */
export interface AssessmentForCaller {
  assessment: AssessmentRow;
  access: TPracticeAccess;
  /** The access context of every domain predicate (flags scoped to the assessment's visit). */
  context: TAssessmentAccessContext;
  /** The buttons of the actions panel (spec 001 §6), as the screen shows them to this caller. */
  buttons: TAssessmentButtons;
}

/**
 * "Has this user submitted this assessment?" as SQL: a live submission (reopening withdraws them;
 * spec 001 §4). The one place the actions ask it; the database's predicates ask the same in
 * `access_to_assessment`.
 */
export function hasSubmittedSql(assessmentId: SqlQuery | number, userId: number): SqlQuery {
  return sql`exists (select 1 from public.assessment_submissions sub
                      where sub.assessment_id = ${assessmentId} and sub.user_id = ${userId}
                        and sub.withdrawn_at is null)`;
}

/**
 * Loads an assessment for the caller (in the operation's transaction; with `lock`, the row is
 * locked FOR UPDATE so that concurrent operations on it run one after the other and each decides
 * on the status the previous one left). A missing assessment and one of a practice the caller
 * has no access to answer the same `not_found`, so ids cannot be probed. The flags come from
 * `derivePermissionFlags(access, {surveyVisitId})`; "has submitted" counts only live (not
 * withdrawn) submissions; the bulk tools are on for users with special access or with the
 * ASSESSMENT_BULK_TOOLS switch.
 */
export async function loadAssessmentForCaller(
  db: Queryable,
  caller: Caller,
  assessmentId: number,
  options: { bulkToolsSwitch: boolean; lock?: boolean },
): Promise<AssessmentForCaller> {
  const assessment = await db.maybeOne<AssessmentRow>(sql`
    select a.id, a.type, a.status, a.accreditation_id, a.survey_visit_id, acc.practice_id,
           coalesce(a.survey_version_id, acc.survey_version_id) as survey_version_id,
           a.moved_to_assessment_id is not null as moved
      from public.assessments a
      join public.accreditations acc on acc.id = a.accreditation_id
     where a.id = ${assessmentId}
     ${options.lock ? sql`for update of a` : sql``}`);
  if (!assessment) throw noSuchAssessment();
  const access = await loadPracticeAccess(db, assessment.practice_id, caller.userId, caller.backOfficeRole);
  if (!access || !hasPracticeAccess(access)) throw noSuchAssessment();
  const me = await db.one<{ has_submitted: boolean; has_special_access: boolean }>(sql`
    select ${hasSubmittedSql(assessment.id, caller.userId)} as has_submitted,
           coalesce((select u.has_special_access from public.users u where u.id = ${caller.userId}), false)
             as has_special_access`);
  const context: TAssessmentAccessContext = {
    type: assessment.type,
    status: assessment.status,
    flags: derivePermissionFlags(access, { surveyVisitId: assessment.survey_visit_id }),
    hasSubmitted: me.has_submitted,
    moved: assessment.moved,
  };
  const buttons = assessmentButtons({
    ...context,
    isSurveyVisitor:
      assessment.survey_visit_id !== null &&
      access.visitorOnSurveyVisitIds.includes(assessment.survey_visit_id),
    bulkToolsEnabled: me.has_special_access || options.bulkToolsSwitch,
    hasSpecialAccess: me.has_special_access,
  });
  return { assessment, access, context, buttons };
}

/** The one answer for an assessment that does not exist or that the caller may not see. */
export function noSuchAssessment(): AppError {
  return new AppError('not_found', { message: ASSESSMENT_MESSAGES.noSuchAssessment });
}

/** Refuses with a message of ASSESSMENT_MESSAGES unless `allowed`. */
/**
 * Refuses (`forbidden`, with `message`) a caller who must sign the confidentiality agreement of
 * this assessment first (an IN_PROGRESS survey, unsigned: spec 001 §4), the rule the screen asks.
 */
export async function requireAgreementSigned(
  tx: Queryable,
  assessment: Pick<AssessmentRow, 'id' | 'type' | 'status'>,
  userId: number,
  message: string,
): Promise<void> {
  const { signed } = await tx.one<{ signed: boolean }>(sql`
    select exists (select 1 from public.confidentiality_signs
                    where assessment_id = ${assessment.id} and user_id = ${userId}) as signed`);
  requireThat(
    !needsConfidentialityAgreement({ type: assessment.type, status: assessment.status, hasSigned: signed }),
    'forbidden',
    message,
  );
}

export function requireThat(allowed: boolean, code: ErrorCode, message?: string): void {
  if (!allowed) throw new AppError(code, message === undefined ? {} : { message });
}

/**
 * The assessment a move (`move`, behind `button`) is asked of, in the caller's transaction: locked,
 * of `type` (else `invalid_input` with `wrongType`), and the caller holding `button` whenever the
 * status allows the move, else `forbidden`. A status the move cannot start from passes here, to be
 * refused by the move itself with its own message, whoever asks. One guard for every move an
 * action makes (self assessment submit and complete, Action required, Approve, Issue certificate).
 */
export async function loadAssessmentForMove(
  tx: Queryable,
  caller: Caller,
  input: {
    assessmentId: number;
    bulkToolsSwitch: boolean;
    type: TAssessmentType;
    wrongType: string;
    move: TAssessmentMove;
    button: keyof TAssessmentButtons;
  },
): Promise<AssessmentForCaller> {
  const loaded = await loadAssessmentForCaller(tx, caller, input.assessmentId, {
    bulkToolsSwitch: input.bulkToolsSwitch,
    lock: true,
  });
  requireThat(loaded.assessment.type === input.type, 'invalid_input', input.wrongType);
  requireThat(
    !canMove(input.move, loaded.context.type, loaded.context.status) || loaded.buttons[input.button],
    'forbidden',
  );
  return loaded;
}

/**
 * A self assessment's move (submit, complete) in the caller's transaction: the guard of
 * `loadAssessmentForMove`, then the transition stamped with who and when, recorded in
 * assessment_status_changes. Answers the moved row.
 */
export async function moveSelfAssessment(
  tx: Queryable,
  caller: Caller,
  input: {
    assessmentId: number;
    bulkToolsSwitch: boolean;
    move: TAssessmentMove;
    button: keyof TAssessmentButtons;
    refused: string;
  },
) {
  const { assessment } = await loadAssessmentForMove(tx, caller, {
    ...input,
    type: 'PRESURVEY',
    wrongType: ASSESSMENT_MESSAGES.selfAssessmentOnly,
  });
  const moved = await transition(tx, {
    table: 'assessments',
    id: assessment.id,
    from: input.move.from,
    to: input.move.to,
    actor: caller.actor,
    stamp: { at: 'updated_at', by: 'last_updated_by_id' },
    notFound: ASSESSMENT_MESSAGES.noSuchAssessment,
    refused: () => ({ message: input.refused }),
  });
  await recordStatusChange(tx, moved, {
    byId: caller.userId,
    reason: null,
    detail: { action: input.button },
  });
  return { assessment, moved };
}
