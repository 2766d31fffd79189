import {
  ASSESSMENT_MESSAGES,
  BLANK_RESPONSE,
  canChangeAssessmentInputs,
  type TChecklistItemRef,
  type TIndicatorResponseFields,
} from '@portal/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../../db/database-unavailable.ts';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Actor, Queryable } from '../../plugins/app/db.ts';
import type { Caller } from '../practices/practice-access.ts';
import {
  type AssessmentRow,
  loadAssessmentForCaller,
  requireAgreementSigned,
  requireThat,
} from './assessment-access.ts';

/** The columns of a response the screen reads and writes: exactly the fields of BLANK_RESPONSE. */
export const RESPONSE_FIELDS = Object.keys(BLANK_RESPONSE) as (keyof TIndicatorResponseFields)[];

/** A stored response: its id, indicator and fields. */
export type StoredResponse = TIndicatorResponseFields & { id: number; indicator_id: number };

/**
 * Gives every indicator the assessment covers (its survey version's STANDARDS sets; optional
 * modules are not assessed) a response row (blank; an existing or archived one is left as it
 * is), so each has an id the screen can update and lock. Answers how many were created. Runs in
 * the caller's transaction, whose actor the guard stamps.
 */
export async function createMissingResponses(tx: Queryable, assessment: AssessmentRow): Promise<number> {
  if (assessment.survey_version_id === null) return 0;
  const created = await tx.many<{ id: number }>(sql`
    insert into public.indicator_responses (assessment_id, indicator_id)
    select ${assessment.id}, i.id
      from public.indicators i
      join public.indicator_sets s on s.id = i.indicator_set_id
     where s.survey_version_id = ${assessment.survey_version_id} and s.type = 'STANDARDS'
     order by s.sort_order, s.id, i.sort_order, i.id
    on conflict (assessment_id, indicator_id) do nothing
    returning id`);
  return created.length;
}

/**
 * The live (not archived) responses of the indicators an assessment covers (STANDARDS sets),
 * locked for the rest of the transaction.
 */
export function loadResponses(tx: Queryable, assessmentId: number): Promise<StoredResponse[]> {
  return tx.many<StoredResponse>(sql`
    select r.id, r.indicator_id, ${sql.join(RESPONSE_FIELDS.map((field) => sql.ident('r', field)))}
      from public.indicator_responses r
      join public.indicators i on i.id = r.indicator_id
      join public.indicator_sets s on s.id = i.indicator_set_id and s.type = 'STANDARDS'
     where r.assessment_id = ${assessmentId} and not r.archived
     order by r.id
       for update of r`);
}

/** The checklist items of the assessment's indicators, by indicator id. */
export async function loadChecklistItems(
  tx: Queryable,
  assessment: AssessmentRow,
): Promise<Map<number, TChecklistItemRef[]>> {
  const rows = await tx.many<{
    indicator_id: number;
    question: number;
    item: number;
    must_have: boolean;
  }>(sql`
    select c.indicator_id, c.question_number as question, ci.item_number as item, ci.must_have
      from public.checklists c
      join public.checklist_items ci on ci.checklist_id = c.id
      join public.indicators i on i.id = c.indicator_id
      join public.indicator_sets s on s.id = i.indicator_set_id
     where s.survey_version_id = ${assessment.survey_version_id}`);
  const byIndicator = new Map<number, TChecklistItemRef[]>();
  for (const row of rows) {
    const items = byIndicator.get(row.indicator_id) ?? [];
    items.push({ question: row.question, item: row.item, mustHave: row.must_have });
    byIndicator.set(row.indicator_id, items);
  }
  return byIndicator;
}

/** Stamps who last changed the assessment (the trigger stamps updated_at). */
export async function touchAssessment(tx: Queryable, assessmentId: number, actor: Actor): Promise<void> {
  await tx.many(sql`
    update public.assessments set last_updated_by_id = ${actor.userId}, updated_at = now()
     where id = ${assessmentId}`);
}

/**
 * A bulk tool failed part-way: its transaction has rolled back, so nothing changed. Refusals
 * (AppError) and an unreachable database keep their answers; anything else is logged in full and
 * answered with the spec's 'Failed updating all indicators' (`operation_failed`, so the message
 * reaches the screen through the engine).
 */
/**
 * A bulk tool (spec 001 §4 Auto complete, Auto clear) in one transaction: the assessment locked,
 * the caller holding the tool's button and allowed to change the inputs, then `work`; any
 * failure that is not a refusal becomes 'Failed updating all indicators' and nothing is kept.
 */
export async function runBulkTool<T>(
  app: Pick<FastifyInstance, 'db' | 'config' | 'log'>,
  caller: Caller,
  input: { assessmentId: number; button: 'autoComplete' | 'autoClear' },
  work: (tx: Queryable, assessment: AssessmentRow) => Promise<T>,
): Promise<T> {
  try {
    return await app.db.transaction(async (tx) => {
      const { assessment, context, buttons } = await loadAssessmentForCaller(tx, caller, input.assessmentId, {
        bulkToolsSwitch: app.config.assessmentBulkTools,
        lock: true,
      });
      requireThat(buttons[input.button], 'forbidden');
      requireThat(canChangeAssessmentInputs(context), 'invalid_transition', ASSESSMENT_MESSAGES.notAllowed);
      // Nobody changes an IN_PROGRESS survey's findings unsigned (spec 001 §4), a bulk tool neither.
      await requireAgreementSigned(tx, assessment, caller.userId, ASSESSMENT_MESSAGES.agreementFirst);
      return work(tx, assessment);
    }, caller.actor);
  } catch (error) {
    throw bulkFailure(error, app.log);
  }
}

export function bulkFailure(error: unknown, log: FastifyBaseLogger): unknown {
  if (error instanceof AppError || isDatabaseUnavailable(error)) return error;
  log.error({ err: error }, 'assessment bulk tool failed');
  return new AppError('operation_failed', { message: ASSESSMENT_MESSAGES.bulkUpdateFailed, cause: error });
}
