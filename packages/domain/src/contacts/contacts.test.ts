import { describe, expect, it } from 'vitest';
import {
  canRemoveNominatedContact,
  NOMINATED_CONTACT_KINDS,
  NOMINATED_CONTACTS,
  ZNominatedContactRequestSchema,
} from './nominated-contacts.ts';
import {
  isValidAustralianPhone,
  normaliseAustralianPhone,
  phoneFieldError,
  ZOptionalPhoneSchema,
  ZRequiredPhoneSchema,
} from './phone.ts';

describe('Australian phone numbers', () => {
  it('accepts landlines, mobiles, +61 and service numbers however they are spaced', () => {
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
      expect(isValidAustralianPhone(ok), ok).toBe(true);
    }
    expect(normaliseAustralianPhone('+61 411 101 200')).toBe('0411101200');
  });

  it('refuses wrong lengths, unknown prefixes, letters and foreign numbers', () => {
    for (const bad of [
      '0411 101 20',
      '04111012001',
      '0911 101 200',
      '1900 123 456',
      'call me',
      '+1 212 555 0100',
      '411101200',
      '',
    ]) {
      expect(isValidAustralianPhone(bad), bad).toBe(false);
    }
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
