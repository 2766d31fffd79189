import { z } from 'zod';
import { formatDisplayDate, formatMonthLong, isWireDate } from '../constants/dates.ts';
import { isPreferenceDaysDue } from '../practices/practice-rules.ts';
import { dueDayOfMonth } from '../survey-planning/survey-schedule.ts';
import { CONTROL_CHARACTER_MESSAGE, CONTROL_CHARACTERS } from '../validation/control-characters.ts';

/**
 * The surveyor's side of survey planning (docs/decisions/survey-offers.md): declared conflicts of
 * interest, answering an offer, and stating preferred days. The web screens and the actions share
 * these rules and words.
 */

/**
 * How far back a declared conflict counts: a practice or network worked for or consulted to in the
 * previous three years. The SQL rule `surveyor_conflict_reason` uses the same span; the profile's
 * wording and the confidentiality agreement's declaration say it from here.
 */
export const CONFLICT_LOOKBACK_YEARS = 3;

/** The declaration the profile's conflicts section makes (the agreement's wording, the same span). */
export const CONFLICT_DECLARATION = `Declare every practice or network you have worked for or consulted to in the previous ${CONFLICT_LOOKBACK_YEARS} years. You will not be offered survey visits to them.`;

/** Longest reason of a conflict, a declined offer or an unavailable day (the columns' limits). */
export const CONFLICT_REASON_MAX = 500;
export const DECLINE_REASON_MAX = 500;
export const UNAVAILABLE_REASON_MAX = 200;
/** At most this many practices and networks answer a conflict search. */
export const CONFLICT_SEARCH_LIMIT = 20;
/** A conflict search needs at least this many characters. */
export const CONFLICT_SEARCH_MIN = 2;
/** The most days one save of preferred days may carry (a period is at most a few months). */
export const PREFERRED_DAYS_MAX = 400;

export const SURVEY_OFFER_MESSAGES = {
  notSurveyor: 'Only surveyors can do this.',
  noSuchOffer: 'This offer could not be found.',
  answered: 'This offer has already been answered.',
  final: 'This survey visit has been finalised; its offers can no longer be answered.',
  conflict: (reason: string) => `You have declared a conflict of interest with this practice: ${reason}`,
  accepted: 'You have accepted the offer.',
  declined: 'You have declined the offer.',
  noSuchConflict: 'This conflict could not be found.',
  conflictDeclared: 'Your conflict of interest has been declared.',
  conflictArchived: 'The conflict has been archived.',
  noSuchSubject: 'Choose a practice or a network from the search.',
  daysSaved: 'Your preferred days have been saved.',
} as const;

/** Why a surveyor may not change their preferred days for a visit (the page and the action say the same). */
export const PREFERRED_DAYS_LOCKS = {
  notVisitor: 'You have not been offered this survey visit, so you cannot state preferred days for it.',
  declined: 'You declined this survey visit, so your preferred days are no longer asked for.',
  notRequested: 'Preferred days are not being asked for this survey visit.',
  duePassed: 'The preference due date has passed; your preferred days can no longer be changed.',
} as const;

export type TPreferredDaysLock = keyof typeof PREFERRED_DAYS_LOCKS;

/**
 * Why the caller may not change their preferred days for the visit, or null when they may: the
 * visit asks for preferred days (PREFERRED_DAYS_REQ, not archived), its due date is in the future
 * (spec 000 §9), and the caller is an OFFERED or ACCEPTED visitor of it. `today` is yyyy-MM-dd.
 */
export function preferredDaysLock(
  visit: { status: string; due?: string | null; archived?: boolean | null },
  visitorStatus: string | null | undefined,
  today: string,
): TPreferredDaysLock | null {
  if (!visitorStatus) return 'notVisitor';
  if (visitorStatus === 'DECLINED') return 'declined';
  if (visit.status !== 'PREFERRED_DAYS_REQ' || visit.archived) return 'notRequested';
  if (!isPreferenceDaysDue(visit, today)) return 'duePassed';
  return null;
}

/**
 * The days a surveyor may state for a visit: from today to the last day of the visit's due month
 * (the visit happens by then; days already past cannot be offered). yyyy-MM-dd, both inclusive.
 */
export function preferredDaysPeriod(due: string, today: string): { from: string; to: string } {
  return { from: today, to: dueDayOfMonth(due.slice(0, 7)) };
}

/** 'Preferences due March 2025' words of a visit's due date (MMMM yyyy, spec 000 §9). */
export function preferenceDueLabel(due: string | null | undefined): string {
  return formatMonthLong(due);
}

const reasonText = (max: number, required: string) =>
  z
    .string()
    .transform((text) => text.trim())
    .pipe(
      z
        .string()
        .min(1, required)
        .max(max, `At most ${max} characters.`)
        .refine((text) => !CONTROL_CHARACTERS.test(text), CONTROL_CHARACTER_MESSAGE),
    );

const ZWireDateSchema = z.string().refine(isWireDate, 'Enter a date.');

/** A conflict of interest to declare: one practice or one network, a reason, optional dates in order. */
export const ZDeclareConflictSchema = z
  .object({
    practiceId: z.number().int().positive().nullish(),
    networkId: z.number().int().positive().nullish(),
    reason: reasonText(CONFLICT_REASON_MAX, 'Say why you have a conflict of interest.'),
    fromDate: ZWireDateSchema.nullish(),
    toDate: ZWireDateSchema.nullish(),
  })
  .refine((input) => !input.practiceId !== !input.networkId, {
    message: SURVEY_OFFER_MESSAGES.noSuchSubject,
    path: ['practiceId'],
  })
  .refine((input) => !input.fromDate || !input.toDate || input.fromDate <= input.toDate, {
    message: 'The end date must not be before the start date.',
    path: ['toDate'],
  });
export type TDeclareConflictInput = z.input<typeof ZDeclareConflictSchema>;

/** The reason a surveyor declines an offer with (required). */
export const ZDeclineReasonSchema = reasonText(DECLINE_REASON_MAX, 'Say why you decline this offer.');

/** One day of a surveyor's availability: available, or unavailable with a reason. */
export const ZPreferredDaySchema = z
  .object({
    day: ZWireDateSchema,
    available: z.boolean(),
    reason: z.string().nullish(),
  })
  .transform((row) => ({ ...row, reason: row.available ? null : (row.reason ?? '').trim() }))
  .superRefine((row, context) => {
    if (row.available || row.reason === null) return;
    if (row.reason.length === 0)
      context.addIssue({
        code: 'custom',
        message: 'Say why you are unavailable that day.',
        path: ['reason'],
      });
    else if (row.reason.length > UNAVAILABLE_REASON_MAX)
      context.addIssue({
        code: 'custom',
        message: `At most ${UNAVAILABLE_REASON_MAX} characters.`,
        path: ['reason'],
      });
    else if (CONTROL_CHARACTERS.test(row.reason))
      context.addIssue({ code: 'custom', message: CONTROL_CHARACTER_MESSAGE, path: ['reason'] });
  });

/** The whole set of a surveyor's days for a visit (each day at most once). */
export const ZPreferredDaysSchema = z
  .array(ZPreferredDaySchema)
  .max(PREFERRED_DAYS_MAX, `At most ${PREFERRED_DAYS_MAX} days.`)
  .refine((days) => new Set(days.map((d) => d.day)).size === days.length, 'Each day may be given once.');
export type TPreferredDay = z.output<typeof ZPreferredDaySchema>;

/** The message of days outside the period the visit asks for. */
export function outsidePeriodMessage(period: { from: string; to: string }): string {
  return `Choose days from ${formatDisplayDate(period.from)} to ${formatDisplayDate(period.to)}.`;
}
