import type { TAssessmentStatus } from '../permissions/assessment-access.ts';
import {
  isTicked,
  NON_COMPLIANCE_FIELDS,
  type TChecklistItemRef,
  type TIndicatorResponseFields,
} from './indicator-response.ts';
import { applyTicks, NO_EDIT, type TResponseEdit, type TResponseScalars } from './response-edits.ts';
import { riskRatingFor, type TRiskLevel } from './risk-matrix.ts';

/** What a surveyor does to an indicator's compliance: ticks or unticks an item, or picks a radio. */
export type TSurveyComplianceEvent =
  | { kind: 'tick'; question: number; item: number; ticked: boolean }
  /** The radios: Not met, Not applicable, or none (clear). Met is never chosen: it comes from the ticks. */
  | { kind: 'choose'; compliance: 'NOT_MET' | 'NOT_APPLICABLE' | null }
  /** Accept a proposed Met (`isMetProposed`): the ticks are there, only the compliance is missing. */
  | { kind: 'confirmMet' };

/** The confirmations of spec 001 §2 "Modals": compliance set met, compliance unset met, critical. */
export type TSurveyConfirmation = 'setMet' | 'unsetMet' | 'critical';

/**
 * What an event does: `edit` is applied at once when `confirm` is null, or only once the user
 * confirms; declining applies `NO_EDIT`, so the ticks and compliance stay exactly as they were
 * (nothing of the event reached the response).
 */
export interface TSurveyTransition {
  edit: TResponseEdit;
  confirm: TSurveyConfirmation | null;
}

/** The non-compliance input MET wipes: the statement, its type and the whole risk. */
const CLEARED_BY_MET: Partial<TResponseScalars> = Object.fromEntries(
  NON_COMPLIANCE_FIELDS.map((field) => [field, null]),
);

/** Has the response any non-compliance input (statement, type or risk)? */
export function hasNonComplianceInput(response: TIndicatorResponseFields): boolean {
  return NON_COMPLIANCE_FIELDS.some((field) => {
    const value = response[field];
    return typeof value === 'string' && value.trim().length > 0;
  });
}

/**
 * The items whose ticks decide MET: the must-haves, or every item of an indicator that has no
 * must-have (else such an indicator could never be Met, the Met radio being disabled).
 */
export function decidingItems(items: readonly TChecklistItemRef[]): readonly TChecklistItemRef[] {
  const mustHaves = items.filter((i) => i.mustHave);
  return mustHaves.length > 0 ? mustHaves : items;
}

/**
 * Met proposed: an unanswered indicator whose deciding items are all ticked. Ticks copied from the
 * last assessment (Add assessment, spec 001 §2) arrive this way: they propose Met, which the
 * surveyor confirms in one step (`confirmMet`) instead of unticking and ticking again; until then
 * the indicator has no compliance (and so blocks the survey's submission).
 */
export function isMetProposed(
  response: TIndicatorResponseFields,
  items: readonly TChecklistItemRef[],
): boolean {
  const deciding = decidingItems(items);
  return (
    response.compliance === null &&
    deciding.length > 0 &&
    deciding.every((i) => isTicked(response.checklists, i.question, i.item))
  );
}

/**
 * Compliance of a survey visit indicator from its checklist (spec 001 §4), the one place the rule
 * lives:
 * - ticking the last unticked deciding item sets MET, asking 'setMet' first when the response was
 *   NOT_MET or N/A or had non-compliance input (which MET clears);
 * - unticking a deciding item while MET sets NOT_MET after 'unsetMet';
 * - any other tick is just a tick;
 * - the radios set NOT_MET, NOT_APPLICABLE or none as they are (Met is not a radio choice);
 * - confirming a proposed Met sets MET (nothing when Met is not proposed).
 */
export function surveyComplianceTransition(
  response: TIndicatorResponseFields,
  items: readonly TChecklistItemRef[],
  event: TSurveyComplianceEvent,
): TSurveyTransition {
  if (event.kind === 'choose') {
    return { edit: { fields: { compliance: event.compliance }, ticks: {} }, confirm: null };
  }
  if (event.kind === 'confirmMet') {
    const edit = isMetProposed(response, items)
      ? { fields: { compliance: 'MET' as const }, ticks: {} }
      : NO_EDIT;
    return { edit, confirm: null };
  }
  const ticks = { [String(event.question)]: { [String(event.item)]: event.ticked } };
  const deciding = decidingItems(items);
  const decides = deciding.some((i) => i.question === event.question && i.item === event.item);
  const tickOnly: TSurveyTransition = { edit: { fields: {}, ticks }, confirm: null };
  if (!decides) return tickOnly;

  if (!event.ticked) {
    if (response.compliance !== 'MET') return tickOnly;
    return { edit: { fields: { compliance: 'NOT_MET' }, ticks }, confirm: 'unsetMet' };
  }
  const after = applyTicks(response.checklists, ticks);
  const allTicked = deciding.every((i) => isTicked(after, i.question, i.item));
  if (!allTicked || response.compliance === 'MET') return tickOnly;
  const losesInput =
    response.compliance === 'NOT_MET' ||
    response.compliance === 'NOT_APPLICABLE' ||
    hasNonComplianceInput(response);
  return {
    edit: { fields: { compliance: 'MET', ...(losesInput ? CLEARED_BY_MET : {}) }, ticks },
    confirm: losesInput ? 'setMet' : null,
  };
}

/** The edit a confirmation's answer gives: the transition's edit when confirmed, nothing when declined. */
export function resolveSurveyTransition(transition: TSurveyTransition, confirmed: boolean): TResponseEdit {
  return transition.confirm === null || confirmed ? transition.edit : NO_EDIT;
}

/**
 * A risk likelihood or impact chosen (spec 001 §4): the rating follows from the matrix once both
 * are set (and is cleared while either is not). A Critical rating reached while the assessment is
 * IN_PROGRESS asks 'critical' first (the practice will be reported to the commission).
 */
export function surveyRiskTransition(
  response: TIndicatorResponseFields,
  status: TAssessmentStatus,
  change: { risk_likelihood: TRiskLevel | null } | { risk_impact: TRiskLevel | null },
): TSurveyTransition {
  const likelihood = 'risk_likelihood' in change ? change.risk_likelihood : response.risk_likelihood;
  const impact = 'risk_impact' in change ? change.risk_impact : response.risk_impact;
  const rating = likelihood && impact ? riskRatingFor(likelihood, impact) : null;
  const edit: TResponseEdit = { fields: { ...change, risk_rating: rating }, ticks: {} };
  const critical = rating === 'CRITICAL' && response.risk_rating !== 'CRITICAL' && status === 'IN_PROGRESS';
  return { edit, confirm: critical ? 'critical' : null };
}

/** Kinds of non-compliance offered (ours: the spec names the field, not its values). */
export const NON_COMPLIANCE_TYPES = [
  'Documentation',
  'Policy',
  'Process',
  'Equipment',
  'Facilities',
  'Training',
] as const;
/** Kinds of risk offered (ours). */
export const RISK_TYPES = [
  'Clinical',
  'Infection control',
  'Patient safety',
  'Privacy',
  'Information security',
  'Organisational',
] as const;

/**
 * The words of the survey's confirmations (spec 001 §2 names the modals, not their text: ours).
 * Confirming applies the transition; Cancel (or closing) leaves the indicator as it was.
 */
export const SURVEY_CONFIRMATIONS: Record<
  TSurveyConfirmation,
  { title: string; body: string; confirmLabel: string }
> = {
  setMet: {
    title: 'Set this indicator to Met?',
    body: 'Every must-have item is now ticked, so this indicator becomes Met. Its non-compliance statement, type and risk will be lost.',
    confirmLabel: 'Set to Met',
  },
  unsetMet: {
    title: 'Set this indicator to Not met?',
    body: 'A must-have item is no longer ticked, so this indicator is no longer Met. It becomes Not met and needs a non-compliance statement and risk before you submit.',
    confirmLabel: 'Set to Not met',
  },
  critical: {
    title: 'Record a Critical risk?',
    body: 'High likelihood with high impact is a Critical risk: the practice will be reported to the commission.',
    confirmLabel: 'Record as Critical',
  },
};
