import { z } from 'zod';
import { DEFAULT_PHONE_COUNTRY } from '../constants/limits.ts';
import { PHONE_MESSAGES } from '../constants/messages.ts';
import { isPhoneCountry, isValidPhone, PHONE_COUNTRY_MESSAGE, whenPhoneParsed } from '../contacts/phone.ts';
import { MESSAGES } from '../validation/messages.ts';
import { ZNumberFieldSchema } from '../validation/number-field.ts';

/**
 * The practice form of Add, Details and Reapplication (practice, organisation, physical address,
 * staff numbers, previous accreditation): one schema for the browser and for the actions that
 * save it (`addPractice`, `savePracticeDetails`, `submitReapplication`), so no rule is written
 * twice. Every value is a string, as the inputs hold them.
 */

/** Messages of our own where the spec gives none (the shared helpers' words where it does). */
export const PRACTICE_FORM_MESSAGES = {
  /** Ours: a PHN must be one of the provider's list (spec 000 §3 practice.phn) or the practice's own. */
  phnUnlisted: 'Choose a Primary Health Network from the list.',
  abn: 'An ABN is 11 digits.',
  postcode: 'A postcode is 4 digits.',
  notANumber: MESSAGES.notANumber,
  maxBelowHead: 'The maximum cannot be lower than the head count.',
  website: 'Enter a web address such as https://www.example.com.au',
  date: 'Enter a date as dd/MM/yyyy',
  tooLong: 'Max 200 characters',
  choice: 'Choose one of the listed values.',
} as const;

const text = z.string().trim();
const optional = text.max(200, PRACTICE_FORM_MESSAGES.tooLong);
const required = text.min(1, MESSAGES.required).max(200, PRACTICE_FORM_MESSAGES.tooLong);
/** Head and maximum counts: the shared number-field rule (below 1000, no leading 0; '0' allowed). */
const count = ZNumberFieldSchema;
const email = text
  .max(254, MESSAGES.invalidEmail)
  .refine((v) => v === '' || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v), MESSAGES.invalidEmail);
const phoneText = text.max(40, PHONE_MESSAGES.invalid);
/** The fax: an Australian number (it has no country of its own). */
const fax = phoneText.refine((v) => v === '' || isValidPhone(v), PHONE_MESSAGES.invalid);
const flag = z.enum(['true', 'false', '']);
/** A choice list value (the enum tables' upper-case values), or '' for none. */
const choice = text.regex(/^[A-Z0-9_]{0,40}$/, PRACTICE_FORM_MESSAGES.choice);
const isWireDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const date = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
};

const COUNT_PAIRS = [
  ['doctorHead', 'doctorMax'],
  ['nurseHead', 'nurseMax'],
  ['alliedHealthHead', 'alliedHealthMax'],
  ['supportStaffHead', 'supportStaffMax'],
] as const;

const ZPracticeFormObject = z.object({
  name: required,
  legalEntityName: optional,
  abn: text
    .max(40, PRACTICE_FORM_MESSAGES.abn)
    .refine((v) => v === '' || /^\d{11}$/.test(v.replace(/\s/g, '')), PRACTICE_FORM_MESSAGES.abn),
  structure: choice,
  email,
  billingEmail: email,
  phone: phoneText,
  /** The phone's country (spec 000 §9), AU when empty or not sent; the phone is checked for it below. */
  phoneCountryCode: text.refine((v) => v === '' || isPhoneCountry(v), PHONE_COUNTRY_MESSAGE).default(''),
  fax,
  website: text
    .max(2000, PRACTICE_FORM_MESSAGES.website)
    .refine((v) => v === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), PRACTICE_FORM_MESSAGES.website),
  practiceType: choice,
  mmm: choice,
  phn: optional,
  pipId: optional,
  isAmds: flag,
  isReceivingIncentives: flag,
  meetsGpDefinition: flag,
  previousProvider: optional,
  previousStandard: optional,
  previousExpiryDate: text.refine((v) => v === '' || isWireDate(v), PRACTICE_FORM_MESSAGES.date),
  unit: optional,
  street: optional,
  address2: optional,
  suburb: optional,
  state: choice,
  postcode: text.refine((v) => v === '' || /^\d{4}$/.test(v), PRACTICE_FORM_MESSAGES.postcode),
  doctorHead: count,
  doctorMax: count,
  nurseHead: count,
  nurseMax: count,
  alliedHealthHead: count,
  alliedHealthMax: count,
  supportStaffHead: count,
  supportStaffMax: count,
});

/** The phone's country as stored: AU when none is given. */
const phoneCountryOf = (values: { phoneCountryCode: string }) =>
  values.phoneCountryCode === '' ? DEFAULT_PHONE_COUNTRY : values.phoneCountryCode;

/** The practice form: each field's rule, the phone valid for its country, and no maximum below its head count. */
export const ZPracticeFormSchema = ZPracticeFormObject.superRefine((values, ctx) => {
  for (const [head, max] of COUNT_PAIRS) {
    if (
      /^\d+$/.test(values[head]) &&
      /^\d+$/.test(values[max]) &&
      Number(values[max]) < Number(values[head])
    ) {
      ctx.addIssue({ code: 'custom', path: [max], message: PRACTICE_FORM_MESSAGES.maxBelowHead });
    }
  }
}).superRefine((values, ctx) => {
  const country = phoneCountryOf(values);
  // An unknown country has its own message; the number is not checked against it.
  if (values.phone !== '' && isPhoneCountry(country) && !isValidPhone(values.phone, country))
    ctx.addIssue({ code: 'custom', path: ['phone'], message: PHONE_MESSAGES.invalid });
}, whenPhoneParsed('phoneCountryCode'));

/** The form's values: one string per field (checkboxes 'true' / 'false', '' when unknown). */
export type TPracticeFormValues = Record<keyof z.input<typeof ZPracticeFormObject>, string>;
/** Checked form values. */
export type TPracticeForm = z.output<typeof ZPracticeFormSchema>;

/** The form's field names, in form order. */
export const PRACTICE_FORM_FIELDS = Object.keys(ZPracticeFormObject.shape) as Array<
  keyof TPracticeFormValues
>;

/** The physical address fields of the form. */
export const PRACTICE_ADDRESS_FIELDS = ['unit', 'street', 'address2', 'suburb', 'state', 'postcode'] as const;

/** Whether any address field holds a value (a practice without an address gets one only then). */
export function hasAddressValues(values: TPracticeForm): boolean {
  return PRACTICE_ADDRESS_FIELDS.some((field) => values[field].trim() !== '');
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const boolOrNull = (value: string) => (value === '' ? null : value === 'true');

/** Checked form values → the columns of organisations, practices and addresses. */
export function toPracticeChanges(values: TPracticeForm) {
  return {
    organisation: {
      name: values.name,
      legal_entity_name: orNull(values.legalEntityName),
      abn: orNull(values.abn.replace(/\s/g, '')),
      structure: orNull(values.structure),
      email: orNull(values.email),
      billing_email: orNull(values.billingEmail),
      phone: orNull(values.phone),
      phone_country_code: phoneCountryOf(values),
      fax: orNull(values.fax),
      website: orNull(values.website),
    },
    practice: {
      practice_type: orNull(values.practiceType),
      mmm: orNull(values.mmm),
      phn: orNull(values.phn),
      pip_id: orNull(values.pipId),
      is_amds: values.isAmds === 'true',
      is_receiving_incentives: values.isReceivingIncentives === 'true',
      meets_gp_definition: boolOrNull(values.meetsGpDefinition),
      previous_provider: orNull(values.previousProvider),
      previous_standard: orNull(values.previousStandard),
      previous_expiry_date: orNull(values.previousExpiryDate),
      doctor_head_count: Number(values.doctorHead),
      doctor_max_count: Number(values.doctorMax),
      nurse_head_count: Number(values.nurseHead),
      nurse_max_count: Number(values.nurseMax),
      allied_health_head_count: Number(values.alliedHealthHead),
      allied_health_max_count: Number(values.alliedHealthMax),
      support_staff_head_count: Number(values.supportStaffHead),
      support_staff_max_count: Number(values.supportStaffMax),
    },
    address: {
      unit: orNull(values.unit),
      street: orNull(values.street),
      address2: orNull(values.address2),
      suburb: orNull(values.suburb),
      state: orNull(values.state),
      postcode: orNull(values.postcode),
    },
  };
}

/** A new practice: everything blank, counts zero. */
export const EMPTY_PRACTICE_FORM: TPracticeFormValues = {
  ...(Object.fromEntries(PRACTICE_FORM_FIELDS.map((key) => [key, ''])) as TPracticeFormValues),
  phoneCountryCode: DEFAULT_PHONE_COUNTRY,
  meetsGpDefinition: 'true',
  isAmds: 'false',
  isReceivingIncentives: 'false',
  doctorHead: '0',
  doctorMax: '0',
  nurseHead: '0',
  nurseMax: '0',
  alliedHealthHead: '0',
  alliedHealthMax: '0',
  supportStaffHead: '0',
  supportStaffMax: '0',
};
