import { createUser } from '@portal/testkit/factories';
import { pingAction as pingWiring } from '@portal/testkit/ping-action';
import { cookieOf, refresh, signIn, TEST_ACTIONS_SECRET } from '@portal/testkit/test-app';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated', actions: [pingWiring] });
});
afterAll(() => stack?.close());

const EXPIRED = { code: 'token_not_valid', message: 'Your session has expired, please sign in again.' };

const currentUser = (token: string) =>
  stack.app.inject({
    method: 'GET',
    url: '/api/user/current',
    headers: { authorization: `Bearer ${token}` },
  });

/** The `ping` Hasura action through the engine, as the browser calls it. */
async function pingAction(token: string) {
  const response = await fetch(stack.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ ping(message: "hi") { message userId } }' }),
  });
  return (await response.json()) as {
    data?: { ping: { message: string; userId: string } } | null;
    errors?: Array<{ message: string; extensions?: { code?: string } }>;
  };
}

async function expectRefused(token: string) {
  const me = await currentUser(token);
  expect(me.statusCode).toBe(401);
  expect(me.json()).toEqual(EXPIRED);
  const action = await pingAction(token);
  expect(action.data ?? null).toBeNull();
  expect(action.errors?.[0]?.extensions?.code).toBe('invalid-jwt');
}

describe('access tokens of an ended session', () => {
  it('are refused by /api/user/current and by Hasura actions after sign-out', async () => {
    const user = await createUser(stack.sql);
    const session = await signIn(stack.app, user.email, user.password);
    expect((await currentUser(session.accessToken)).statusCode).toBe(200);
    expect((await pingAction(session.accessToken)).data?.ping).toEqual({
      message: 'hi',
      userId: String(user.id),
    });

    const logout = await stack.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { portal_refresh: session.refresh, portal_csrf: session.csrf },
      headers: { 'x-csrf-token': session.csrf },
    });
    expect(logout.statusCode).toBe(204);
    await expectRefused(session.accessToken);
  });

  it('are refused once a reused refresh token revoked the session', async () => {
    const user = await createUser(stack.sql);
    const session = await signIn(stack.app, user.email, user.password);
    const rotated = await refresh(stack.app, session);
    const newer = rotated.json().accessToken as string;
    expect((await currentUser(newer)).statusCode).toBe(200);
    // The successor is used, so the spent token presented again is a copy, not a lost answer's retry.
    const successor = {
      refresh: cookieOf(rotated, 'portal_refresh')!.value,
      csrf: cookieOf(rotated, 'portal_csrf')!.value,
    };
    expect((await refresh(stack.app, successor)).statusCode).toBe(200);
    expect((await refresh(stack.app, session)).statusCode).toBe(401);
    await expectRefused(session.accessToken);
    await expectRefused(newer);
  });

  it('are refused once the session has expired, even if the token has not', async () => {
    const user = await createUser(stack.sql);
    const session = await signIn(stack.app, user.email, user.password);
    await stack.sql.query(
      `update public.sessions set created_at = now() - interval '9 hours', expires_at = now() - interval '1 second' where user_id = $1`,
      [user.id],
    );
    await expectRefused(session.accessToken);
  });

  it('leave other sessions of the same user alone', async () => {
    const user = await createUser(stack.sql);
    const laptop = await signIn(stack.app, user.email, user.password);
    const phone = await signIn(stack.app, user.email, user.password);
    await stack.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { portal_refresh: laptop.refresh, portal_csrf: laptop.csrf },
      headers: { 'x-csrf-token': laptop.csrf },
    });
    await expectRefused(laptop.accessToken);
    expect((await currentUser(phone.accessToken)).statusCode).toBe(200);
    expect((await pingAction(phone.accessToken)).data?.ping.userId).toBe(String(user.id));
  });

  it("the action route refuses session variables naming an ended, unknown or another user's session", async () => {
    const user = await createUser(stack.sql);
    const other = await createUser(stack.sql);
    const session = await signIn(stack.app, user.email, user.password);
    const sid = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString())
      .sid as string;
    const call = (vars: Record<string, string>) =>
      stack.app.inject({
        method: 'POST',
        url: '/api/actions/ping',
        headers: { 'x-actions-secret': TEST_ACTIONS_SECRET },
        payload: {
          action: { name: 'ping' },
          input: {},
          session_variables: { 'x-hasura-role': 'user', ...vars },
        },
      });
    expect((await call({ 'x-hasura-user-id': String(user.id), 'x-hasura-session-id': sid })).statusCode).toBe(
      200,
    );
    for (const vars of [
      { 'x-hasura-user-id': String(other.id), 'x-hasura-session-id': sid },
      { 'x-hasura-user-id': String(user.id), 'x-hasura-session-id': '00000000-0000-4000-8000-000000000000' },
      { 'x-hasura-user-id': String(user.id), 'x-hasura-session-id': 'not-a-uuid' },
    ]) {
      const response = await call(vars);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: EXPIRED.message, extensions: { code: 'invalid-jwt' } });
    }
    await stack.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { portal_refresh: session.refresh, portal_csrf: session.csrf },
      headers: { 'x-csrf-token': session.csrf },
    });
    expect((await call({ 'x-hasura-user-id': String(user.id), 'x-hasura-session-id': sid })).statusCode).toBe(
      401,
    );
    // The admin secret's calls carry no session: nothing to check.
    expect((await call({ 'x-hasura-user-id': String(user.id) })).statusCode).toBe(200);
  });

  it('live 5 minutes, so a token the engine checks alone is good for at most that long', async () => {
    const user = await createUser(stack.sql);
    const { response } = await signIn(stack.app, user.email, user.password);
    const left = Date.parse(response.json().accessTokenExpiresAt) - Date.now();
    expect(left).toBeGreaterThan(4 * 60_000);
    expect(left).toBeLessThanOrEqual(5 * 60_000);
  });
});
