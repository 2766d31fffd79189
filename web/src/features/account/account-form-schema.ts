import {
  isValidAustralianPhone,
  MESSAGES,
  PHONE_MESSAGES,
  STAFF_OPTION_LABELS,
  STAFF_TITLES,
} from '@portal/domain';
import { z } from 'zod';

/** Person titles (spec 000 §3) with their labels, as the staff register shows them. */
export const TITLE_OPTIONS = STAFF_TITLES.map((value) => ({
  value,
  label: STAFF_OPTION_LABELS[value] ?? value,
}));

const ZName = z.string().trim().min(1, MESSAGES.required).max(150, 'Max 150 characters');

/** Account settings form; the phone is optional and only checked when given. */
export const ZAccountFormSchema = z.object({
  firstName: ZName,
  lastName: ZName,
  title: z.string(),
  phone: z
    .string()
    .trim()
    .refine((phone) => phone === '' || isValidAustralianPhone(phone), PHONE_MESSAGES.invalid),
});
