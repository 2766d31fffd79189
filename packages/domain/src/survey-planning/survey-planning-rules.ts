import { z } from 'zod';
import { VISIT_TYPES } from '../assessments/assessment-labels.ts';
import { isWireDate } from '../constants/dates.ts';
import type { TVisitStatus } from './survey-planning-labels.ts';

/**
 * The planning steps of a survey visit (docs/decisions/survey-planning.md) and the statuses each
 * may start from. A step asked of a visit in any other status is refused with its message and
 * changes nothing.
 */
export const SURVEY_PLANNING_STEPS = {
  /** Offer the visit to surveyors: any time before it is final. */
  offer: { from: ['DRAFT', 'PLANNING', 'PREFERRED_DAYS_REQ'] },
  /** Ask the offered surveyors for their days (again, after a new offer). */
  requestPreferredDays: { from: ['DRAFT', 'PLANNING', 'PREFERRED_DAYS_REQ'], to: 'PREFERRED_DAYS_REQ' },
  /** Choose the date and times, with the surveyors who accepted. */
  finalise: { from: ['DRAFT', 'PLANNING', 'PREFERRED_DAYS_REQ'], to: 'FINAL' },
  /** Send the practice its survey confirmation form: final visits, once. */
  sendConfirmation: { from: ['FINAL'] },
} as const satisfies Record<string, { from: readonly TVisitStatus[]; to?: TVisitStatus }>;

export type TPlanningStep = keyof typeof SURVEY_PLANNING_STEPS;

/** Whether a visit in `status` may take the planning step. */
export function canTakePlanningStep(step: TPlanningStep, status: string | null | undefined): boolean {
  return (SURVEY_PLANNING_STEPS[step].from as readonly (string | null | undefined)[]).includes(status);
}

/** The roles that plan survey visits (the back office). */
export function canPlanSurveyVisits(flags: { qam: boolean; admin: boolean }): boolean {
  return flags.qam || flags.admin;
}

export const SURVEY_PLANNING_MESSAGES = {
  noSuchVisit: 'There is no such survey visit.',
  noSuchAccreditation: 'There is no such open accreditation.',
  noSuchReason: 'Choose a reason from the list.',
  created: 'The survey visit was created.',
  offerNone: 'Choose at least one surveyor to offer the visit to.',
  offerFinal: 'This visit is final: its surveyors can no longer change.',
  offerNotSurveyor: (name: string) => `${name} is not an active surveyor and cannot be offered this visit.`,
  offerConflict: (name: string, reason: string) =>
    `${name} cannot be offered this visit: conflict of interest (${reason}).`,
  offerDeclined: (name: string) => `${name} already declined this visit.`,
  offered: (count: number) =>
    count === 1 ? 'The visit was offered to 1 surveyor.' : `The visit was offered to ${count} surveyors.`,
  daysFinal: 'The preferred days of a final visit cannot be requested.',
  daysNobody: 'Offer the visit to a surveyor before requesting their preferred days.',
  daysNoDue: 'Set the month the visit is due before requesting preferred days.',
  daysRequested: (count: number) =>
    count === 1
      ? 'Preferred days were requested from 1 surveyor.'
      : `Preferred days were requested from ${count} surveyors.`,
  finaliseAlready: 'This visit is already final.',
  finaliseNoAccepted: 'No surveyor has accepted this visit yet, so it cannot be made final.',
  finalisePast: 'The visit date cannot be in the past.',
  finalised: 'The visit is final.',
  confirmationNotFinal: 'Make the visit final before sending the survey confirmation.',
  confirmationAlreadySent: 'The survey confirmation of this visit has already been sent.',
  /** Ours: the template is not one of the provider's confirmation_form_template list (spec 000 §3). */
  templateUnlisted: 'Choose a confirmation form template from the list.',
  confirmationNoRecipient:
    'The practice has no practice manager or nominated accreditation contact to send it to.',
  confirmationSent: (count: number) =>
    count === 1
      ? 'The survey confirmation was sent to 1 recipient.'
      : `The survey confirmation was sent to ${count} recipients.`,
  noGpSurveyor: 'This survey has no GP surveyor: peer review needs a general practitioner on the team.',
  notAllowed: 'Survey visit planning is for quality accreditation managers and provider admins.',
} as const;

/**
 * Reasons kept from the free words visits had before the choice list (migration
 * merge_visit_reasons): still shown as their words, never offered for a new visit.
 */
export const KEPT_REASON_PREFIX = 'LEGACY_';

/** Whether a reason of the list is offered when a visit is created. */
export function isOfferedVisitReason(value: string): boolean {
  return !value.startsWith(KEPT_REASON_PREFIX);
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The Create visit form. */
export const ZCreateSurveyVisitSchema = z.object({
  accreditationId: z.number().int().positive(),
  type: z.enum(VISIT_TYPES, { error: 'Choose the type of visit.' }),
  reason: z
    .string({ error: SURVEY_PLANNING_MESSAGES.noSuchReason })
    .regex(/^[A-Z][A-Z0-9_]{0,63}$/, SURVEY_PLANNING_MESSAGES.noSuchReason),
  dueMonth: z
    .string({ error: 'Choose the month the visit is due.' })
    .regex(MONTH, 'Choose the month the visit is due.'),
});
export type TCreateSurveyVisit = z.infer<typeof ZCreateSurveyVisitSchema>;

/** At most this many surveyors in one offer (a team is two or three). */
export const MAX_SURVEYORS_PER_OFFER = 20;

export const ZOfferSurveyVisitSchema = z.object({
  visitId: z.number().int().positive(),
  surveyorIds: z
    .array(z.number().int().positive())
    .min(1, SURVEY_PLANNING_MESSAGES.offerNone)
    .max(
      MAX_SURVEYORS_PER_OFFER,
      `Offer the visit to at most ${MAX_SURVEYORS_PER_OFFER} surveyors at a time.`,
    ),
});

/** The Finalise form: the day and the start and end times (HH:mm) of the visit. */
export const ZFinaliseSurveyVisitSchema = z
  .object({
    visitId: z.number().int().positive(),
    date: z
      .string({ error: 'Choose the date of the visit.' })
      .refine(isWireDate, 'Choose the date of the visit.'),
    startTime: z.string({ error: 'Enter the start time.' }).regex(TIME, 'Enter the start time as hh:mm.'),
    endTime: z.string({ error: 'Enter the end time.' }).regex(TIME, 'Enter the end time as hh:mm.'),
    leadUserId: z.number().int().positive().nullish(),
  })
  .refine((form) => form.endTime > form.startTime, {
    message: 'The end time must be after the start time.',
    path: ['endTime'],
  });
export type TFinaliseSurveyVisit = z.infer<typeof ZFinaliseSurveyVisitSchema>;

/**
 * Peer review: the team of an ACCREDITATION visit (the surveyors offered it who did not decline)
 * includes a general practitioner; planning warns while it does not.
 */
export function teamNeedsGpSurveyor(
  type: string,
  team: readonly { visitorStatus: string | null; isGp: boolean }[],
): boolean {
  if (type !== 'ACCREDITATION') return false;
  return !team.some((member) => member.visitorStatus && member.visitorStatus !== 'DECLINED' && member.isGp);
}
