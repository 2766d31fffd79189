import { isValidAustralianPhone, MESSAGES, PHONE_MESSAGES } from '@portal/domain';
import { z } from 'zod';
import type { TPracticeDetails } from '../api/practice-details.ts';

/** Messages of our own where the spec gives none (the shared helpers' words where it does). */
export const PRACTICE_FORM_MESSAGES = {
  abn: 'An ABN is 11 digits.',
  postcode: 'A postcode is 4 digits.',
  notANumber: 'Value has to be a number',
  maxBelowHead: 'The maximum cannot be lower than the head count.',
  website: 'Enter a web address such as https://www.example.com.au',
} as const;

const text = z.string().trim();
const optional = text.max(200, 'Max 200 characters');
const required = text.min(1, MESSAGES.required).max(200, 'Max 200 characters');
const count = text.regex(/^\d{1,4}$/, PRACTICE_FORM_MESSAGES.notANumber);
const email = text.refine((v) => v === '' || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v), MESSAGES.invalidEmail);
const phone = text.refine((v) => v === '' || isValidAustralianPhone(v), PHONE_MESSAGES.invalid);
const flag = z.enum(['true', 'false', '']);

const COUNT_PAIRS = [
  ['doctorHead', 'doctorMax'],
  ['nurseHead', 'nurseMax'],
  ['alliedHealthHead', 'alliedHealthMax'],
  ['supportStaffHead', 'supportStaffMax'],
] as const;

/** The practice details form (every value a string, as the inputs hold them). */
export const ZPracticeFormSchema = z
  .object({
    name: required,
    legalEntityName: optional,
    abn: text.refine((v) => v === '' || /^\d{11}$/.test(v.replace(/\s/g, '')), PRACTICE_FORM_MESSAGES.abn),
    structure: text,
    email,
    billingEmail: email,
    phone,
    fax: phone,
    website: text.refine(
      (v) => v === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v),
      PRACTICE_FORM_MESSAGES.website,
    ),
    practiceType: text,
    mmm: text,
    phn: optional,
    pipId: optional,
    isAmds: flag,
    isReceivingIncentives: flag,
    meetsGpDefinition: flag,
    previousProvider: optional,
    previousStandard: optional,
    previousExpiryDate: text.refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), MESSAGES.required),
    unit: optional,
    street: optional,
    address2: optional,
    suburb: optional,
    state: text,
    postcode: text.refine((v) => v === '' || /^\d{4}$/.test(v), PRACTICE_FORM_MESSAGES.postcode),
    doctorHead: count,
    doctorMax: count,
    nurseHead: count,
    nurseMax: count,
    alliedHealthHead: count,
    alliedHealthMax: count,
    supportStaffHead: count,
    supportStaffMax: count,
  })
  .superRefine((values, ctx) => {
    for (const [head, max] of COUNT_PAIRS) {
      if (
        /^\d+$/.test(values[head]) &&
        /^\d+$/.test(values[max]) &&
        Number(values[max]) < Number(values[head])
      ) {
        ctx.addIssue({ code: 'custom', path: [max], message: PRACTICE_FORM_MESSAGES.maxBelowHead });
      }
    }
  });
/** The form's values: one string per field (checkboxes 'true' / 'false', '' when unknown). */
export type TPracticeFormValues = Record<keyof z.input<typeof ZPracticeFormSchema>, string>;

const str = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const bool = (value: boolean | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The loaded row → the form's strings. */
export function toPracticeFormValues(practice: TPracticeDetails): TPracticeFormValues {
  const org = practice.organisation;
  const address = org.physical_address;
  return {
    name: org.name,
    legalEntityName: str(org.legal_entity_name),
    abn: str(org.abn),
    structure: str(org.structure),
    email: str(org.email),
    billingEmail: str(org.billing_email),
    phone: str(org.phone),
    fax: str(org.fax),
    website: str(org.website),
    practiceType: str(practice.practice_type),
    mmm: str(practice.mmm),
    phn: str(practice.phn),
    pipId: str(practice.pip_id),
    isAmds: bool(practice.is_amds),
    isReceivingIncentives: bool(practice.is_receiving_incentives),
    meetsGpDefinition: bool(practice.meets_gp_definition),
    previousProvider: str(practice.previous_provider),
    previousStandard: str(practice.previous_standard),
    previousExpiryDate: str(practice.previous_expiry_date),
    unit: str(address?.unit),
    street: str(address?.street),
    address2: str(address?.address2),
    suburb: str(address?.suburb),
    state: str(address?.state),
    postcode: str(address?.postcode),
    doctorHead: str(practice.doctor_head_count),
    doctorMax: str(practice.doctor_max_count),
    nurseHead: str(practice.nurse_head_count),
    nurseMax: str(practice.nurse_max_count),
    alliedHealthHead: str(practice.allied_health_head_count),
    alliedHealthMax: str(practice.allied_health_max_count),
    supportStaffHead: str(practice.support_staff_head_count),
    supportStaffMax: str(practice.support_staff_max_count),
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const boolOrNull = (value: string) => (value === '' ? null : value === 'true');

/** Valid form values → the `_set` inputs of organisations, practices and addresses. */
export function toPracticeChanges(values: z.output<typeof ZPracticeFormSchema>) {
  return {
    organisation: {
      name: values.name,
      legal_entity_name: orNull(values.legalEntityName),
      abn: orNull(values.abn.replace(/\s/g, '')),
      structure: orNull(values.structure),
      email: orNull(values.email),
      billing_email: orNull(values.billingEmail),
      phone: orNull(values.phone),
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
  ...(Object.fromEntries(
    Object.keys(ZPracticeFormSchema.shape).map((key) => [key, '']),
  ) as TPracticeFormValues),
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
