import { z } from 'zod';
import { CERTIFICATE_VALIDITY_YEARS } from '../constants/assessments.ts';
import {
  addYearsToWireDate,
  isRecordDateInRange,
  isWireDate,
  RECORD_DATE_RANGE_MESSAGE,
} from '../constants/dates.ts';
import { CONTROL_CHARACTER_MESSAGE, CONTROL_CHARACTERS } from '../validation/control-characters.ts';

/** Longest condition printed on a certificate (ours: the spec gives none; it must fit the page). */
export const CERTIFICATE_CONDITION_MAX_LENGTH = 1000;

/**
 * What the Issue certificate modal and the certify action say: the spec's words (spec 001 §5)
 * where it gives them, ours (marked) where it is silent.
 */
export const CERTIFICATE_MESSAGES = {
  dateRequired: 'Please input a date',
  certifierRequired: 'Certified user required',
  // Ours from here.
  issueBeforeCertification: 'The issue date cannot be before the certification date.',
  expiryNotAfterIssue: 'The expiry date must be after the issue date.',
  conditionTooLong: `The condition can be at most ${CERTIFICATE_CONDITION_MAX_LENGTH} characters.`,
  dateOutOfRange: RECORD_DATE_RANGE_MESSAGE,
  notApproved: 'Only an approved survey visit assessment can be certified.',
  alreadyCertified: 'A certificate has already been issued for this assessment.',
  issued: 'The certificate has been issued.',
  issueFailed: 'The certificate could not be issued.',
  noSuchCertificate: 'There is no such certificate file',
} as const;

const requiredDate = z
  .string({ error: CERTIFICATE_MESSAGES.dateRequired })
  .refine(isWireDate, CERTIFICATE_MESSAGES.dateRequired)
  .refine((v) => !isWireDate(v) || isRecordDateInRange(v), CERTIFICATE_MESSAGES.dateOutOfRange);

/**
 * The Issue certificate form (spec 001 §5, the certify payload of §7): the three dates are
 * required ('Please input a date'), the certifier too ('Certified user required'); issue on or
 * after certification, expiry after issue (the table's checks, said first here); the commencement
 * date and the condition are optional. Dates are yyyy-MM-dd within RECORD_DATE_RANGE.
 */
export const ZIssueCertificateSchema = z
  .object({
    certificationDate: requiredDate,
    issueDate: requiredDate,
    expiryDate: requiredDate,
    commencementDate: z
      .string()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || isWireDate(v), CERTIFICATE_MESSAGES.dateRequired)
      .refine(
        (v) => v === null || !isWireDate(v) || isRecordDateInRange(v),
        CERTIFICATE_MESSAGES.dateOutOfRange,
      ),
    condition: z
      .string()
      .nullish()
      .transform((v) => (v?.trim() ? v.trim() : null))
      .refine(
        (v) => v === null || v.length <= CERTIFICATE_CONDITION_MAX_LENGTH,
        CERTIFICATE_MESSAGES.conditionTooLong,
      )
      .refine((v) => v === null || !CONTROL_CHARACTERS.test(v), CONTROL_CHARACTER_MESSAGE),
    certifiedById: z
      .number({ error: CERTIFICATE_MESSAGES.certifierRequired })
      .int(CERTIFICATE_MESSAGES.certifierRequired)
      .positive(CERTIFICATE_MESSAGES.certifierRequired),
  })
  .superRefine((form, ctx) => {
    const dates = [form.certificationDate, form.issueDate, form.expiryDate];
    if (!dates.every(isWireDate)) return;
    if (form.issueDate < form.certificationDate)
      ctx.addIssue({
        code: 'custom',
        path: ['issueDate'],
        message: CERTIFICATE_MESSAGES.issueBeforeCertification,
      });
    if (form.expiryDate <= form.issueDate)
      ctx.addIssue({
        code: 'custom',
        path: ['expiryDate'],
        message: CERTIFICATE_MESSAGES.expiryNotAfterIssue,
      });
  });
export type TIssueCertificateInput = z.input<typeof ZIssueCertificateSchema>;
export type TIssueCertificate = z.output<typeof ZIssueCertificateSchema>;

/** The default expiry: the certification date plus CERTIFICATE_VALIDITY_YEARS (spec 001 §5, §9). */
export function defaultExpiryDate(certificationDate: string): string {
  return addYearsToWireDate(certificationDate, CERTIFICATE_VALIDITY_YEARS);
}

/**
 * The form's first values (spec 001 §5): certification and issue date today, expiry three years
 * on, the commencement date the server's suggestion, no condition and no certifier.
 */
export function issueCertificateDefaults(today: string, commencementDate: string | null) {
  return {
    certificationDate: today,
    issueDate: today,
    expiryDate: defaultExpiryDate(today),
    commencementDate,
    condition: '',
    certifiedById: null as number | null,
  };
}

/**
 * The server's suggested commencement date (spec 001 §7 potential_commencement_date; the rule is
 * ours): the day after the practice's current valid accreditation expires when that is still
 * ahead of the certification date (the new cycle follows on without a gap or an overlap), else
 * the certification date itself.
 */
export function potentialCommencementDate(certificationDate: string, currentExpiry: string | null): string {
  if (currentExpiry && isWireDate(currentExpiry)) {
    const next = dayAfter(currentExpiry);
    if (next > certificationDate) return next;
  }
  return certificationDate;
}

function dayAfter(wire: string): string {
  const [y, m, d] = wire.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
