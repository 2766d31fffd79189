import { describe, expect, it } from 'vitest';
import { personOptions, selectedOption, type TContactRow, type TStaffPerson } from './contact-people.ts';

const staff = (overrides: Partial<TStaffPerson>): TStaffPerson => ({
  id: 1,
  title: 'DR',
  first_name: 'Chloe',
  last_name: 'Martin',
  email: 'chloe@x.test',
  phone: null,
  phone_country_code: 'AU',
  type: 'gp',
  user_id: null,
  ...overrides,
});
const contact = (overrides: Partial<TContactRow>): TContactRow => ({
  id: 50,
  first_name: 'Chloe',
  last_name: 'Martin',
  email: 'chloe@x.test',
  phone: null,
  phone_country_code: 'AU',
  user_id: null,
  type: 'GP',
  ...overrides,
});

describe('nominated contact people', () => {
  it('lists staff, then users not on the register, each once', () => {
    const options = personOptions(
      [staff({ id: 1, user_id: 7 }), staff({ id: 2, first_name: 'Henry', email: null })],
      [
        {
          id: 1,
          role: 'PM',
          user: {
            id: 7,
            first_name: 'Chloe',
            last_name: 'Martin',
            email: 'c@x',
            phone: null,
            phone_country_code: 'AU',
          },
        },
        {
          id: 2,
          role: 'PM',
          user: {
            id: 8,
            first_name: 'Pat',
            last_name: 'Manager',
            email: 'pm@x',
            phone: null,
            phone_country_code: 'AU',
          },
        },
        {
          id: 3,
          role: 'SU',
          user: {
            id: 8,
            first_name: 'Pat',
            last_name: 'Manager',
            email: 'pm@x',
            phone: null,
            phone_country_code: 'AU',
          },
        },
      ],
    );
    expect(options.map((o) => o.value)).toEqual(['staff:1', 'staff:2', 'user:8']);
    expect(options[1]?.label).toBe('Henry Martin');
  });

  it("spec 000 §9: a user's option carries their phone's country", () => {
    const options = personOptions(
      [],
      [
        {
          id: 1,
          role: 'PM',
          user: {
            id: 8,
            first_name: 'Pat',
            last_name: 'Manager',
            email: 'pm@x',
            phone: '04 472 3000',
            phone_country_code: 'NZ',
          },
        },
      ],
    );
    expect(options[0]?.contact).toMatchObject({ phone: '04 472 3000', phone_country_code: 'NZ' });
  });

  it('finds the current contact by account, else by name and e-mail', () => {
    const options = personOptions([staff({ id: 1 }), staff({ id: 2, first_name: 'Henry', user_id: 9 })], []);
    expect(selectedOption(contact({ user_id: 9, first_name: 'Other' }), options)).toBe('staff:2');
    expect(selectedOption(contact({}), options)).toBe('staff:1');
    expect(selectedOption(contact({ email: 'else@x.test' }), options)).toBeNull();
    expect(selectedOption(null, options)).toBeNull();
  });

  it('keeps a contact who is no longer on the register selectable', () => {
    const gone = contact({ id: 77, first_name: 'Former', email: null });
    const options = personOptions([staff({})], [], [gone]);
    expect(options.at(-1)).toMatchObject({ value: 'contact:77', label: 'Former Martin' });
    expect(selectedOption(gone, options)).toBe('contact:77');
  });
});
