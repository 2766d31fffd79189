import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  type PhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import { z } from 'zod';
import { DEFAULT_PHONE_COUNTRY } from '../constants/limits.ts';
import { PHONE_MESSAGES } from '../constants/messages.ts';

/**
 * Phone numbers (spec 000 §5 "phone validation (Australian format, default country AU)", §9
 * "Default phone country AU"): a number is checked against the country chosen beside it, AU when
 * none is, by libphonenumber-js (Google's libphonenumber metadata, the full set, so each
 * country's own prefixes and lengths; docs/decisions/practices-and-staff.md, "Phones"). Written
 * as people write them: spaces, hyphens, dots, brackets, a trunk `(0)`, `+` or `00` before the
 * country code. Premium-rate numbers (1900…) are refused: nobody's contact number.
 */

export type TPhoneCountry = CountryCode;

/** Ours: the spec has no words for a phone country outside the list (§9). */
export const PHONE_COUNTRY_MESSAGE = 'Choose the country of the phone number.';

const COUNTRY_NAMES = new Intl.DisplayNames(['en-AU'], { type: 'region' });

/** The countries a phone may be of: Australia first, then by name ('New Zealand (+64)'). */
export const PHONE_COUNTRIES: readonly { code: TPhoneCountry; label: string }[] = getCountries()
  .map((code) => ({ code, label: `${COUNTRY_NAMES.of(code) ?? code} (+${getCountryCallingCode(code)})` }))
  .sort((a, b) =>
    a.code === DEFAULT_PHONE_COUNTRY
      ? -1
      : b.code === DEFAULT_PHONE_COUNTRY
        ? 1
        : a.label.localeCompare(b.label),
  );

const KNOWN = new Set<string>(getCountries());

/** Whether the text is a country a phone may be of (ISO 3166 alpha-2, as stored). */
export function isPhoneCountry(code: string): code is TPhoneCountry {
  return KNOWN.has(code);
}

/** The number, when the text is a valid phone number of `country`; else null. */
export function parsePhone(
  input: string,
  country: TPhoneCountry = DEFAULT_PHONE_COUNTRY,
): PhoneNumber | null {
  const trimmed = input.trim();
  if (!/^[+\d\s\-.()]+$/.test(trimmed)) return null;
  const parsed = parsePhoneNumberFromString(trimmed.replace(/^00/, '+'), country);
  if (!parsed?.isValid() || parsed.country !== country || parsed.getType() === 'PREMIUM_RATE') return null;
  return parsed;
}

/** Whether the text is a phone number of `country` (AU when none is given). */
export function isValidPhone(input: string, country: TPhoneCountry = DEFAULT_PHONE_COUNTRY): boolean {
  return parsePhone(input, country) !== null;
}

/** The number in E.164 (+61411101200), or null when it is not one of `country`. */
export function normalisePhone(input: string, country: TPhoneCountry = DEFAULT_PHONE_COUNTRY): string | null {
  return parsePhone(input, country)?.number ?? null;
}

/**
 * A stored phone as printed and shown (spec 000 §9): an Australian number as it was typed; another
 * country's in its international form ('+64 4 472 3000'), so a reader in Australia can dial it
 * and sees it is not a local number. A text that is not a number of its country (older rows)
 * stays as stored; none is null.
 */
export function displayPhone(phone: string | null | undefined, country?: string | null): string | null {
  const text = phone?.trim() ?? '';
  if (text === '') return null;
  if (!country || country === DEFAULT_PHONE_COUNTRY || !isPhoneCountry(country)) return text;
  return parsePhone(text, country)?.formatInternational() ?? text;
}

/**
 * The message for a phone field on blur, or null when it is fine. An optional phone is only
 * checked when it is not empty; the number is checked against `country` (AU by default).
 */
export function phoneFieldError(
  value: string | null | undefined,
  options: { required?: boolean; country?: string | null } = {},
) {
  const text = (value ?? '').trim();
  if (text === '') return options.required ? PHONE_MESSAGES.required : null;
  const country =
    options.country && isPhoneCountry(options.country) ? options.country : DEFAULT_PHONE_COUNTRY;
  return isValidPhone(text, country) ? null : PHONE_MESSAGES.invalid;
}

/** A phone's country as sent: ISO alpha-2 of a known country, AU when absent. */
export const ZPhoneCountrySchema = z
  .string({ error: PHONE_COUNTRY_MESSAGE })
  .refine(isPhoneCountry, PHONE_COUNTRY_MESSAGE)
  .nullish()
  .transform((value): TPhoneCountry => (value as TPhoneCountry | null | undefined) ?? DEFAULT_PHONE_COUNTRY);

/** An optional phone's text, its country checked beside it (`refinePhoneCountry`): empty becomes null. */
export const ZOptionalPhoneTextSchema = z
  .string({ error: PHONE_MESSAGES.invalid })
  .trim()
  .max(40, PHONE_MESSAGES.invalid)
  .nullish()
  .transform((value) => (value ? value : null));

/** An optional phone: empty becomes null (dropped on send); otherwise it must be Australian. */
export const ZOptionalPhoneSchema = z
  .string({ error: PHONE_MESSAGES.invalid })
  .trim()
  .max(40, PHONE_MESSAGES.invalid)
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isValidPhone(value), PHONE_MESSAGES.invalid);

/** A required phone, with the spec's two messages (Australian). */
export const ZRequiredPhoneSchema = z
  .string({ error: PHONE_MESSAGES.required })
  .trim()
  .min(1, PHONE_MESSAGES.required)
  .max(40, PHONE_MESSAGES.invalid)
  .refine((value) => isValidPhone(value), PHONE_MESSAGES.invalid);

/**
 * When a `refinePhoneCountry` (or another check of the phone against its country) runs: whenever
 * the phone and its country themselves parsed, whatever the other fields say (zod skips an
 * object's refinements after any aborting issue), so the phone's message shows beside theirs.
 */
export function whenPhoneParsed(countryField: string): z.core.$ZodSuperRefineParams {
  return {
    when: (payload) =>
      !payload.issues.some((issue) => issue.path?.[0] === 'phone' || issue.path?.[0] === countryField),
  };
}

/**
 * Checks `phone` of an object against its `countryField` (spec 000 §9): for schemas that carry
 * both, as a superRefine; the message goes on the phone.
 */
export function refinePhoneCountry<T extends { phone?: string | null }>(countryField: keyof T & string) {
  return (value: T, context: z.RefinementCtx) => {
    const country = value[countryField] as unknown;
    // An unknown country has its own message; the number is not checked against it.
    if (typeof country === 'string' && !isPhoneCountry(country)) return;
    if (value.phone && !isValidPhone(value.phone, (country as TPhoneCountry) ?? DEFAULT_PHONE_COUNTRY))
      context.addIssue({ code: 'custom', path: ['phone'], message: PHONE_MESSAGES.invalid });
  };
}
