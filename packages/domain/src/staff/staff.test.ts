import { describe, expect, it } from 'vitest';
import { invitationPath } from '../routes/app-routes.ts';
import { fieldErrors } from '../validation/field-errors.ts';
import { isNumberCellText, numberCellText, staffFieldRules, withEmploymentStatus } from './staff-fields.ts';
import {
  canInviteStaff,
  inviteButtonLabel,
  inviteResultMessage,
  staffAccountTooltip,
} from './staff-invite.ts';
import {
  newStaffMemberDefaults,
  type TStaffMemberInput,
  toStaffPayload,
  ZStaffMemberSchema,
} from './staff-member-schema.ts';
import { fieldKeyToTitle, staffSaveErrorMessage, toSnakeCase } from './staff-save-error.ts';
import { DEFAULT_STAFF_SEARCH_FIELD, STAFF_SEARCH_FIELDS, staffWhere } from './staff-search.ts';

const validGp = (overrides: Partial<TStaffMemberInput> = {}): TStaffMemberInput => ({
  ...newStaffMemberDefaults(),
  firstName: 'Chloe',
  lastName: 'Martin',
  registrationNum: 'MED0001007919',
  startDate: '2023-02-01',
  email: ' Chloe.Martin@Example.com ',
  hoursPerWeek: '30.5',
  cprExpiry: '2026-01-31',
  qicpd: 'RACGP',
  ...overrides,
});

const errorsOf = (input: unknown) => {
  const result = ZStaffMemberSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe('new staff rows', () => {
  it('start as a DR, GP, employee, VR, active', () => {
    expect(newStaffMemberDefaults()).toEqual({
      verified: false,
      title: 'DR',
      firstName: '',
      lastName: '',
      type: 'gp',
      registrationNum: '',
      employmentType: 'EMPLOYEE',
      startDate: '',
      employmentStatus: 'ACTIVE',
      resignationDate: null,
      email: '',
      vrStatus: 'VR',
      hoursPerWeek: '',
      cprExpiry: '',
      qicpd: '',
      qaCpdNum: '',
      fteBand: null,
      phone: '',
      phoneCountryCode: 'AU',
      active: true,
    });
  });

  it('ask for every required field with the cell messages by kind', () => {
    expect(errorsOf({ ...newStaffMemberDefaults(), title: '', employmentStatus: '' })).toEqual({
      title: 'Field required',
      firstName: 'Required field',
      lastName: 'Required field',
      registrationNum: 'Required field',
      startDate: 'Required field',
      employmentStatus: 'Field required',
      email: 'Required field',
      hoursPerWeek: 'Field required',
      cprExpiry: 'Required field',
    });
    expect(errorsOf({ ...validGp(), verified: 'yes' })).toEqual({ verified: 'Field required' });
  });

  it('show the conditional required fields while other cells are still blank', () => {
    // A fresh GP row set to inactive: registration number and resignation date are required
    // now, not only once every other cell is filled (the blur message comes from this parse).
    const blank = { ...newStaffMemberDefaults(), employmentStatus: 'INACTIVE' as const };
    expect(errorsOf(blank)).toMatchObject({
      registrationNum: 'Required field',
      resignationDate: 'Required field',
    });
    expect(errorsOf({ ...blank, type: 'support' })).not.toHaveProperty('registrationNum');
    // A resignation before the start is only compared between two real dates.
    expect(
      errorsOf({ ...blank, firstName: '', startDate: '2024-05-01', resignationDate: '2024-04-30' })
        .resignationDate,
    ).toBe('The resignation date cannot be before the start date');
    expect(errorsOf({ ...blank, startDate: 'soon', resignationDate: '2024-04-30' })).not.toHaveProperty(
      'resignationDate',
    );
  });
});

describe('ZStaffMemberSchema', () => {
  it('stores a valid GP: e-mail normalised, hours as a number, empty phone null', () => {
    const row = ZStaffMemberSchema.parse(validGp({ phone: '' }));
    expect(row).toMatchObject({
      email: 'chloe.martin@example.com',
      hoursPerWeek: 30.5,
      phone: null,
      vrStatus: 'VR',
      qicpd: 'RACGP',
      resignationDate: null,
      id: null,
    });
  });

  it('requires a registration number for GPs and nurses, drops it for support and other', () => {
    expect(errorsOf(validGp({ registrationNum: '' }))).toEqual({ registrationNum: 'Required field' });
    expect(errorsOf(validGp({ type: 'nurse', registrationNum: ' ' }))).toEqual({
      registrationNum: 'Required field',
    });
    const support = ZStaffMemberSchema.parse(validGp({ type: 'support', registrationNum: 'X1' }));
    expect(support.registrationNum).toBeNull();
    expect(ZStaffMemberSchema.parse(validGp({ type: 'other' })).registrationNum).toBeNull();
    expect(
      ZStaffMemberSchema.parse(validGp({ type: 'allied_health', registrationNum: '' })).registrationNum,
    ).toBeNull();
  });

  it('keeps VR status and QI/CPD for GPs only', () => {
    const nurse = ZStaffMemberSchema.parse(validGp({ type: 'nurse', registrationNum: 'NMW1' }));
    expect(nurse.vrStatus).toBeNull();
    expect(nurse.qicpd).toBeNull();
  });

  it('requires a resignation date only when inactive, and not before the start', () => {
    expect(errorsOf(validGp({ employmentStatus: 'INACTIVE' }))).toEqual({
      resignationDate: 'Required field',
    });
    expect(errorsOf(validGp({ employmentStatus: 'INACTIVE', resignationDate: '2022-01-01' }))).toEqual({
      resignationDate: 'The resignation date cannot be before the start date',
    });
    expect(ZStaffMemberSchema.parse(validGp({ resignationDate: '2024-01-01' })).resignationDate).toBeNull();
    expect(
      ZStaffMemberSchema.parse(validGp({ employmentStatus: 'INACTIVE', resignationDate: '2024-01-01' }))
        .resignationDate,
    ).toBe('2024-01-01');
  });

  it('accepts hours as digits with one decimal point only', () => {
    for (const ok of ['40', '7.5', '.5', '38.', 12])
      expect(errorsOf(validGp({ hoursPerWeek: ok })), String(ok)).toEqual({});
    for (const bad of ['1.2.3', '-3', '1e2', 'ten']) {
      expect(errorsOf(validGp({ hoursPerWeek: bad })), bad).toEqual({
        hoursPerWeek: 'Value has to be a number',
      });
    }
    expect(errorsOf(validGp({ hoursPerWeek: '169' }))).toEqual({ hoursPerWeek: 'At most 168 hours a week' });
  });

  it('takes dates as real yyyy-MM-dd days', () => {
    expect(errorsOf(validGp({ startDate: '01/02/2023' }))).toEqual({
      startDate: 'Enter a date as dd/MM/yyyy',
    });
    expect(errorsOf(validGp({ cprExpiry: '2025-02-29' }))).toEqual({
      cprExpiry: 'Enter a date as dd/MM/yyyy',
    });
  });

  it('checks an optional phone only when given, with the spec message', () => {
    expect(errorsOf(validGp({ phone: '0411 101 200' }))).toEqual({});
    expect(errorsOf(validGp({ phone: '12345' }))).toEqual({ phone: 'Invalid phone number format' });
  });

  it("spec 000 §9: checks a row's phone against its country, AU by default", () => {
    expect(newStaffMemberDefaults().phoneCountryCode).toBe('AU');
    expect(errorsOf(validGp({ phone: '04 472 3000' }))).toEqual({ phone: 'Invalid phone number format' });
    expect(errorsOf(validGp({ phone: '04 472 3000', phoneCountryCode: 'NZ' }))).toEqual({});
    expect(errorsOf(validGp({ phone: '04 472 3000', phoneCountryCode: 'XX' }))).toEqual({
      phoneCountryCode: 'Choose the country of the phone number.',
    });
  });

  it('refuses values outside the choice lists and malformed e-mails', () => {
    expect(errorsOf(validGp({ title: 'KING' as never }))).toEqual({ title: 'Field required' });
    expect(errorsOf(validGp({ email: 'nobody' }))).toEqual({ email: 'Enter a valid e-mail address.' });
  });
});

describe('sending a row', () => {
  it('drops an empty phone, an empty cprExpiry and absent file fields', () => {
    const payload = toStaffPayload({
      ...validGp(),
      phone: '',
      cprExpiry: '',
      cpdEvidenceDocumentId: null,
      trainingEvidenceDocumentId: 7,
    });
    expect(payload).not.toHaveProperty('phone');
    expect(payload).not.toHaveProperty('cprExpiry');
    expect(payload).not.toHaveProperty('cpdEvidenceDocumentId');
    expect(payload.trainingEvidenceDocumentId).toBe(7);
  });

  it('setting the status back to active clears the resignation date', () => {
    const row = { employmentStatus: 'INACTIVE', resignationDate: '2024-01-01' };
    expect(withEmploymentStatus(row, 'ACTIVE')).toEqual({
      employmentStatus: 'ACTIVE',
      resignationDate: null,
    });
    expect(withEmploymentStatus(row, 'INACTIVE')).toEqual(row);
  });
});

describe('field rules and number cells', () => {
  it('show and require conditional fields by type and status', () => {
    expect(staffFieldRules({ type: 'gp', employmentStatus: 'ACTIVE' })).toEqual({
      registrationNum: 'required',
      resignationDate: 'hidden',
      vrStatus: 'optional',
      qicpd: 'optional',
    });
    expect(staffFieldRules({ type: 'support', employmentStatus: 'INACTIVE' })).toEqual({
      registrationNum: 'hidden',
      resignationDate: 'required',
      vrStatus: 'hidden',
      qicpd: 'hidden',
    });
  });

  it('number cells keep digits and the first decimal point', () => {
    expect(numberCellText('1a2.3.4')).toBe('12.34');
    expect(isNumberCellText('12.5')).toBe(true);
    expect(isNumberCellText('1.2.')).toBe(false);
  });
});

describe('save errors', () => {
  it('names the first field of the error body in title case', () => {
    expect(staffSaveErrorMessage({ registration_num: ['bad'], email: 'x' })).toBe(
      'Could not save staff member, value for Registration Num is invalid',
    );
    expect(staffSaveErrorMessage({ cprExpiry: 'x' })).toBe(
      'Could not save staff member, value for Cpr Expiry is invalid',
    );
    expect(staffSaveErrorMessage({})).toBe('Could not save staff member');
    expect(staffSaveErrorMessage(null)).toBe('Could not save staff member');
    expect(fieldKeyToTitle('hours_per_week')).toBe('Hours Per Week');
    expect(toSnakeCase('qaCpdNum')).toBe('qa_cpd_num');
  });
});

describe('invites', () => {
  it('are possible without an account and with no invite or one still INVITED', () => {
    expect(canInviteStaff({})).toBe(true);
    expect(canInviteStaff({ invite: { status: 'INVITED' } })).toBe(true);
    expect(canInviteStaff({ invite: { status: 'REJECTED' } })).toBe(false);
    expect(canInviteStaff({ invite: { status: 'ACCEPTED' } })).toBe(false);
    expect(canInviteStaff({ user: { id: 1, is_active: true } })).toBe(false);
  });

  it('spec 000 §4: a staff member with any account, even a deactivated one, cannot be invited', () => {
    expect(canInviteStaff({ user: { id: 1, is_active: false } })).toBe(false);
    expect(canInviteStaff({ user: { id: 1, is_active: false }, invite: { status: 'INVITED' } })).toBe(false);
    expect(inviteButtonLabel({ user: { id: 1, is_active: false } })).toBeNull();
  });

  it('spec 000 §4: a staff member with an ACCEPTED or REJECTED invite cannot be invited again', () => {
    expect(canInviteStaff({ invite: { status: 'ACCEPTED' } })).toBe(false);
    expect(canInviteStaff({ invite: { status: 'REJECTED' } })).toBe(false);
  });

  it('are labelled INVITE, then RE-INVITE', () => {
    expect(inviteButtonLabel({ invite: null })).toBe('INVITE');
    expect(inviteButtonLabel({ invite: { status: 'INVITED' } })).toBe('RE-INVITE');
    expect(inviteButtonLabel({ invite: { status: 'ACCEPTED' } })).toBeNull();
  });

  it('have the spec tooltips and toasts, and a link to the invite page', () => {
    expect(staffAccountTooltip({ user: { id: 1, is_active: true } })).toBe('Staff has an active account.');
    expect(staffAccountTooltip({ user: { id: 1, is_active: false } })).toBe(
      'Staff has deactivated their account.',
    );
    expect(staffAccountTooltip({ invite: { status: 'REJECTED' } })).toBe('Staff has rejected their invite.');
    expect(staffAccountTooltip({})).toBeNull();
    expect(inviteResultMessage('a@b.co', true)).toBe('You have submitted an invite to a@b.co.');
    expect(inviteResultMessage('a@b.co', false)).toBe(
      'Invite was not sent to a@b.co. Please check you have entered a valid email address & try again.',
    );
    expect(invitationPath('abc_-1')).toBe('/Practice/Invite/abc_-1');
  });
});

describe('staff search', () => {
  it('offers the seven fields, first name by default', () => {
    expect(STAFF_SEARCH_FIELDS.map((f) => f.label)).toEqual([
      'Employment',
      'Email',
      'First name',
      'Last name',
      'FTE band',
      'Title',
      'Type',
    ]);
    expect(DEFAULT_STAFF_SEARCH_FIELD).toBe('first_name');
  });

  it('builds one bool_exp: text fields by ilike, choice fields by their labels, extra filters', () => {
    expect(staffWhere({ practiceId: 3, search: '50%', field: 'email' })).toEqual({
      _and: [{ practice_id: { _eq: 3 } }, { archived: { _eq: false } }, { email: { _ilike: '%50\\%%' } }],
    });
    const base = [{ practice_id: { _eq: 3 } }, { archived: { _eq: false } }];
    expect(staffWhere({ practiceId: 3, search: 'prof', field: 'title' })).toEqual({
      _and: [...base, { title: { _in: ['PROF', 'ASSOC_PROF'] } }],
    });
    expect(staffWhere({ practiceId: 3, search: 'support', field: 'type' })).toEqual({
      _and: [...base, { type: { _in: ['support'] } }],
    });
    // Nothing matches a choice field: an empty _in, so no rows (not every row).
    expect(staffWhere({ practiceId: 3, search: 'zzz', field: 'fte_band' })).toEqual({
      _and: [...base, { fte_band: { _in: [] } }],
    });
    expect(staffWhere({ practiceId: 3, type: 'non_gp', employment: 'contract' })).toEqual({
      _and: [...base, { type: { _neq: 'gp' } }, { employment_type: { _eq: 'CONTRACTOR' } }],
    });
    expect(staffWhere({ practiceId: 3, type: 'gp', employment: 'full_time' })).toEqual({
      _and: [...base, { type: { _eq: 'gp' } }, { fte_band: { _eq: 'FTE_75_100' } }],
    });
    expect(staffWhere({ practiceId: 3, type: 'any', employment: 'any', search: '  ' })).toEqual({
      _and: base,
    });
  });
});
