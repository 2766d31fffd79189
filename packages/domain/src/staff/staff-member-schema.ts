import { z } from 'zod';
import { isWireDate } from '../constants/dates.ts';
import { DEFAULT_PHONE_COUNTRY } from '../constants/limits.ts';
import { CELL_MESSAGES } from '../constants/messages.ts';
import {
  isPhoneCountry,
  phoneFieldError,
  ZOptionalPhoneTextSchema,
  ZPhoneCountrySchema,
} from '../contacts/phone.ts';
import { MESSAGES } from '../validation/messages.ts';
import { normaliseEmail } from '../validation/normalise-email.ts';
import { staffFieldRules } from './staff-fields.ts';
import {
  EMPLOYMENT_STATUSES,
  EMPLOYMENT_TYPES,
  FTE_BANDS,
  STAFF_TITLES,
  STAFF_TYPES,
  VR_STATUSES,
} from './staff-options.ts';

const { requiredField, fieldRequired, notANumber } = CELL_MESSAGES;
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** The database keeps hours as numeric(5,2) between 0 and 168 (a week). */
export const MAX_HOURS_PER_WEEK = 168;
/** Our words: the spec gives none for these two rules, which the database also enforces. */
export const STAFF_RULE_MESSAGES = {
  hoursTooMany: `At most ${MAX_HOURS_PER_WEEK} hours a week`,
  resignedBeforeStart: 'The resignation date cannot be before the start date',
  invalidDate: 'Enter a date as dd/MM/yyyy',
} as const;

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** A select cell: one of the values, else 'Field required'. */
const select = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToNull, z.enum(values, { error: fieldRequired }));
const optionalSelect = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToNull, z.enum(values, { error: fieldRequired }).nullish());
const text = (max: number) =>
  z.preprocess(
    blankToNull,
    z.string({ error: requiredField }).trim().min(1, requiredField).max(max, `Max ${max} characters`),
  );
const optionalText = (max: number) =>
  z.preprocess(blankToNull, z.string().trim().max(max, `Max ${max} characters`).nullish());
const date = z.preprocess(
  blankToNull,
  z.string({ error: requiredField }).refine((v) => isWireDate(v), STAFF_RULE_MESSAGES.invalidDate),
);
const optionalDate = z.preprocess(
  blankToNull,
  z
    .string()
    .refine((v) => isWireDate(v), STAFF_RULE_MESSAGES.invalidDate)
    .nullish(),
);
const optionalDocumentId = z.number().int().positive().nullish();

/**
 * A staff member as the form sends it and the `saveStaffMember` action checks it (spec 000 §3,
 * §5): camelCase, dates yyyy-MM-dd, hours as a number or the typed text. The output is what is
 * stored: fields the row's type or status hides are null (registration number for support and
 * other, VR status and QI/CPD for non-GPs, the resignation date of an active member), empty
 * optional text and an empty phone are null, the e-mail is normalised.
 */
export const ZStaffMemberSchema = z
  .object({
    id: z.number().int().positive().nullish(),
    verified: z.boolean({ error: fieldRequired }).default(false),
    title: select(STAFF_TITLES),
    firstName: text(150),
    lastName: text(150),
    type: select(STAFF_TYPES),
    registrationNum: optionalText(50),
    employmentType: select(EMPLOYMENT_TYPES),
    startDate: date,
    employmentStatus: select(EMPLOYMENT_STATUSES),
    resignationDate: optionalDate,
    email: z.preprocess(
      blankToNull,
      z
        .string({ error: requiredField })
        .transform(normaliseEmail)
        .pipe(z.string().max(254, MESSAGES.invalidEmail).regex(EMAIL_PATTERN, MESSAGES.invalidEmail)),
    ),
    vrStatus: optionalSelect(VR_STATUSES),
    hoursPerWeek: z.preprocess(
      (value) => (typeof value === 'number' ? String(value) : blankToNull(value)),
      z
        .string({ error: fieldRequired })
        .trim()
        .regex(/^(\d+\.?\d*|\.\d+)$/, notANumber)
        .transform(Number)
        .pipe(z.number().max(MAX_HOURS_PER_WEEK, STAFF_RULE_MESSAGES.hoursTooMany)),
    ),
    cprExpiry: date,
    qicpd: optionalText(100),
    qaCpdNum: optionalText(50),
    fteBand: optionalSelect(FTE_BANDS),
    phone: ZOptionalPhoneTextSchema,
    /** The phone's country (spec 000 §9: AU when none is sent). */
    phoneCountryCode: ZPhoneCountrySchema,
    active: z.boolean().default(true),
    primaryQualificationDocumentId: optionalDocumentId,
    secondaryQualificationDocumentId: optionalDocumentId,
    cpdEvidenceDocumentId: optionalDocumentId,
    trainingEvidenceDocumentId: optionalDocumentId,
    cprEvidenceDocumentId: optionalDocumentId,
  })
  .superRefine(
    (row, ctx) => {
      // Runs even when other fields failed (`when` below), so a new GP row that is still blank
      // shows 'Required field' on its registration number at once, like every other required
      // cell. Fields that failed keep their raw input here, hence the type checks.
      const rules = staffFieldRules(row);
      const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
      // The phone against its country (spec 000 §9); an unknown country has its own message.
      const country = typeof row.phoneCountryCode === 'string' ? row.phoneCountryCode : null;
      const phoneError =
        country === null || isPhoneCountry(country)
          ? phoneFieldError(typeof row.phone === 'string' ? row.phone : null, { country })
          : null;
      if (phoneError) ctx.addIssue({ code: 'custom', path: ['phone'], message: phoneError });
      if (rules.registrationNum === 'required' && !filled(row.registrationNum)) {
        ctx.addIssue({ code: 'custom', path: ['registrationNum'], message: requiredField });
      }
      if (rules.resignationDate === 'required') {
        if (!filled(row.resignationDate)) {
          ctx.addIssue({ code: 'custom', path: ['resignationDate'], message: requiredField });
        } else if (
          isWireDate(String(row.resignationDate)) &&
          isWireDate(String(row.startDate)) &&
          String(row.resignationDate) < String(row.startDate)
        ) {
          ctx.addIssue({
            code: 'custom',
            path: ['resignationDate'],
            message: STAFF_RULE_MESSAGES.resignedBeforeStart,
          });
        }
      }
    },
    { when: () => true },
  )
  .transform((row) => {
    const rules = staffFieldRules(row);
    return {
      ...row,
      id: row.id ?? null,
      registrationNum: rules.registrationNum === 'hidden' ? null : (row.registrationNum ?? null),
      resignationDate: rules.resignationDate === 'hidden' ? null : (row.resignationDate ?? null),
      vrStatus: rules.vrStatus === 'hidden' ? null : (row.vrStatus ?? null),
      qicpd: rules.qicpd === 'hidden' ? null : (row.qicpd ?? null),
      qaCpdNum: row.qaCpdNum ?? null,
      fteBand: row.fteBand ?? null,
    };
  });
/** What the form holds and sends. */
export type TStaffMemberInput = z.input<typeof ZStaffMemberSchema>;
/** What the action stores. */
export type TStaffMember = z.output<typeof ZStaffMemberSchema>;

/** The document fields of a staff row; each is sent only when present (spec 000 §5). */
export const STAFF_DOCUMENT_FIELDS = [
  'primaryQualificationDocumentId',
  'secondaryQualificationDocumentId',
  'cpdEvidenceDocumentId',
  'trainingEvidenceDocumentId',
  'cprEvidenceDocumentId',
] as const;
export type TStaffDocumentField = (typeof STAFF_DOCUMENT_FIELDS)[number];

/**
 * The body sent for a staff row (spec 000 §5 "On send"): an empty phone and an empty cprExpiry
 * are dropped, file fields only when present, dates already yyyy-MM-dd.
 */
export function toStaffPayload(row: TStaffMemberInput): TStaffMemberInput {
  const payload: Record<string, unknown> = { ...row };
  const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  if (empty(payload.phone)) delete payload.phone;
  if (empty(payload.cprExpiry)) delete payload.cprExpiry;
  for (const field of STAFF_DOCUMENT_FIELDS) if (empty(payload[field])) delete payload[field];
  return payload as TStaffMemberInput;
}

/** New-row defaults (spec 000 §3): type GP, title DR, employee, VR, active. */
export function newStaffMemberDefaults(): TStaffMemberInput {
  return {
    verified: false,
    title: 'DR',
    firstName: '',
    lastName: '',
    type: 'gp',
    registrationNum: '',
    employmentType: 'EMPLOYEE',
    startDate: '',
    employmentStatus: 'ACTIVE',
    resignationDate: null,
    email: '',
    vrStatus: 'VR',
    hoursPerWeek: '',
    cprExpiry: '',
    qicpd: '',
    qaCpdNum: '',
    fteBand: null,
    phone: '',
    phoneCountryCode: DEFAULT_PHONE_COUNTRY,
    active: true,
  };
}
