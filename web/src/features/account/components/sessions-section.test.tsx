import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.ts';
import { renderAppOnStack, useRealStack } from '../../../test/stack-harness.tsx';

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('Account settings: where you are signed in, on the real stack', () => {
  const stack = useRealStack();

  /** Another sign-in of the user, from an iPhone; its cookies, to try a refresh with later. */
  async function signInOnPhone(user: { email: string; password: string }) {
    const response = await stack.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      headers: { 'user-agent': SAFARI_IPHONE },
    });
    const cookie = (name: string) => response.cookies.find((c) => c.name === name)!.value;
    return { refresh: cookie('portal_refresh'), csrf: cookie('portal_csrf') };
  }
  const refreshes = async (tokens: { refresh: string; csrf: string }) =>
    (
      await stack.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { portal_refresh: tokens.refresh, portal_csrf: tokens.csrf },
        headers: { 'x-csrf-token': tokens.csrf },
      })
    ).statusCode === 200;

  it('spec-silent (accounts-and-sessions "Sessions"): lists the sessions with This device marked, and "Sign out" ends another one', async () => {
    const account = await createUser(stack.sql);
    const phone = await signInOnPhone(account);
    await renderAppOnStack(stack, `/AccountSettings/${account.id}`, { as: account });

    const list = await screen.findByRole('list', { name: 'Your sessions' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const phoneItem = within(list).getByText('Safari 17 on iPhone (iOS 17.4)').closest('li')!;
    const thisItem = within(list).getByText('This device').closest('li')!;
    expect(within(thisItem).queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(within(phoneItem).getByText(/signed in .* · last seen /)).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(phoneItem).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('One session was signed out.')).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(await refreshes(phone)).toBe(false);
  });

  it('spec-silent (accounts-and-sessions "Sessions"): "Sign out of all other sessions" ends every other one and keeps this one', async () => {
    const account = await createUser(stack.sql);
    const first = await signInOnPhone(account);
    const second = await signInOnPhone(account);
    await renderAppOnStack(stack, `/AccountSettings/${account.id}`, { as: account });
    const list = await screen.findByRole('list', { name: 'Your sessions' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign out of all other sessions' }));
    expect(await screen.findByText('2 sessions were signed out.')).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Sign out of all other sessions' })).toBeNull();
    expect(await refreshes(first)).toBe(false);
    expect(await refreshes(second)).toBe(false);
  });
});
