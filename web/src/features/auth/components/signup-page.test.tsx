import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.ts';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

const CHECK_INBOX = 'Check your inbox: we have sent an e-mail to that address with the next step.';

describe('sign-up on the real stack', () => {
  const stack = useRealStack();

  const signUp = async (email: string) => {
    const view = await renderAppOnStack(stack, '/signup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^First name/, {}, { timeout: 10_000 }), 'Robin');
    await user.type(screen.getByLabelText(/^Last name/), 'Ng');
    await user.type(screen.getByLabelText(/^Email/), email);
    await user.type(screen.getByLabelText(/^Password/), 'Robin-pass-1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Robin-pass-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    return view;
  };
  const confirmLinkTo = async (email: string) => {
    const { rows } = await stack.sql.query<{ text_body: string }>(
      `select text_body from email_outbox where to_address = $1 and template = 'registration-confirm' order by id desc`,
      [email],
    );
    const link = /http:\/\/\S+\/ConfirmEmail\?token=[\w%-]+/.exec(rows[0]?.text_body ?? '')?.[0];
    if (!link) throw new Error(`no confirmation link to ${email}`);
    return new URL(link);
  };

  it('says to check the inbox, the same for a new and a taken address, and stays signed out', async () => {
    for (const email of ['brand.new@demo.test', 'taken@demo.test']) {
      if (email === 'taken@demo.test')
        await createUser(stack.sql, { email, firstName: 'Tia', lastName: 'Ken' });
      const view = await signUp(email);
      const status = await screen.findByRole('status', {}, { timeout: 10_000 });
      expect(status.textContent).toContain(CHECK_INBOX);
      expect(screen.getByText(`We have written to ${email}.`)).toBeTruthy();
      expect(view.path()).toBe('/signup');
      expect(view.services.session.token()).toBeNull();
      view.unmount();
    }
  }, 60_000);

  it('the e-mailed link creates the account, signs it in and lands on the practice list', async () => {
    const first = await signUp('robin.ng@demo.test');
    await screen.findByRole('status', {}, { timeout: 10_000 });
    first.unmount();
    const link = await confirmLinkTo('robin.ng@demo.test');
    const view = await renderAppOnStack(stack, `${link.pathname}${link.search}`);
    await waitFor(() => expect(view.path()).toBe('/Practice/List'), { timeout: 15_000 });
    expect(view.services.session.token()).not.toBeNull();
    const { rows } = await stack.sql.query('select first_name from users where email = $1', [
      'robin.ng@demo.test',
    ]);
    expect(rows).toEqual([{ first_name: 'Robin' }]);
    view.unmount();

    // Used once; a second visit explains and offers the ways in.
    const again = await renderAppOnStack(stack, `${link.pathname}${link.search}`);
    expect(
      await screen.findByText(
        'This sign-up link has expired or has already been used. Sign in, or sign up again for a new link.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('Sign up again')).toBeTruthy();
    expect(again.path()).toBe('/ConfirmEmail');
  }, 60_000);
});
