import { z } from 'zod';
import { CONTROL_CHARACTERS } from '../validation/control-characters.ts';
import { MESSAGES } from '../validation/messages.ts';
import type { TVisitType } from './assessment-labels.ts';
import {
  isTicked,
  NON_COMPLIANCE_FIELDS,
  type TChecklistItemRef,
  type TIndicatorResponseFields,
} from './indicator-response.ts';
import { RISK_RATING_LABELS, type TRiskRating } from './risk-matrix.ts';

/** What users read about a survey submission (spec 001 §5, §8 where it gives words; ours else). */
export const SURVEY_SUBMIT_MESSAGES = {
  /** The validation modal's title (spec 001 §2). */
  validationTitle: 'Before you can submit',
  /** Under the summary editor when the summary is missing (spec 001 §5, word for word). */
  summaryRequired: '* This field is required before submission',
  // Ours from here.
  incompleteHeading: 'Incomplete indicators',
  summaryHeading: 'Surveyor summary',
  /** Above the other problems in the summary modal opened by a refused submit. */
  alsoBeforeSubmitting: 'Also to fix before you can submit:',
  openNonConformitiesHeading: 'Open non-conformities',
  noCompliance: 'No compliance selected',
  nonComplianceMissing: (fields: readonly string[]) => `Not met needs ${fields.join(', ')}`,
  mustHavesUnticked: 'Marked Met but not every must-have item is ticked',
  checklistNotRated: 'Checklist items ticked but no compliance selected',
  summaryMissing: 'Your surveyor summary is missing',
  summaryEmpty: 'Your surveyor summary is empty',
  otherSummaryMissing: (name: string) => `${name}'s surveyor summary is missing`,
  otherSummaryEmpty: (name: string) => `${name}'s surveyor summary is empty`,
  submitRefused: 'The assessment cannot be submitted yet. Fix the listed problems and submit again.',
  partiallySubmitted:
    'Your assessment has been submitted. The other surveyors still have to submit theirs; your findings can no longer be changed.',
  submittedForReview: 'Every surveyor has submitted: the assessment is now under review.',
  alreadySubmitted: 'You have already submitted this assessment. Each surveyor submits once.',
  notAVisitor: 'Only a surveyor who accepted this survey visit can submit its assessment.',
  notSubmittable: 'This assessment is no longer being surveyed, so it cannot be submitted.',
  surveyOnly: 'This can be done on a survey visit assessment only.',
  notSigned: 'Sign the confidentiality agreement before you submit.',
  signed: 'Thank you. The assessment is open.',
  signNotAllowed:
    'Only a surveyor who accepted this survey visit, or the accreditation provider, signs its agreement.',
  signNotInProgress:
    'The confidentiality agreement is signed while the survey visit assessment is in progress.',
  added: 'The assessment has been added.',
  noSuchVisit: 'There is no such survey visit for this practice.',
  visitHasAssessment: 'This survey visit already has an assessment.',
  /** Ours: the type is not in the provider's new_assessment_types list (spec 000 §3). */
  typeNotOffered: 'This type of assessment is not offered any more: please choose another.',
  noSurveyVersion: 'The practice’s accreditation has no standards edition to assess against.',
  endBeforeStart: 'The end time must be after the start time.',
  timeFormat: 'Enter a time as HH:mm (24-hour), e.g. 08:30.',
  hoursFormat: 'Hours are a number from 0 to 999, with at most two decimals.',
  confirmRequired: 'Please confirm the hours you worked.',
} as const;

/** Labels of the non-compliance fields, as the validation modal names them. */
export const NON_COMPLIANCE_FIELD_LABELS: Record<(typeof NON_COMPLIANCE_FIELDS)[number], string> = {
  non_compliance_statement: 'non-compliance statement',
  non_compliance_type: 'non-compliance type',
  risk_impact: 'impact',
  risk_likelihood: 'likelihood',
  risk_rating: 'risk rating',
  risk_type: 'risk type',
};

/**
 * Which indicators a visit type must rate. An Accreditation survey rates every indicator (spec 001
 * §5); so do Relocation and Gap (ours: a new site or a new edition is assessed in full). A
 * Surveillance visit checks what it looked at (ours, the spec leaves the rule open: see
 * docs/decisions/assessments.md): an indicator left untouched is fine, one whose checklist was
 * started must be rated, and every rated indicator follows the same rules as an Accreditation's.
 */
export function ratesEveryIndicator(visitType: TVisitType): boolean {
  return visitType !== 'SURVEILLANCE';
}

/** One indicator of the assessment, with its response (null: none stored yet). */
export interface TSurveySubmitIndicator {
  id: number;
  code: string;
  items: readonly TChecklistItemRef[];
  response: Pick<
    TIndicatorResponseFields,
    'compliance' | 'checklists' | 'non_conformity_status' | (typeof NON_COMPLIANCE_FIELDS)[number]
  > | null;
}

export interface TSurveySubmitInput {
  visitType: TVisitType;
  indicators: readonly TSurveySubmitIndicator[];
  /** The submitting surveyor's own summary (non-archived general comment), or null when they wrote none. */
  summary: { text: string } | null;
  /**
   * Every other surveyor's summary that must be there (spec 001 §5: "missing or any has empty
   * text"): each live summary of another surveyor, and each other visitor who has submitted
   * (text null when they have none). Visitors still to submit are checked when they do.
   */
  otherSummaries?: readonly { userId: number; name: string; text: string | null }[];
}

export type TSurveySubmitProblemKind =
  | 'noCompliance'
  | 'nonComplianceMissing'
  | 'mustHavesUnticked'
  | 'checklistNotRated'
  | 'summaryMissing'
  | 'summaryEmpty'
  | 'otherSummaryMissing'
  | 'otherSummaryEmpty';

/** One reason the surveyor cannot submit yet: an indicator's (a link to it) or the summary's. */
export interface TSurveySubmitProblem {
  kind: TSurveySubmitProblemKind;
  /** The indicator to open (null for the summary). */
  indicatorId: number | null;
  code: string | null;
  message: string;
  /** nonComplianceMissing: the fields still empty. */
  fields?: readonly (typeof NON_COMPLIANCE_FIELDS)[number][];
  /** otherSummaryMissing, otherSummaryEmpty: whose summary. */
  userId?: number;
}

/** A NOT_MET indicator whose non-conformity is still OPEN (listed by the validation modal). */
export interface TOpenNonConformity {
  indicatorId: number;
  code: string;
  rating: TRiskRating | null;
  /** 'Critical', 'Major', … or null while unrated. */
  ratingLabel: string | null;
}

const filled = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

function anyTicked(response: TSurveySubmitIndicator['response'], items: readonly TChecklistItemRef[]) {
  return response !== null && items.some((i) => isTicked(response.checklists, i.question, i.item));
}

/**
 * Spec 001 §5: what stops this surveyor from submitting the survey visit assessment, indicator by
 * indicator in the order given, then the summary. Empty when they may submit. The screen lists
 * these in the 'Before you can submit' modal (each indicator problem a link to it); the action
 * submitSurveyAssessment asks the same function on the stored data and refuses with the same list.
 */
export function surveySubmitProblems(input: TSurveySubmitInput): TSurveySubmitProblem[] {
  const problems: TSurveySubmitProblem[] = [];
  const everyIndicator = ratesEveryIndicator(input.visitType);
  for (const indicator of input.indicators) {
    const { response, items } = indicator;
    const at = { indicatorId: indicator.id, code: indicator.code };
    const compliance = response?.compliance ?? null;
    if (compliance === null) {
      if (everyIndicator)
        problems.push({ kind: 'noCompliance', ...at, message: SURVEY_SUBMIT_MESSAGES.noCompliance });
      else if (anyTicked(response, items))
        problems.push({
          kind: 'checklistNotRated',
          ...at,
          message: SURVEY_SUBMIT_MESSAGES.checklistNotRated,
        });
      continue;
    }
    if (compliance === 'NOT_MET' && response) {
      const missing = NON_COMPLIANCE_FIELDS.filter((field) => !filled(response[field]));
      if (missing.length > 0)
        problems.push({
          kind: 'nonComplianceMissing',
          ...at,
          fields: missing,
          message: SURVEY_SUBMIT_MESSAGES.nonComplianceMissing(
            missing.map((f) => NON_COMPLIANCE_FIELD_LABELS[f]),
          ),
        });
    }
    if (compliance === 'MET' && response) {
      const allMustHaves = items.every(
        (i) => !i.mustHave || isTicked(response.checklists, i.question, i.item),
      );
      if (!allMustHaves)
        problems.push({
          kind: 'mustHavesUnticked',
          ...at,
          message: SURVEY_SUBMIT_MESSAGES.mustHavesUnticked,
        });
    }
  }
  if (input.summary === null)
    problems.push({
      kind: 'summaryMissing',
      indicatorId: null,
      code: null,
      message: SURVEY_SUBMIT_MESSAGES.summaryMissing,
    });
  else if (!filled(input.summary.text))
    problems.push({
      kind: 'summaryEmpty',
      indicatorId: null,
      code: null,
      message: SURVEY_SUBMIT_MESSAGES.summaryEmpty,
    });
  for (const other of input.otherSummaries ?? []) {
    if (other.text !== null && filled(other.text)) continue;
    const missing = other.text === null;
    problems.push({
      kind: missing ? 'otherSummaryMissing' : 'otherSummaryEmpty',
      indicatorId: null,
      code: null,
      userId: other.userId,
      message: (missing
        ? SURVEY_SUBMIT_MESSAGES.otherSummaryMissing
        : SURVEY_SUBMIT_MESSAGES.otherSummaryEmpty)(other.name),
    });
  }
  return problems;
}

/** The indicators with an open non-conformity (NOT_MET and OPEN), in the order given. */
export function openNonConformities(indicators: readonly TSurveySubmitIndicator[]): TOpenNonConformity[] {
  return indicators.flatMap((indicator) => {
    const r = indicator.response;
    if (r?.compliance !== 'NOT_MET' || r.non_conformity_status !== 'OPEN') return [];
    const rating = r.risk_rating ?? null;
    return [
      {
        indicatorId: indicator.id,
        code: indicator.code,
        rating,
        ratingLabel: rating ? RISK_RATING_LABELS[rating] : null,
      },
    ];
  });
}

/** Does a problem list say the summary is missing or empty (the screen then opens the summary modal)? */
export function summaryProblem(problems: readonly TSurveySubmitProblem[]): boolean {
  return problems.some((p) => p.kind === 'summaryMissing' || p.kind === 'summaryEmpty');
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const HOURS = /^\d{1,3}(\.\d{1,2})?$/;
/** Most hours a visitor reports before or after a visit (survey_visitors checks the same). */
const HOURS_MAX = 999;

const timeField = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .regex(TIME, SURVEY_SUBMIT_MESSAGES.timeFormat);
const hoursField = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .refine(
    (v) => !CONTROL_CHARACTERS.test(v) && HOURS.test(v) && Number(v) <= HOURS_MAX,
    SURVEY_SUBMIT_MESSAGES.hoursFormat,
  );

/**
 * The 'Submit for review' form of a survey visit (spec 001 §3 survey visitor form, §5): actual
 * start and end time (HH:mm, the end after the start), hours worked before and after the visit
 * (numbers only: 0 to 999 with up to two decimals, as survey_visitors stores them), and the
 * confirmation, all required. The screen's form and the action use this one schema.
 */
export const ZSurveyVisitorFormSchema = z
  .object({
    actualStartTime: timeField,
    actualEndTime: timeField,
    hoursWorkedBeforeVisit: hoursField,
    hoursWorkedAfterVisit: hoursField,
    hoursWorkedConfirmed: z.boolean({ error: SURVEY_SUBMIT_MESSAGES.confirmRequired }).refine((v) => v, {
      message: SURVEY_SUBMIT_MESSAGES.confirmRequired,
    }),
  })
  .superRefine((form, ctx) => {
    if (
      TIME.test(form.actualStartTime) &&
      TIME.test(form.actualEndTime) &&
      form.actualEndTime <= form.actualStartTime
    )
      ctx.addIssue({
        code: 'custom',
        path: ['actualEndTime'],
        message: SURVEY_SUBMIT_MESSAGES.endBeforeStart,
      });
  });
export type TSurveyVisitorForm = z.input<typeof ZSurveyVisitorFormSchema>;

/**
 * The problems as the action refuses with them (AppError `fields`, so they reach the screen through
 * the engine's error extensions): one entry per problem, keyed `indicator.<id>` (at most one problem
 * per indicator) or `summary`, its text `<code>: <message>` (the summary's message alone).
 */
export function surveySubmitProblemFields(problems: readonly TSurveySubmitProblem[]): Record<string, string> {
  return Object.fromEntries(
    problems.map((p) =>
      p.indicatorId !== null
        ? [`indicator.${p.indicatorId}`, `${p.code}: ${p.message}`]
        : [p.userId === undefined ? 'summary' : `summary.${p.userId}`, p.message],
    ),
  );
}
