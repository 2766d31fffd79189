import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation/field-errors.ts';
import {
  EMPTY_PRACTICE_FORM,
  hasAddressValues,
  PRACTICE_FORM_FIELDS,
  type TPracticeFormValues,
  toPracticeChanges,
  ZPracticeFormSchema,
} from './practice-form.ts';
import {
  canSubmitReapplication,
  hasSurveyConfirmationForm,
  isSurveyConfirmationDue,
  reapplicationNotDueMessage,
} from './renewal.ts';

const form = (overrides: Partial<TPracticeFormValues> = {}) => ({
  ...EMPTY_PRACTICE_FORM,
  name: 'A',
  ...overrides,
});
const errors = (values: Record<string, string>) => {
  const result = ZPracticeFormSchema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
};

describe('the practice form schema', () => {
  it('accepts a blank new practice with a name, and turns it into columns', () => {
    const parsed = ZPracticeFormSchema.parse(
      form({ abn: '53 004 085 616', previousExpiryDate: '2024-02-29' }),
    );
    const changes = toPracticeChanges(parsed);
    expect(changes.organisation).toMatchObject({ name: 'A', abn: '53004085616', email: null });
    expect(changes.practice).toMatchObject({
      meets_gp_definition: true,
      doctor_head_count: 0,
      previous_expiry_date: '2024-02-29',
    });
    expect(hasAddressValues(parsed)).toBe(false);
    expect(hasAddressValues(ZPracticeFormSchema.parse(form({ suburb: ' Manly ' })))).toBe(true);
  });

  it('names each bad field with its message', () => {
    expect(
      errors(
        form({
          name: '  ',
          abn: '1234567890',
          postcode: '123',
          state: 'nsw',
          previousExpiryDate: '2023-02-29',
          phone: '12',
          doctorHead: '3',
          doctorMax: '2',
          nurseHead: 'x',
        }),
      ),
    ).toEqual({
      name: 'Required.',
      abn: 'An ABN is 11 digits.',
      postcode: 'A postcode is 4 digits.',
      state: 'Choose one of the listed values.',
      previousExpiryDate: 'Enter a date as dd/MM/yyyy',
      phone: 'Invalid phone number format',
      doctorMax: 'The maximum cannot be lower than the head count.',
      nurseHead: 'Value has to be a number',
    });
  });

  it('checks every head and maximum count with the shared number rule (spec 002 §5)', () => {
    expect(
      errors(
        form({
          doctorHead: '1000',
          doctorMax: '1000',
          nurseHead: '05',
          nurseMax: '10',
          alliedHealthHead: '-1',
          alliedHealthMax: '2.5',
          supportStaffHead: '',
          supportStaffMax: '999',
        }),
      ),
    ).toEqual({
      doctorHead: 'Max is 999',
      doctorMax: 'Max is 999',
      nurseHead: 'Number cannot start with a 0',
      alliedHealthHead: 'Value has to be a number',
      alliedHealthMax: 'Value has to be a number',
      supportStaffHead: 'Required.',
    });
    // A head count of 0 is a real answer (no allied health staff), and 999 is the most.
    expect(
      errors(form({ alliedHealthHead: '0', alliedHealthMax: '0', doctorHead: '999', doctorMax: '999' })),
    ).toEqual({});
  });

  it('refuses values that are not strings, as an API caller might send', () => {
    const { doctorHead: _left, ...missing } = form();
    expect(Object.keys(errors(missing))).toEqual(['doctorHead']);
    expect(Object.keys(errors({ ...form(), isAmds: 'yes' }))).toEqual(['isAmds']);
    expect(PRACTICE_FORM_FIELDS).toHaveLength(34);
  });
});

describe('renewals and survey confirmations', () => {
  it('submits only a DUE renewal, and says why not otherwise', () => {
    expect(canSubmitReapplication('DUE')).toBe(true);
    expect(canSubmitReapplication('PAYMENT_PENDING')).toBe(false);
    expect(canSubmitReapplication(undefined)).toBe(false);
    expect(reapplicationNotDueMessage('PAYMENT_PENDING')).toBe(
      'This renewal has already been submitted and is waiting for payment.',
    );
    expect(reapplicationNotDueMessage(null)).toBe(
      'This practice has no renewal due, so there is nothing to submit.',
    );
  });

  it('treats a SENT confirmation form as due', () => {
    expect(isSurveyConfirmationDue({ confirmation_form_status: 'SENT' })).toBe(true);
    expect(isSurveyConfirmationDue({ confirmation_form_status: 'RECEIVED' })).toBe(false);
  });

  it('has a confirmation form to download once it was sent, and after it was confirmed', () => {
    expect(hasSurveyConfirmationForm({ confirmation_form_status: 'NOT_SENT' })).toBe(false);
    expect(hasSurveyConfirmationForm({ confirmation_form_status: 'SENT' })).toBe(true);
    expect(hasSurveyConfirmationForm({ confirmation_form_status: 'RECEIVED' })).toBe(true);
  });
});

describe('the practice phone (spec 000 §9)', () => {
  it('spec 000 §9: checks the practice phone against its country, AU when none is given', () => {
    const wellington = '04 472 3000';
    const nz = ZPracticeFormSchema.parse(form({ phone: wellington, phoneCountryCode: 'NZ' }));
    expect(toPracticeChanges(nz).organisation).toMatchObject({ phone: wellington, phone_country_code: 'NZ' });
    for (const phoneCountryCode of ['AU', ''])
      expect(errors(form({ phone: wellington, phoneCountryCode }))).toEqual({
        phone: 'Invalid phone number format',
      });
    // Not sent at all (an older form): Australian.
    const { phoneCountryCode: _absent, ...older } = form({ phone: '07 3844 2201' });
    expect(toPracticeChanges(ZPracticeFormSchema.parse(older)).organisation.phone_country_code).toBe('AU');
    expect(errors(form({ phone: wellington, phoneCountryCode: 'XX' }))).toEqual({
      phoneCountryCode: 'Choose the country of the phone number.',
    });
    // The fax stays Australian.
    expect(errors(form({ fax: wellington, phoneCountryCode: 'NZ' }))).toEqual({
      fax: 'Invalid phone number format',
    });
  });
});

describe('practice form length caps', () => {
  it('refuses over-long e-mail, phone, ABN and website values with their field messages', () => {
    const long = (n: number) => 'a'.repeat(n);
    expect(
      errors(
        form({
          email: `${long(250)}@x.com`,
          phone: long(41),
          abn: long(41),
          website: `https://${long(2000)}.com`,
        }),
      ),
    ).toMatchObject({
      email: 'Enter a valid e-mail address.',
      phone: 'Invalid phone number format',
      abn: 'An ABN is 11 digits.',
      website: 'Enter a web address such as https://www.example.com.au',
    });
  });
});
