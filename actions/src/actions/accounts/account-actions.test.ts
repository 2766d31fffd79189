import { createUser } from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const UPDATE = `mutation Update($firstName: String!, $lastName: String!, $title: String, $phone: String,
  $phoneCountryCode: String) {
  updateAccount(firstName: $firstName, lastName: $lastName, title: $title, phone: $phone,
    phoneCountryCode: $phoneCountryCode) {
    id user { id first_name last_name title phone phone_country_code } } }`;
const CONTROL = 'Remove the control characters (such as NUL) from this field.';
const valid = { firstName: 'Priya', lastName: 'Nair', title: 'DR', phone: '0412 345 678' };

describe('updateAccount', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** A user of our own, signed in (the stack's token cache then serves `gql(email, …)`). */
  const signedInUser = async (overrides: Parameters<typeof createUser>[1] = {}) => {
    const user = await createUser(stack.sql, overrides);
    await stack.tokenFor(user.email, user.password);
    return user;
  };
  const rowOf = async (id: number) =>
    (
      await stack.sql.query(
        'select first_name, last_name, title, phone, phone_country_code, updated_at from users where id = $1',
        [id],
      )
    ).rows[0];

  it("saves the signed-in user's names, title and phone, trimmed, and answers the saved row", async () => {
    const user = await signedInUser({ firstName: 'Old', lastName: 'Name' });
    const result = await stack.gql<{ updateAccount: { id: number; user: Record<string, unknown> } }>(
      user.email,
      UPDATE,
      { ...valid, firstName: '  Priya ' },
    );
    expect(result.errors).toBeUndefined();
    const saved = {
      first_name: 'Priya',
      last_name: 'Nair',
      title: 'DR',
      phone: '0412 345 678',
      phone_country_code: 'AU',
    };
    expect(result.data?.updateAccount).toEqual({ id: user.id, user: { id: user.id, ...saved } });
    expect(await rowOf(user.id)).toMatchObject(saved);
    // Recorded as the user's own change.
    const audit = await stack.sql.query(
      `select changed_by_id, changed_by_role from audit_log
        where table_name = 'users' and operation = 'UPDATE' and row_id = $1 order by id desc limit 1`,
      [String(user.id)],
    );
    expect(audit.rows).toEqual([{ changed_by_id: user.id, changed_by_role: 'user' }]);
  });

  it('clears the title and the phone with null or empty values', async () => {
    const user = await signedInUser();
    for (const empty of [{ title: null, phone: null }, { title: '', phone: '  ' }, {}]) {
      await stack.sql.query("update users set title = 'MR', phone = '02 9360 4411' where id = $1", [user.id]);
      const result = await stack.gql(user.email, UPDATE, { firstName: 'Al', lastName: 'Bo', ...empty });
      expect(result.errors, JSON.stringify(empty)).toBeUndefined();
      expect(await rowOf(user.id)).toMatchObject({ title: null, phone: null });
    }
  });

  it.each([
    ['a blank first name', { firstName: '   ' }, 'firstName', 'Required.'],
    ['an empty last name', { lastName: '' }, 'lastName', 'Required.'],
    ['a first name of 151 characters', { firstName: 'a'.repeat(151) }, 'firstName', 'Max 150 characters'],
    ['a last name of 20,000 characters', { lastName: 'b'.repeat(20_000) }, 'lastName', 'Max 150 characters'],
    // NUL and BEL are refused by the service's request gate, TAB and line breaks by the form's schema.
    ['NUL in the first name', { firstName: 'Pri\u0000ya' }, 'firstName', CONTROL],
    ['BEL in the last name', { lastName: 'Na\u0007ir' }, 'lastName', CONTROL],
    ['TAB in the first name', { firstName: 'Pri\tya' }, 'firstName', CONTROL],
    ['a line break in the last name', { lastName: 'Na\nir' }, 'lastName', CONTROL],
    ['a title outside the list', { title: 'KING' }, 'title', 'Choose one of the listed titles.'],
    [
      'a title of 10,000 characters',
      { title: 'DR'.repeat(5000) },
      'title',
      'Choose one of the listed titles.',
    ],
    ['a phone that is not Australian', { phone: '12345' }, 'phone', 'Invalid phone number format'],
    ['a phone of 202 digits', { phone: `04${'1'.repeat(200)}` }, 'phone', 'Invalid phone number format'],
    ['a line break in the phone', { phone: '0412\n345 678' }, 'phone', CONTROL],
  ])('refuses %s with its field message and changes nothing', async (_case, change, field, message) => {
    const user = await signedInUser();
    const before = await rowOf(user.id);
    const result = await stack.gql(user.email, UPDATE, { ...valid, ...change });
    expect(result.data ?? null).toBeNull();
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'invalid_input',
      fields: { [field]: message },
    });
    expect(await rowOf(user.id)).toEqual(before);
  });

  it('spec 000 §9: checks the phone against its country, AU by default, and keeps the country', async () => {
    const user = await signedInUser();
    const wellington = '04 472 3000';
    // Not an Australian number: refused with the spec's message, without a country and with AU.
    for (const country of [undefined, 'AU']) {
      const refused = await stack.gql(user.email, UPDATE, {
        ...valid,
        phone: wellington,
        phoneCountryCode: country,
      });
      expect(refused.errors?.[0]?.extensions).toMatchObject({
        code: 'invalid_input',
        fields: { phone: 'Invalid phone number format' },
      });
    }
    const unknown = await stack.gql(user.email, UPDATE, {
      ...valid,
      phone: wellington,
      phoneCountryCode: 'XX',
    });
    expect(unknown.errors?.[0]?.extensions).toMatchObject({
      fields: { phoneCountryCode: 'Choose the country of the phone number.' },
    });
    expect(await rowOf(user.id)).toMatchObject({ phone: null, phone_country_code: 'AU' });
    // A New Zealand number with its country NZ is accepted, and the country kept.
    const saved = await stack.gql<{ updateAccount: { user: Record<string, unknown> } }>(user.email, UPDATE, {
      ...valid,
      phone: wellington,
      phoneCountryCode: 'NZ',
    });
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.updateAccount.user).toMatchObject({ phone: wellington, phone_country_code: 'NZ' });
    expect(await rowOf(user.id)).toMatchObject({ phone: wellington, phone_country_code: 'NZ' });
  });

  it("changes only the caller's own row: no id can be given, and update_users_by_pk is gone", async () => {
    const user = await signedInUser();
    const other = await signedInUser({ firstName: 'Other', lastName: 'Person' });
    const otherBefore = await rowOf(other.id);

    const withId = await stack.gql(
      user.email,
      `mutation($id: Int!) { updateAccount(id: $id, firstName: "X", lastName: "Y") { id } }`,
      { id: other.id },
    );
    expect(withId.errors?.[0]?.extensions?.code).toBe('validation-failed');
    const direct = await stack.gql(
      user.email,
      `mutation($id: Int!) { update_users_by_pk(pk_columns: {id: $id}, _set: {first_name: "X"}) { id } }`,
      { id: other.id },
    );
    expect(direct.errors?.[0]?.extensions?.code).toBe('validation-failed');

    const own = await stack.gql<{ updateAccount: { id: number } }>(user.email, UPDATE, {
      ...valid,
      phone: '021 123 4567',
      phoneCountryCode: 'NZ',
    });
    expect(own.data?.updateAccount.id).toBe(user.id);
    expect(await rowOf(other.id)).toEqual(otherBefore);
  });

  it('saves the own row of a QAM acting as qam (the back office uses the same form)', async () => {
    const qam = await signedInUser({ isQam: true });
    const result = await stack.gql<{ updateAccount: { id: number } }>(
      { email: qam.email, role: 'qam' },
      UPDATE,
      valid,
    );
    expect(result.data?.updateAccount.id).toBe(qam.id);
    expect(await rowOf(qam.id)).toMatchObject({ first_name: 'Priya', title: 'DR' });
  });

  it('refuses a request without a token, and the admin secret (no signed-in user), changing nothing', async () => {
    const user = await signedInUser();
    const before = await rowOf(user.id);
    const response = await fetch(stack.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: UPDATE, variables: valid }),
    });
    const anonymous = (await response.json()) as {
      data?: unknown;
      errors?: Array<{ extensions?: { code?: string } }>;
    };
    expect(anonymous.data ?? null).toBeNull();
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('invalid-headers');

    const admin = await stack.gql('admin', UPDATE, valid);
    expect(admin.errors?.[0]?.extensions?.code).toBe('forbidden');
    expect(await rowOf(user.id)).toEqual(before);
  });
});
