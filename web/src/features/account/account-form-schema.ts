import { MESSAGES } from '@portal/domain';
import { z } from 'zod';

/** Person titles (spec 000 §3) with their labels. */
export const TITLE_OPTIONS = [
  { value: 'MR', label: 'Mr' },
  { value: 'MRS', label: 'Mrs' },
  { value: 'MISS', label: 'Miss' },
  { value: 'MS', label: 'Ms' },
  { value: 'DR', label: 'Dr' },
  { value: 'PROF', label: 'Prof' },
  { value: 'ASSOC_PROF', label: 'Assoc Prof' },
] as const;

export const INVALID_PHONE = 'Invalid phone number format';

// Australian numbers: 10 digits from 0 (landline 02/03/07/08, mobile 04, 1300/1800), 13 xx xx,
// or the same with +61 instead of the leading 0. Spaces, dashes and brackets are ignored.
const AU_PHONE = /^(?:0[2-478]\d{8}|1[38]00\d{6}|13\d{4}|\+61[2-478]\d{8})$/;

/** Whether a phone number is an Australian number (spec 000 §5: default country AU). */
export function isAustralianPhone(phone: string): boolean {
  return AU_PHONE.test(phone.replace(/[\s\-()]/g, ''));
}

const ZName = z.string().trim().min(1, MESSAGES.required).max(150, 'Max 150 characters');

/** Account settings form; the phone is optional and only checked when given. */
export const ZAccountFormSchema = z.object({
  firstName: ZName,
  lastName: ZName,
  title: z.string(),
  phone: z
    .string()
    .trim()
    .refine((phone) => phone === '' || isAustralianPhone(phone), INVALID_PHONE),
});
