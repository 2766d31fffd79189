import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation/field-errors.ts';
import { ZAccountDetailsSchema } from './account-details.ts';

const valid = { firstName: 'Jo', lastName: 'Lee', title: 'DR', phone: '0412 345 678' };
const errorsOf = (input: Record<string, unknown>) => {
  const result = ZAccountDetailsSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe('ZAccountDetailsSchema (the account form and the updateAccount action)', () => {
  it('trims the names and keeps the title and phone as typed', () => {
    expect(ZAccountDetailsSchema.parse({ ...valid, firstName: '  Jo ', lastName: ' Lee' })).toEqual({
      ...valid,
      phoneCountryCode: 'AU',
    });
  });

  it('stores no title and an empty phone as null', () => {
    for (const empty of ['', '  ', null, undefined]) {
      expect(ZAccountDetailsSchema.parse({ ...valid, title: empty, phone: empty })).toEqual({
        ...valid,
        title: null,
        phone: null,
        phoneCountryCode: 'AU',
      });
    }
  });

  it("requires both names: 'Required.'", () => {
    expect(errorsOf({ ...valid, firstName: '   ', lastName: undefined })).toEqual({
      firstName: 'Required.',
      lastName: 'Required.',
    });
  });

  it("takes names of at most 150 characters: 'Max 150 characters'", () => {
    expect(errorsOf({ ...valid, firstName: 'a'.repeat(150) })).toEqual({});
    expect(errorsOf({ ...valid, firstName: 'a'.repeat(151), lastName: 'b'.repeat(10_000) })).toEqual({
      firstName: 'Max 150 characters',
      lastName: 'Max 150 characters',
    });
  });

  it('refuses control characters in a name or phone, TAB and line breaks included', () => {
    const message = 'Remove the control characters (such as NUL) from this field.';
    for (const bad of ['Jo\u0000', 'J\to', 'Jo\nLee', 'Jo\r\nLee', 'Jo\u007f', 'Jo\u0085']) {
      expect(errorsOf({ ...valid, firstName: bad }), JSON.stringify(bad)).toEqual({ firstName: message });
    }
    expect(errorsOf({ ...valid, phone: '0412\t345 678' })).toEqual({ phone: message });
  });

  it("refuses a title outside the list: 'Choose one of the listed titles.'", () => {
    for (const bad of ['KING', 'dr', 'x'.repeat(5000), 3]) {
      expect(errorsOf({ ...valid, title: bad })).toEqual({ title: 'Choose one of the listed titles.' });
    }
  });

  it("refuses a phone that is not Australian or too long: 'Invalid phone number format'", () => {
    for (const bad of ['12345', '+1 212 555 0100', `04${'1'.repeat(60)}`, 412345678]) {
      expect(errorsOf({ ...valid, phone: bad })).toEqual({ phone: 'Invalid phone number format' });
    }
  });

  it('spec 000 §9: checks the phone against its country, AU when none is given', () => {
    expect(ZAccountDetailsSchema.parse({ ...valid, phone: '04 472 3000', phoneCountryCode: 'NZ' })).toEqual({
      ...valid,
      phone: '04 472 3000',
      phoneCountryCode: 'NZ',
    });
    for (const country of [undefined, null, 'AU'])
      expect(errorsOf({ ...valid, phone: '04 472 3000', phoneCountryCode: country })).toEqual({
        phone: 'Invalid phone number format',
      });
    expect(errorsOf({ ...valid, phoneCountryCode: 'XX' })).toEqual({
      phoneCountryCode: 'Choose the country of the phone number.',
    });
    // Checked beside the other fields' messages, not only when they pass.
    expect(errorsOf({ ...valid, title: 'KING', phone: '04 472 3000' })).toEqual({
      title: 'Choose one of the listed titles.',
      phone: 'Invalid phone number format',
    });
  });
});
