import { z } from 'zod';
import { PHONE_MESSAGES } from '../constants/messages.ts';

/**
 * Australian phone numbers (spec 000 §5: "Australian format, default country AU"), written as
 * people write them: spaces, hyphens, dots and brackets are ignored.
 * - national: 0 + area or mobile digit (2, 3, 4, 5, 7, 8) + 8 digits, e.g. 02 9360 4411, 0411 101 200
 * - international: +61 (or 0061) with the same 9 digits, the trunk 0 optionally in brackets: +61 (0)2 …
 * - service numbers: 1300 / 1800 + 6 digits, 13 + 4 digits
 */
const SEPARATORS = /[\s\-.()]/g;
const NATIONAL = /^0[2-578]\d{8}$/;
const SERVICE = /^(1[38]00\d{6}|13\d{4})$/;

/** The digits of an Australian number in national form (0…), or null when it is not one. */
export function normaliseAustralianPhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^[+\d\s\-.()]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\(0\)/, '').replace(SEPARATORS, '');
  if (digits.startsWith('+61')) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith('0061')) digits = `0${digits.slice(4)}`;
  if (digits.includes('+')) return null;
  return NATIONAL.test(digits) || SERVICE.test(digits) ? digits : null;
}

/** Whether the text is an Australian phone number. */
export function isValidAustralianPhone(input: string): boolean {
  return normaliseAustralianPhone(input) !== null;
}

/**
 * The message for a phone field on blur, or null when it is fine. An optional phone is only
 * checked when it is not empty.
 */
export function phoneFieldError(value: string | null | undefined, options: { required?: boolean } = {}) {
  const text = (value ?? '').trim();
  if (text === '') return options.required ? PHONE_MESSAGES.required : null;
  return isValidAustralianPhone(text) ? null : PHONE_MESSAGES.invalid;
}

/** An optional phone: empty becomes null (dropped on send); otherwise it must be Australian. */
export const ZOptionalPhoneSchema = z
  .string({ error: PHONE_MESSAGES.invalid })
  .trim()
  .max(40, PHONE_MESSAGES.invalid)
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isValidAustralianPhone(value), PHONE_MESSAGES.invalid);

/** A required phone, with the spec's two messages. */
export const ZRequiredPhoneSchema = z
  .string({ error: PHONE_MESSAGES.required })
  .trim()
  .min(1, PHONE_MESSAGES.required)
  .max(40, PHONE_MESSAGES.invalid)
  .refine(isValidAustralianPhone, PHONE_MESSAGES.invalid);
