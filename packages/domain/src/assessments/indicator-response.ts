import type { TStoredCompliance } from './assessment-labels.ts';
import type { TRiskLevel, TRiskRating } from './risk-matrix.ts';

/** Ticks of a response: per question number, then per item number (spec 001 §3). */
export type TChecklistTicks = Readonly<Record<string, Readonly<Record<string, boolean>>>>;

/** The fields of an indicator response the screen reads and writes (snake_case, as stored). */
export interface TIndicatorResponseFields {
  compliance: TStoredCompliance | null;
  is_marked_complete: boolean;
  further_action_required: boolean;
  reviewed: boolean;
  non_conformity_status: 'OPEN' | 'CLOSED';
  refer_to_ca: boolean;
  non_compliance_statement: string | null;
  non_compliance_type: string | null;
  risk_type: string | null;
  risk_likelihood: TRiskLevel | null;
  risk_impact: TRiskLevel | null;
  risk_rating: TRiskRating | null;
  observation: string | null;
  /** The action the practice must take for a NOT_MET finding, entered by the reviewer. */
  action_plan: string | null;
  checklists: TChecklistTicks;
}

/** A response as no one has touched it yet (an indicator without a stored response). */
export const BLANK_RESPONSE: TIndicatorResponseFields = {
  compliance: null,
  is_marked_complete: false,
  further_action_required: false,
  reviewed: false,
  non_conformity_status: 'OPEN',
  refer_to_ca: false,
  non_compliance_statement: null,
  non_compliance_type: null,
  risk_type: null,
  risk_likelihood: null,
  risk_impact: null,
  risk_rating: null,
  observation: null,
  action_plan: null,
  checklists: {},
};

/** One checklist item of an indicator, as the screen needs it. */
export interface TChecklistItemRef {
  question: number;
  item: number;
  mustHave: boolean;
}

/** Is this item ticked in these ticks? */
export function isTicked(ticks: TChecklistTicks, question: number, item: number): boolean {
  return ticks[String(question)]?.[String(item)] === true;
}

/** Every must-have item ticked (true when the indicator has none). */
export function mustHavesTicked(ticks: TChecklistTicks, items: readonly TChecklistItemRef[]): boolean {
  return items.every((i) => !i.mustHave || isTicked(ticks, i.question, i.item));
}

/** The non-compliance fields a NOT_MET survey indicator needs before submission (spec 001 §5). */
export const NON_COMPLIANCE_FIELDS = [
  'non_compliance_statement',
  'non_compliance_type',
  'risk_impact',
  'risk_likelihood',
  'risk_rating',
  'risk_type',
] as const satisfies readonly (keyof TIndicatorResponseFields)[];

const filled = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

/** A NOT_MET response with every non-compliance field filled in. */
export function nonComplianceComplete(response: TIndicatorResponseFields): boolean {
  return NON_COMPLIANCE_FIELDS.every((field) => filled(response[field]));
}

/**
 * Is the indicator answered? A self assessment's when marked complete or not applicable; a survey
 * visit's when it has a compliance. The same rule counts `complete` in the view assessment_counts.
 */
export function isAnswered(type: 'PRESURVEY' | 'SURVEY_VISIT', response: TIndicatorResponseFields): boolean {
  return type === 'PRESURVEY'
    ? response.is_marked_complete || response.compliance === 'NOT_APPLICABLE'
    : response.compliance !== null;
}

/**
 * The indicator's status banner (spec 001 §4): a self assessment's shows 'completed' when marked
 * complete and every must-have item is ticked; a survey's shows 'success' when MET or NOT_MET and
 * every must-have item is ticked (whether a Not met's non-compliance is filled in is the submit
 * check's business, `surveySubmitProblems`, not the banner's).
 */
export function indicatorBanner(
  type: 'PRESURVEY' | 'SURVEY_VISIT',
  response: TIndicatorResponseFields,
  items: readonly TChecklistItemRef[],
): 'completed' | 'success' | null {
  if (type === 'PRESURVEY') {
    return response.is_marked_complete && mustHavesTicked(response.checklists, items) ? 'completed' : null;
  }
  const rated = response.compliance === 'MET' || response.compliance === 'NOT_MET';
  return rated && mustHavesTicked(response.checklists, items) ? 'success' : null;
}
