import { codeAt } from '@portal/testkit/two-factor';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, RecordContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createPortalServices, ServicesProvider } from '../../../lib/services.tsx';
import { createUser } from '../../../test/factories.ts';
import { installCookieJar, signInOnStack, useRealStack } from '../../../test/stack-harness.tsx';
import { UserSignInTools } from './user-sign-in-tools.tsx';

describe('the console’s sign-in tools on a user’s row, on the real stack', () => {
  const stack = useRealStack();

  /** The tools of `userId`'s row as `as` sees them, signed in through the real sign-in. */
  async function renderTools(as: { email: string; password: string }, userId: number) {
    installCookieJar();
    await signInOnStack(stack, as);
    const services = createPortalServices({
      apiUrl: stack.actionsUrl,
      graphqlUrl: stack.graphqlUrl,
      baseUrl: stack.actionsUrl,
      webSocketImpl: WebSocket,
      leaveApp: () => {},
    });
    await services.session.refresh();
    render(
      <ServicesProvider services={services}>
        <AdminContext>
          <RecordContextProvider value={{ id: userId }}>
            <UserSignInTools />
          </RecordContextProvider>
          <Notification />
        </AdminContext>
      </ServicesProvider>,
    );
  }

  async function enrolled() {
    const user = await createUser(stack.sql);
    const signedIn = await stack.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    const headers = { authorization: `Bearer ${signedIn.json().accessToken}` };
    const started = await stack.app.inject({ method: 'POST', url: '/api/user/factors/totp', headers });
    await stack.app.inject({
      method: 'POST',
      url: '/api/user/factors/totp/confirm',
      headers,
      payload: { code: codeAt(started.json().secret) },
    });
    return user;
  }

  const liveFactors = async (userId: number) =>
    (
      await stack.sql.query(
        'select count(*)::int as n from user_factors where user_id = $1 and removed_at is null',
        [userId],
      )
    ).rows[0].n;

  it('spec-silent (accounts-and-sessions "Admin reset"): a provider admin resets a user’s two-factor sign-in after confirming', async () => {
    const admin = await createUser(stack.sql, { isAdmin: true });
    const target = await enrolled();
    await renderTools(admin, target.id);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset two-factor sign-in' }));
    expect(await screen.findByText(/Remove every second factor of this user/)).toBeTruthy();
    expect(await liveFactors(target.id)).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Two-factor sign-in was reset; the user has been e-mailed.')).toBeTruthy();
    expect(await liveFactors(target.id)).toBe(0);
  });

  it('spec-silent (accounts-and-sessions "Admin reset"): shows the server’s refusal to someone who is no provider admin, and changes nothing', async () => {
    const qam = await createUser(stack.sql, { isQam: true });
    const target = await enrolled();
    await renderTools(qam, target.id);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset two-factor sign-in' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Only a provider admin can manage users’ sign-in.')).toBeTruthy();
    expect(await liveFactors(target.id)).toBe(1);
  });

  it('spec-silent (accounts-and-sessions "Sessions"): a provider admin signs a user out of all sessions after confirming', async () => {
    const admin = await createUser(stack.sql, { isAdmin: true });
    const target = await createUser(stack.sql);
    const signedIn = await stack.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: target.password },
    });
    const liveSessions = async () =>
      (
        await stack.sql.query(
          'select count(distinct family_id)::int as n from sessions where user_id = $1 and revoked_at is null',
          [target.id],
        )
      ).rows[0].n;
    expect(signedIn.statusCode).toBe(200);
    expect(await liveSessions()).toBe(1);
    await renderTools(admin, target.id);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out of all sessions' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Every session of this user has ended.')).toBeTruthy();
    expect(await liveSessions()).toBe(0);
  });
});
