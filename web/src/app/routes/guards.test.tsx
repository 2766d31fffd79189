import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ContractServer, makeUser, startContractServer } from '../../test/contract-server.ts';
import { renderApp } from '../../test/render-app.tsx';

let server: ContractServer;
beforeEach(async () => {
  server = await startContractServer();
});
afterEach(() => server.close());

async function signIn(user = userEvent.setup()) {
  await user.type(await screen.findByLabelText(/Email/), 'pm@demo.test');
  await user.type(screen.getByLabelText(/^Password/), 'Secret-pass1');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('route guards', () => {
  it('sends a signed-out user to Login and, after sign-in, back to the route they wanted', async () => {
    const app = renderApp(server, '/Reports/Management');
    await waitFor(() => expect(app.path()).toBe('/Login'));
    await signIn();
    await waitFor(() => expect(app.path()).toBe('/Reports/Management'));
    // The file's first signed-in render loads the report's and the header bell's modules (jsdom
    // transforms them on first use): up to 10 s beside other files on two cores.
    expect(
      await screen.findByRole('heading', { name: 'Management Report' }, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('does not remember the Login route itself; multi-practice users land on the practice list', async () => {
    const app = renderApp(server, '/Login');
    await signIn();
    await waitFor(() => expect(app.path()).toBe('/Practice/List'));
  });

  it('sends a user with exactly one practice to its staff page', async () => {
    server.state.user = makeUser({
      practices: [{ id: 42, name: 'Only', roles: ['PM'] }],
      flags: { singlePractice: true },
    });
    const app = renderApp(server, '/Login');
    await signIn();
    await waitFor(() => expect(app.path()).toBe('/PracticeOverview/42/Staff'));
  });

  it('/ goes to Login when signed out and to the practice list when signed in', async () => {
    const signedOut = renderApp(server, '/');
    await waitFor(() => expect(signedOut.path()).toBe('/Login'));
    signedOut.unmount();
    const signedIn = renderApp(server, '/', { signedIn: true });
    await waitFor(() => expect(signedIn.path()).toBe('/Practice/List'));
  });

  it('restores the session from the refresh cookie on load, without a sign-in', async () => {
    // A page without GraphQL subscriptions (the contract server speaks no WebSocket).
    const app = renderApp(server, '/ChangePassword', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeTruthy();
    expect(app.path()).toBe('/ChangePassword');
    expect(server.count('/api/auth/login')).toBe(0);
    // The refresh answers the user too: one request restores the session, not two in a row.
    expect(server.count('/api/auth/refresh')).toBe(1);
    expect(server.count('/api/user/current')).toBe(0);
  });

  it('Login with an invitation token signs the current user out first', async () => {
    const app = renderApp(server, '/Login/invite-123', { signedIn: true });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(server.count('/api/auth/logout')).toBe(1);
    expect(app.path()).toBe('/Login/invite-123');
    expect(screen.getByText('Sign in to accept your invitation.')).toBeTruthy();
  });

  it('Login without a token sends a signed-in user to the practice list', async () => {
    const app = renderApp(server, '/Login', { signedIn: true });
    await waitFor(() => expect(app.path()).toBe('/Practice/List'));
    expect(server.count('/api/auth/logout')).toBe(0);
  });

  it('shows the server message when sign-in fails', async () => {
    renderApp(server, '/Login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'pm@demo.test');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email or password is incorrect.');
  });

  it('redirect-from-backend never signs in with a token from the URL (login CSRF)', async () => {
    // Someone else's valid access token, in a link the signed-out user is sent.
    server.state.validTokens.add('someone-elses-token');
    const link =
      '/redirect-from-backend?access_token=someone-elses-token&refresh_token=x&url=/Reports/Analytics';
    const app = renderApp(server, link);
    await waitFor(() => expect(app.path()).toBe('/Login'));
    expect(server.calls.some((call) => call.authorization === 'Bearer someone-elses-token')).toBe(false);
  });

  it('redirect-from-backend keeps a signed-in user who they are, whatever token the URL carries', async () => {
    server.state.validTokens.add('someone-elses-token');
    const app = renderApp(
      server,
      '/redirect-from-backend?access_token=someone-elses-token&url=/Reports/Analytics',
      {
        signedIn: true,
      },
    );
    await waitFor(() => expect(app.path()).toBe('/Reports/Analytics'));
    expect(server.calls.some((call) => call.authorization === 'Bearer someone-elses-token')).toBe(false);
  });

  it("redirect-from-backend exchanges the back end's one-time code for the session and lands on the url", async () => {
    server.state.handoffCode = 'handoff-123';
    const app = renderApp(server, '/redirect-from-backend?code=handoff-123&url=/Reports/Analytics', {
      signedIn: true,
    });
    await waitFor(() => expect(app.path()).toBe('/Reports/Analytics'));
    expect(
      server.calls.filter((call) => call.path === '/api/auth/handoff/exchange').map((call) => call.body),
    ).toEqual([JSON.stringify({ code: 'handoff-123' })]);
    expect(server.state.handoffCode).toBeNull();
  });

  it('redirect-from-backend with a refused code and no session goes to Login, remembering the url', async () => {
    const app = renderApp(server, '/redirect-from-backend?code=spent-code&url=/Reports/Analytics');
    await waitFor(() => expect(app.path()).toBe('/Login'));
    await signIn();
    await waitFor(() => expect(app.path()).toBe('/Reports/Analytics'));
  });

  it('login-from-backend remembers the url, signs out and goes to Login', async () => {
    const app = renderApp(server, '/login-from-backend?url=/Reports/Analytics', { signedIn: true });
    await waitFor(() => expect(app.path()).toBe('/Login'));
    expect(server.count('/api/auth/logout')).toBe(1);
    await signIn();
    await waitFor(() => expect(app.path()).toBe('/Reports/Analytics'));
  });
});
