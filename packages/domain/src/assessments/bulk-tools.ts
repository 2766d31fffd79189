import type { TAssessmentType } from '../permissions/assessment-access.ts';
import {
  BLANK_RESPONSE,
  isAnswered,
  type TChecklistItemRef,
  type TChecklistTicks,
  type TIndicatorResponseFields,
} from './indicator-response.ts';

/** The ticks with every must-have item of the indicator ticked (other ticks kept as they are). */
export function withMustHavesTicked(
  ticks: TChecklistTicks,
  items: readonly TChecklistItemRef[],
): TChecklistTicks {
  const merged: Record<string, Record<string, boolean>> = {};
  for (const [question, answers] of Object.entries(ticks)) merged[question] = { ...answers };
  for (const item of items) {
    if (!item.mustHave) continue;
    const question = String(item.question);
    merged[question] = { ...merged[question], [String(item.item)]: true };
  }
  return merged;
}

/**
 * Auto complete of one response (spec 001 §4, a bulk tool): an indicator not yet answered
 * (`isAnswered`) becomes marked complete, with compliance MET on a survey visit (a self assessment
 * has no compliance: its 'complete' is `is_marked_complete` alone), and every must-have item
 * ticked so that its banner shows done. Answered indicators are left alone: null.
 */
export function autoCompletedResponse(
  type: TAssessmentType,
  response: TIndicatorResponseFields,
  items: readonly TChecklistItemRef[],
): TIndicatorResponseFields | null {
  if (isAnswered(type, response)) return null;
  return {
    ...response,
    compliance: type === 'SURVEY_VISIT' ? 'MET' : response.compliance,
    is_marked_complete: true,
    checklists: withMustHavesTicked(response.checklists, items),
  };
}

/** Does the response differ from a blank one (what auto clear would change)? */
export function isBlankResponse(response: TIndicatorResponseFields): boolean {
  return (Object.keys(BLANK_RESPONSE) as (keyof TIndicatorResponseFields)[]).every((field) =>
    field === 'checklists'
      ? Object.keys(response.checklists).length === 0
      : response[field] === BLANK_RESPONSE[field],
  );
}
