import { z } from 'zod';
import {
  ACTIVITY_DESCRIPTION_MAX_LENGTH,
  ACTIVITY_RESPONSIBLE_MAX_LENGTH,
  progressColour,
} from '../constants/assessments.ts';
import { formatDisplayDate, isRecordDateInRange, isWireDate } from '../constants/dates.ts';
import { businessDaysLeft, businessDaysLeftText, type THolidays } from '../evidence/business-days.ts';
import {
  canChangeActionPlan,
  canChangeAssessmentInputs,
  type TAssessmentAccessContext,
  type TAssessmentStatus,
} from '../permissions/assessment-access.ts';
import {
  CONTROL_CHARACTER_MESSAGE,
  CONTROL_CHARACTERS,
  ONE_LINE_CONTROL_CHARACTERS,
} from '../validation/control-characters.ts';
import { ACTION_PLAN_MESSAGES } from './assessment-messages.ts';
import type { TIndicatorResponseFields } from './indicator-response.ts';

/**
 * The remediation window of the scheme: an action plan is due this many business days after the
 * decision that a survey needs further action (weekends and the national public holidays held in
 * the `public_holidays` table skipped; the database's `add_business_days` counts them).
 */
export const ACTION_PLAN_BUSINESS_DAYS = 65;

/** A response as the action plan rules read it: its indicator and the fields that matter. */
export type TActionPlanResponse = Pick<TIndicatorResponseFields, 'compliance' | 'action_plan'> & {
  indicatorId: number;
  /** The indicator's code (e.g. C1.2), for messages. */
  code: string;
};

/** Is an action plan entered? Text that is not only white space (ours: spec 001 §5 says "entered"). */
export function hasActionPlan(response: Pick<TIndicatorResponseFields, 'action_plan'>): boolean {
  return (response.action_plan ?? '').trim().length > 0;
}

/**
 * What stops 'Action required' (spec 001 §5): every indicator marked Not met must have an action
 * plan entered. The NOT_MET responses without one, in the order given; empty when it may go ahead.
 */
export function actionRequiredProblems(
  responses: readonly TActionPlanResponse[],
): Array<{ indicatorId: number; code: string }> {
  return responses
    .filter((r) => r.compliance === 'NOT_MET' && !hasActionPlan(r))
    .map((r) => ({ indicatorId: r.indicatorId, code: r.code }));
}

/** Whole calendar days from `today` to `due` (both yyyy-MM-dd): negative once it has passed. */
export function actionPlanDaysLeft(due: string, today: string): number {
  const day = (wire: string) => {
    const [y, m, d] = wire.slice(0, 10).split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d) / 86_400_000;
  };
  return Math.round(day(due) - day(today));
}

/**
 * The due date as the screen shows it, in business days counted by the one rule (`businessDaysLeft`,
 * docs/decisions/evidence.md): "Due 12/03/2027 · 41 business days left", "… · 0 business days
 * left", "… · 3 business days overdue"; the date alone until the holidays are known.
 */
export function formatActionPlanDue(due: string, today: string, holidays: THolidays | undefined): string {
  const date = `Due ${formatDisplayDate(due)}`;
  if (!holidays) return date;
  return `${date} · ${businessDaysLeftText(businessDaysLeft(today, due, holidays))}`;
}

/**
 * An activity of the action plan as the 'Add activity' form enters it (spec 001 §3). The
 * table's CHECKs say the same (`action_plan_activities_*`), so a GraphQL write that skips the form
 * is held to it too: the description multi-line without other control characters, the name
 * responsible one line, the due date within RECORD_DATE_RANGE.
 */
export const ZActionPlanActivitySchema = z.object({
  description: z
    .string({ error: ACTION_PLAN_MESSAGES.descriptionRequired })
    .trim()
    .min(1, ACTION_PLAN_MESSAGES.descriptionRequired)
    .max(ACTIVITY_DESCRIPTION_MAX_LENGTH, ACTION_PLAN_MESSAGES.descriptionTooLong)
    .refine((v) => !CONTROL_CHARACTERS.test(v), CONTROL_CHARACTER_MESSAGE),
  responsible: z
    .string()
    .trim()
    .max(ACTIVITY_RESPONSIBLE_MAX_LENGTH, ACTION_PLAN_MESSAGES.responsibleTooLong)
    .refine((v) => !ONE_LINE_CONTROL_CHARACTERS.test(v), CONTROL_CHARACTER_MESSAGE)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  dueDate: z
    .string()
    .refine((v) => v === '' || isWireDate(v), ACTION_PLAN_MESSAGES.dueDateInvalid)
    .refine(
      (v) => v === '' || !isWireDate(v) || isRecordDateInRange(v),
      ACTION_PLAN_MESSAGES.dueDateOutOfRange,
    )
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
});
export type TActionPlanActivity = z.infer<typeof ZActionPlanActivitySchema>;

/** The non-conformities of a survey and how many are closed (the summary panel's progress bar). */
export interface TNonConformityProgress {
  total: number;
  closed: number;
  referred: number;
  /** Closed of total, 0 to 100 (100 when there is none). */
  percent: number;
  colour: 'red' | 'yellow' | 'green' | 'blue';
}

/**
 * The progress bar of non-conformities closed (spec 001 §2, §9): red up to 50 %, yellow above 50
 * and below 70, green from 70; blue "while in progress", which for this bar (ours) means while
 * action is required and the plan's due date has not passed: the practice is still working, so
 * the colour gives no verdict yet.
 */
export function nonConformityProgress(
  responses: ReadonlyArray<
    Pick<TIndicatorResponseFields, 'compliance' | 'non_conformity_status' | 'refer_to_ca'>
  >,
  context: { status: TAssessmentStatus; actionPlanDue: string | null; today: string },
): TNonConformityProgress {
  const notMet = responses.filter((r) => r.compliance === 'NOT_MET');
  const closed = notMet.filter((r) => r.non_conformity_status === 'CLOSED').length;
  const referred = notMet.filter((r) => r.refer_to_ca).length;
  const percent = notMet.length === 0 ? 100 : Math.round((closed / notMet.length) * 100);
  const inProgress =
    context.status === 'ACTION_REQUIRED' &&
    (context.actionPlanDue === null || actionPlanDaysLeft(context.actionPlanDue, context.today) >= 0);
  return { total: notMet.length, closed, referred, percent, colour: progressColour(percent, inProgress) };
}

/**
 * May the user enter the action plans of a survey's Not met indicators? The reviewers, while the
 * survey is under review (`canChangeAssessmentInputs` then asks `changeSurveyUnderReview`); the
 * column is writable by the back office roles only (role `user` has no such input).
 */
export function canEnterActionPlan(context: TAssessmentAccessContext): boolean {
  return (
    context.type === 'SURVEY_VISIT' && context.status === 'UNDER_REVIEW' && canChangeAssessmentInputs(context)
  );
}

/**
 * May the user refer a non-conformity to the certification authority (`refer_to_ca`)? Whoever
 * opens and closes non-conformities while action is required (`canChangeActionPlan`: a surveyor
 * on the practice, the back office), and the back office (`changeSurveyUnderReview`) wherever it
 * may change the inputs; the trigger indicator_responses_guard holds role `user` to the first.
 */
export function canReferToCa(context: TAssessmentAccessContext): boolean {
  if (context.type !== 'SURVEY_VISIT') return false;
  if (canChangeActionPlan(context)) return true;
  return context.flags.assessment.changeSurveyUnderReview && canChangeAssessmentInputs(context);
}
