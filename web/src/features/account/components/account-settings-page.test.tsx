import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CombinedError } from '@urql/core';
import { print } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories.ts';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';
import { UpdateAccountMutation } from '../api/update-account.ts';
import { accountSaveError } from '../model/account-save-error.ts';

describe('Account settings on the real stack', () => {
  const stack = useRealStack();
  /** A practice manager and a QAM, each with a phone and a title on record. */
  let manager: TestUser;
  let qam: TestUser;
  beforeAll(async () => {
    manager = await createUser(stack.sql, { firstName: 'Sarah', lastName: 'Mitchell' });
    qam = await createUser(stack.sql, { firstName: 'Helen', lastName: 'Murray', isQam: true });
    await stack.sql.query(`update users set phone = '0413 000 006', title = 'MRS' where id = any($1)`, [
      [manager.id, qam.id],
    ]);
  });

  const open = async (user: TestUser) => {
    const view = await renderAppOnStack(stack, `/AccountSettings/${user.id}`, { as: user });
    return { id: user.id, view };
  };

  it("shows the signed-in user's own details, and saves changed names and a valid Australian phone", async () => {
    const { id } = await open(manager);
    const { rows } = await stack.sql.query('select first_name, last_name from users where id = $1', [id]);
    const first = await screen.findByLabelText(/^First name/);
    await waitFor(() => expect((first as HTMLInputElement).value).toBe(rows[0].first_name));
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe(manager.email);

    const user = userEvent.setup();
    await user.clear(first);
    await user.type(first, 'Priyanka');
    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    await user.clear(phone);
    await user.type(phone, '0412 345 678');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your account settings have been saved.')).toBeTruthy();
    const saved = await stack.sql.query('select first_name, phone from users where id = $1', [id]);
    expect(saved.rows[0]).toEqual({ first_name: 'Priyanka', phone: '0412 345 678' });
  });

  it('refuses a phone that is not Australian with the spec message, and changes nothing', async () => {
    const { id } = await open(qam);
    const before = await stack.sql.query(
      'select first_name, last_name, phone, title from users where id = $1',
      [id],
    );
    const user = userEvent.setup();
    const phone = await screen.findByRole('textbox', { name: /^Phone/ });
    await user.clear(phone);
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Invalid phone number format')).toBeTruthy();
    const after = await stack.sql.query(
      'select first_name, last_name, phone, title from users where id = $1',
      [id],
    );
    expect(after.rows).toEqual(before.rows);
  });

  it('spec 000 §9: the phone has its country (Australia by default); an NZ number saves with NZ and comes back', async () => {
    const account = await createUser(stack.sql);
    await open(account);
    const country = (await screen.findByRole('combobox', { name: 'Phone country' })) as HTMLSelectElement;
    expect(country.value).toBe('AU');
    expect(country.selectedOptions[0]?.textContent).toBe('Australia (+61)');
    const user = userEvent.setup();
    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    await user.type(phone, '04 472 3000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // A Wellington number is not Australian: refused, nothing saved.
    expect(await screen.findByText('Invalid phone number format')).toBeTruthy();
    await user.click(country);
    await user.selectOptions(country, 'New Zealand (+64)');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your account settings have been saved.')).toBeTruthy();
    const saved = await stack.sql.query('select phone, phone_country_code from users where id = $1', [
      account.id,
    ]);
    expect(saved.rows[0]).toEqual({ phone: '04 472 3000', phone_country_code: 'NZ' });
    // Opened again, the form shows the stored country and number.
    cleanup();
    await open(account);
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /^Phone/ }) as HTMLInputElement).value).toBe('04 472 3000'),
    );
    expect((screen.getByRole('combobox', { name: 'Phone country' }) as HTMLSelectElement).value).toBe('NZ');
  });

  it('refuses a control character in a name before sending, with the field message', async () => {
    const account = await createUser(stack.sql);
    await renderAppOnStack(stack, `/AccountSettings/${account.id}`, { as: account });
    const before = await stack.sql.query('select first_name, last_name from users where id = $1', [
      account.id,
    ]);
    const user = userEvent.setup();
    const last = await screen.findByLabelText(/^Last name/);
    await user.clear(last);
    await user.click(last);
    await user.paste('Lee\u0007');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Remove the control characters (such as NUL) from this field.'),
    ).toBeTruthy();
    const after = await stack.sql.query('select first_name, last_name from users where id = $1', [
      account.id,
    ]);
    expect(after.rows).toEqual(before.rows);
  });

  it("turns the action's refusal into the form's field messages", async () => {
    // The form checks with the action's own schema first, so only a caller that skips it (here the
    // form's document sent as is) meets the action's refusal: its answer is what the form shows.
    const account = await createUser(stack.sql);
    await stack.tokenFor(account.email, account.password);
    const result = await stack.gql(account.email, print(UpdateAccountMutation), {
      firstName: 'a'.repeat(151),
      lastName: 'Lee',
      title: 'KING',
      phone: '12345',
    });
    expect(result.errors).toBeDefined();
    const error = accountSaveError(new CombinedError({ graphQLErrors: result.errors }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('Please check the highlighted fields.');
    expect(error.fields).toEqual({
      firstName: 'Max 150 characters',
      title: 'Choose one of the listed titles.',
      phone: 'Invalid phone number format',
    });
  });

  it('decisions/notifications.md#digests: the E-mail digest select shows the setting (weekly by default) and saves the choice', async () => {
    // A QAM: the default role is qam, and the setting is saved as role user, their own row only.
    const { id } = await open(qam);
    const digest = (await screen.findByRole('combobox', { name: 'E-mail digest' })) as HTMLSelectElement;
    await waitFor(() => expect(digest.value).toBe('WEEKLY'));
    const user = userEvent.setup();
    await user.selectOptions(digest, 'Daily');
    expect(await screen.findByText('Your e-mail digest setting has been saved.')).toBeTruthy();
    const saved = await stack.sql.query('select email_digest from users where id = $1', [id]);
    expect(saved.rows[0]).toEqual({ email_digest: 'DAILY' });
    await user.selectOptions(digest, 'Off');
    await waitFor(async () => {
      const off = await stack.sql.query('select email_digest from users where id = $1', [id]);
      expect(off.rows[0]).toEqual({ email_digest: 'OFF' });
    });
  });
});
