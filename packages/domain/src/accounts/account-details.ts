import { z } from 'zod';
import { PHONE_MESSAGES } from '../constants/messages.ts';
import {
  refinePhoneCountry,
  whenPhoneParsed,
  ZOptionalPhoneTextSchema,
  ZPhoneCountrySchema,
} from '../contacts/phone.ts';
import { STAFF_TITLES } from '../staff/staff-options.ts';
import { CONTROL_CHARACTER_MESSAGE, isOneLineText } from '../validation/control-characters.ts';
import { ZPersonNameSchema } from './person-name.ts';

/** Our words: the spec gives no message for a title outside the list. */
export const ACCOUNT_DETAILS_MESSAGES = {
  title: 'Choose one of the listed titles.',
} as const;

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/**
 * The account settings form (/AccountSettings/:id) as the browser checks it and the
 * `updateAccount` action refuses it: names required (at most 150 characters), a title of the
 * list or none, an optional phone valid for its country (spec 000 §5, §9: AU when none is
 * given); no control characters. The output is what is stored: no title and an empty phone are
 * null, no country is AU.
 */
export const ZAccountDetailsSchema = z
  .object({
    firstName: ZPersonNameSchema,
    lastName: ZPersonNameSchema,
    title: z
      .preprocess(blankToNull, z.enum(STAFF_TITLES, { error: ACCOUNT_DETAILS_MESSAGES.title }).nullish())
      .transform((title) => title ?? null),
    // TAB, LF and CR inside the number are refused as control characters, before the number is read.
    phone: z
      .string({ error: PHONE_MESSAGES.invalid })
      .nullish()
      .refine((phone) => !phone || isOneLineText(phone.trim()), {
        message: CONTROL_CHARACTER_MESSAGE,
        abort: true,
      })
      .pipe(ZOptionalPhoneTextSchema),
    phoneCountryCode: ZPhoneCountrySchema,
  })
  .superRefine(refinePhoneCountry('phoneCountryCode'), whenPhoneParsed('phoneCountryCode'));
/** What the form holds and sends. */
export type TAccountDetailsInput = z.input<typeof ZAccountDetailsSchema>;
/** What the action stores. */
export type TAccountDetails = z.output<typeof ZAccountDetailsSchema>;
