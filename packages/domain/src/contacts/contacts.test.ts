import { describe, expect, it } from 'vitest';
import { DEFAULT_PHONE_COUNTRY } from '../constants/limits.ts';
import {
  canRemoveNominatedContact,
  NOMINATED_CONTACT_KINDS,
  NOMINATED_CONTACTS,
  ZNominatedContactRequestSchema,
} from './nominated-contacts.ts';
import {
  displayPhone,
  isPhoneCountry,
  isValidPhone,
  normalisePhone,
  PHONE_COUNTRIES,
  phoneFieldError,
  ZOptionalPhoneSchema,
  ZRequiredPhoneSchema,
} from './phone.ts';

describe('phone numbers (spec 000 §5, §9: default country AU, checked per country)', () => {
  it('accepts Australian landlines, mobiles, +61 and service numbers however they are spaced', () => {
    for (const ok of [
      '02 9360 4411',
      '(02) 9360-4411',
      '0411 101 200',
      '0411101200',
      '+61 411 101 200',
      '+61 (0)2 9360 4411',
      '0061 3 9347 5120',
      '1300 123 456',
      '1800-123-456',
      '13 12 34',
    ]) {
      expect(isValidPhone(ok), ok).toBe(true);
    }
    expect(normalisePhone('+61 411 101 200')).toBe('+61411101200');
  });

  it('refuses wrong lengths, unknown prefixes, premium numbers, letters and numbers of another country', () => {
    for (const bad of [
      '0411 101 20',
      '04111012001',
      '0911 101 200',
      '1900 123 456',
      'call me',
      '+1 212 555 0100',
      '',
    ]) {
      expect(isValidPhone(bad), bad).toBe(false);
    }
  });

  it('spec 000 §9: checks a number against the country chosen, AU when none is', () => {
    expect(isValidPhone('020 7946 0958', 'GB')).toBe(true);
    expect(isValidPhone('+44 20 7946 0958', 'GB')).toBe(true);
    expect(isValidPhone('04 472 3000', 'NZ')).toBe(true);
    expect(isValidPhone('04 472 3000')).toBe(false);
    expect(isValidPhone('0411 101 200', 'NZ')).toBe(false);
    expect(isValidPhone('020 7946 0958')).toBe(false);
    expect(phoneFieldError('020 7946 0958', { country: 'GB' })).toBeNull();
    expect(phoneFieldError('020 7946 0958')).toBe('Invalid phone number format');
    expect(DEFAULT_PHONE_COUNTRY).toBe('AU');
    expect(PHONE_COUNTRIES.find((c) => c.code === 'AU')).toEqual({ code: 'AU', label: 'Australia (+61)' });
    expect(isPhoneCountry('NZ')).toBe(true);
    expect(isPhoneCountry('XX')).toBe(false);
  });

  it("spec 000 §9: shows an Australian number as typed and another country's in international form", () => {
    expect(displayPhone('02 9360 4411', 'AU')).toBe('02 9360 4411');
    expect(displayPhone(' 0411101200 ', null)).toBe('0411101200');
    expect(displayPhone('04 472 3000', 'NZ')).toBe('+64 4 472 3000');
    expect(displayPhone('0064 4 472 3000', 'NZ')).toBe('+64 4 472 3000');
    // Not a number of its country (an older row): as stored. None: null.
    expect(displayPhone('call reception', 'NZ')).toBe('call reception');
    expect(displayPhone('  ', 'NZ')).toBeNull();
    expect(displayPhone(null, 'AU')).toBeNull();
  });

  it('gives the spec messages on blur; optional phones are only checked when not empty', () => {
    expect(phoneFieldError('')).toBeNull();
    expect(phoneFieldError('  ', { required: true })).toBe('This field is required');
    expect(phoneFieldError('12')).toBe('Invalid phone number format');
    expect(phoneFieldError('0411 101 200', { required: true })).toBeNull();
  });

  it('schemas: optional empty becomes null, required empty says so', () => {
    expect(ZOptionalPhoneSchema.parse('')).toBeNull();
    expect(ZOptionalPhoneSchema.parse(undefined)).toBeNull();
    expect(ZOptionalPhoneSchema.parse(' 0411 101 200 ')).toBe('0411 101 200');
    expect(ZOptionalPhoneSchema.safeParse('123').error?.issues[0]?.message).toBe(
      'Invalid phone number format',
    );
    expect(ZRequiredPhoneSchema.safeParse('').error?.issues[0]?.message).toBe('This field is required');
    expect(ZRequiredPhoneSchema.safeParse('x').error?.issues[0]?.message).toBe('Invalid phone number format');
  });
});

describe('nominated contacts', () => {
  it('has four kinds, each pointing at its accreditation column', () => {
    expect(NOMINATED_CONTACT_KINDS).toEqual(['ACCREDITATION', 'GP', 'NURSE', 'SUPPORT']);
    expect(NOMINATED_CONTACTS).toEqual({
      ACCREDITATION: {
        label: 'Accreditation contact',
        column: 'nominated_accreditation_contact_id',
        relationship: 'nominated_accreditation_contact',
      },
      GP: { label: 'GP contact', column: 'nominated_gp_contact_id', relationship: 'nominated_gp_contact' },
      NURSE: {
        label: 'Nurse contact',
        column: 'nominated_nurse_contact_id',
        relationship: 'nominated_nurse_contact',
      },
      SUPPORT: {
        label: 'Support contact',
        column: 'nominated_support_contact_id',
        relationship: 'nominated_support_contact',
      },
    });
  });

  it('never lets the accreditation contact be removed', () => {
    expect(canRemoveNominatedContact('ACCREDITATION')).toBe(false);
    for (const kind of ['GP', 'NURSE', 'SUPPORT'] as const)
      expect(canRemoveNominatedContact(kind)).toBe(true);
  });

  it('validates the request: one person at most, the phone rule', () => {
    expect(
      ZNominatedContactRequestSchema.safeParse({ practiceId: 1, kind: 'GP', staffId: 3, phone: '' }).success,
    ).toBe(true);
    expect(
      ZNominatedContactRequestSchema.safeParse({ practiceId: 1, kind: 'GP', staffId: 3, userId: 4 }).success,
    ).toBe(false);
    expect(
      ZNominatedContactRequestSchema.safeParse({ practiceId: 1, kind: 'GP', staffId: 3, phone: '99' }).error
        ?.issues[0]?.message,
    ).toBe('Invalid phone number format');
  });
});
