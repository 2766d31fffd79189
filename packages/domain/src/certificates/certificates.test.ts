import { describe, expect, it } from 'vitest';
import { canMove, SURVEY_CERTIFY } from '../assessments/assessment-transitions.ts';
import { CERTIFICATE_SIZES, CERTIFICATE_VALIDITY_YEARS } from '../constants/assessments.ts';
import { verifyRoute } from '../routes/app-routes.ts';
import { certificateNumber } from './certificate-number.ts';
import { certificateVerificationState, VERIFY_MESSAGES } from './certificate-verification.ts';
import {
  CERTIFICATE_MESSAGES,
  defaultExpiryDate,
  issueCertificateDefaults,
  potentialCommencementDate,
  ZIssueCertificateSchema,
} from './issue-certificate.ts';
import {
  generateVerificationCode,
  isVerificationCode,
  normaliseVerificationCode,
  VERIFICATION_CODE_ALPHABET,
} from './verification-code.ts';

const FORM = {
  certificationDate: '2026-03-10',
  issueDate: '2026-03-12',
  expiryDate: '2029-03-10',
  commencementDate: '2026-04-01',
  condition: '  Until the surveillance visit.  ',
  certifiedById: 7,
};
const messagesOf = (input: unknown) => {
  const result = ZIssueCertificateSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('ZIssueCertificateSchema', () => {
  it('refuses dates outside this century (a typing slip), naming each', () => {
    expect(CERTIFICATE_MESSAGES.dateOutOfRange).toBe('Enter a date from 01/01/2000 to 31/12/2099.');
    expect(
      messagesOf({
        ...FORM,
        certificationDate: '1999-12-31',
        issueDate: '2026-03-12',
        expiryDate: '9999-12-31',
        commencementDate: '0026-04-01',
      }),
    ).toEqual({
      certificationDate: CERTIFICATE_MESSAGES.dateOutOfRange,
      expiryDate: CERTIFICATE_MESSAGES.dateOutOfRange,
      commencementDate: CERTIFICATE_MESSAGES.dateOutOfRange,
    });
    expect(messagesOf({ ...FORM, certificationDate: '2000-01-01', expiryDate: '2099-12-31' })).toEqual({});
  });

  it('takes a complete form, trimming the condition', () => {
    expect(ZIssueCertificateSchema.parse(FORM)).toEqual({
      ...FORM,
      condition: 'Until the surveillance visit.',
    });
  });

  it('takes no commencement date and no condition as null', () => {
    expect(ZIssueCertificateSchema.parse({ ...FORM, commencementDate: '', condition: '   ' })).toMatchObject({
      commencementDate: null,
      condition: null,
    });
    expect(
      ZIssueCertificateSchema.parse({ ...FORM, commencementDate: undefined, condition: null }),
    ).toMatchObject({ commencementDate: null, condition: null });
  });

  it("asks for every date with 'Please input a date' and for the certifier with 'Certified user required'", () => {
    expect(
      messagesOf({
        ...FORM,
        certificationDate: undefined,
        issueDate: '',
        expiryDate: '2029-02-30',
        certifiedById: null,
      }),
    ).toEqual({
      certificationDate: 'Please input a date',
      issueDate: 'Please input a date',
      expiryDate: 'Please input a date',
      certifiedById: 'Certified user required',
    });
    expect(messagesOf({ ...FORM, certifiedById: 0 })).toEqual({
      certifiedById: CERTIFICATE_MESSAGES.certifierRequired,
    });
  });

  it('refuses an issue date before certification and an expiry not after issue', () => {
    expect(messagesOf({ ...FORM, issueDate: '2026-03-09' })).toEqual({
      issueDate: CERTIFICATE_MESSAGES.issueBeforeCertification,
    });
    expect(messagesOf({ ...FORM, expiryDate: FORM.issueDate })).toEqual({
      expiryDate: CERTIFICATE_MESSAGES.expiryNotAfterIssue,
    });
    expect(messagesOf({ ...FORM, issueDate: FORM.certificationDate })).toEqual({});
  });

  it('refuses a condition over 1000 characters or holding a control character', () => {
    expect(messagesOf({ ...FORM, condition: 'x'.repeat(1000) })).toEqual({});
    expect(messagesOf({ ...FORM, condition: 'x'.repeat(1001) })).toEqual({
      condition: CERTIFICATE_MESSAGES.conditionTooLong,
    });
    expect(Object.keys(messagesOf({ ...FORM, condition: 'a\u0000b' }))).toEqual(['condition']);
  });
});

describe('the form defaults', () => {
  it('expires CERTIFICATE_VALIDITY_YEARS (3) after certification, 29 February on the 28th', () => {
    expect(CERTIFICATE_VALIDITY_YEARS).toBe(3);
    expect(defaultExpiryDate('2026-03-10')).toBe('2029-03-10');
    expect(defaultExpiryDate('2028-02-29')).toBe('2031-02-28');
  });

  it('certifies and issues today, with the suggested commencement date', () => {
    expect(issueCertificateDefaults('2026-11-28', '2026-12-01')).toEqual({
      certificationDate: '2026-11-28',
      issueDate: '2026-11-28',
      expiryDate: '2029-11-28',
      commencementDate: '2026-12-01',
      condition: '',
      certifiedById: null,
    });
    expect(CERTIFICATE_SIZES[0]).toBe('A3');
  });

  it('suggests the day after the current accreditation expires when that is ahead, else the certification date', () => {
    expect(potentialCommencementDate('2026-11-28', '2027-01-31')).toBe('2027-02-01');
    expect(potentialCommencementDate('2026-11-28', '2026-12-31')).toBe('2027-01-01');
    expect(potentialCommencementDate('2026-11-28', '2026-11-27')).toBe('2026-11-28');
    expect(potentialCommencementDate('2026-11-28', '2026-11-01')).toBe('2026-11-28');
    expect(potentialCommencementDate('2026-11-28', null)).toBe('2026-11-28');
  });
});

describe('SURVEY_CERTIFY', () => {
  it('moves an approved survey visit to CERTIFIED, from nothing else', () => {
    expect(SURVEY_CERTIFY.to).toBe('CERTIFIED');
    expect(canMove(SURVEY_CERTIFY, 'SURVEY_VISIT', 'APPROVED')).toBe(true);
    for (const status of ['IN_PROGRESS', 'UNDER_REVIEW', 'ACTION_REQUIRED', 'CERTIFIED'] as const)
      expect(canMove(SURVEY_CERTIFY, 'SURVEY_VISIT', status)).toBe(false);
    expect(canMove(SURVEY_CERTIFY, 'PRESURVEY', 'COMPLETED')).toBe(false);
  });
});

describe('verification codes', () => {
  it('are 12 characters of the unambiguous alphabet, grouped XXXX-XXXX-XXXX', () => {
    expect(VERIFICATION_CODE_ALPHABET).toHaveLength(32);
    for (const lookAlike of ['0', 'O', '1', 'I']) expect(VERIFICATION_CODE_ALPHABET).not.toContain(lookAlike);
    const codes = new Set(Array.from({ length: 200 }, () => generateVerificationCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){2}$/);
      expect(isVerificationCode(code)).toBe(true);
      expect([...code.replace(/-/g, '')].every((c) => VERIFICATION_CODE_ALPHABET.includes(c))).toBe(true);
    }
  });

  it('take their characters from the random bytes given', () => {
    expect(generateVerificationCode((n) => new Uint8Array(n))).toBe('AAAA-AAAA-AAAA');
    expect(generateVerificationCode((n) => new Uint8Array(n).fill(255))).toBe('9999-9999-9999');
  });

  it('are read back however typed, and refused when they cannot be one', () => {
    expect(normaliseVerificationCode(' abcd efgh jk23 ')).toBe('ABCD-EFGH-JK23');
    expect(normaliseVerificationCode('ABCD-EFGH-JK23')).toBe('ABCD-EFGH-JK23');
    expect(normaliseVerificationCode('ABCDEFGHJK2')).toBeNull();
    expect(normaliseVerificationCode('ABCD-EFGH-JK2!')).toBeNull();
    // Letters that upper-case into ASCII are not ASCII letters: dotless i, long s, the ff ligature, full width.
    for (const lookalike of [
      'ABCD-EFGH-JK2\u0131',
      'ABCD-EFGH-JK2\u017f',
      'ABCD-EFGH-JK\ufb00',
      'ＡBCD-EFGH-JK23',
    ])
      expect(normaliseVerificationCode(lookalike), lookalike).toBeNull();
    expect(normaliseVerificationCode(`ABCD-EFGH-JK23${' '.repeat(51)}`)).toBeNull();
    expect(normaliseVerificationCode("ABCD' OR '1'='1")).toBeNull();
    expect(isVerificationCode('abcd-efgh-jk23')).toBe(false);
  });
});

describe('certificate numbers and the verify page', () => {
  it('numbers a certificate by type, issue year and id', () => {
    expect(certificateNumber(123, 'ACCREDITATION', '2026-11-28')).toBe('ACC-2026-000123');
    expect(certificateNumber(5, 'REGISTRATION', '2025-01-01')).toBe('REG-2025-000005');
    expect(certificateNumber(1234567, 'EXTENSION', '2027-06-30')).toBe('EXT-2027-1234567');
  });

  it('tells current, superseded, revoked and expired apart', () => {
    const today = '2026-11-28';
    expect(certificateVerificationState({ validity: 'VALID', expiryDate: '2026-11-28', today })).toBe(
      'current',
    );
    expect(certificateVerificationState({ validity: 'VALID', expiryDate: '2026-11-27', today })).toBe(
      'expired',
    );
    expect(certificateVerificationState({ validity: 'SUPERSEDED', expiryDate: '2029-01-01', today })).toBe(
      'superseded',
    );
    expect(certificateVerificationState({ validity: 'REVOKED', expiryDate: '2029-01-01', today })).toBe(
      'revoked',
    );
    expect(VERIFY_MESSAGES.verdict.current).toBe('Genuine and current');
    expect(verifyRoute('ABCD-EFGH-JK23')).toBe('/verify/ABCD-EFGH-JK23');
    expect(verifyRoute()).toBe('/verify');
  });
});
