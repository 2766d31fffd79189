import { createHmac } from 'node:crypto';
import { createUser, DEFAULT_PASSWORD } from '@portal/testkit/factories';
import {
  cookieOf,
  createTestContext,
  signIn,
  TEST_JWT_KEY,
  type TestContext,
  testEnv,
} from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/load-config.ts';
import { hashPassword } from '../../lib/password-hash.ts';

let t: TestContext;
beforeAll(async () => {
  // As the stack runs it: the gateway on 127.0.0.1 is the one trusted proxy.
  t = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

const INVALID = { code: 'invalid_credentials', message: 'Email or password is incorrect.' };

describe('POST /api/auth/login', () => {
  it('signs in: access token with Hasura claims, the user, and the session cookies', async () => {
    const user = await createUser(t.sql, {
      firstName: 'Priya',
      lastName: 'Raman',
      isAdmin: true,
      isQam: true,
    });
    const response = await login(user.email.toUpperCase(), user.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ id: user.id, email: user.email, name: 'Priya Raman' });
    expect(Date.parse(body.accessTokenExpiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(Date.parse(body.accessTokenExpiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const payload = JSON.parse(Buffer.from(body.accessToken.split('.')[1], 'base64url').toString());
    expect(payload['https://hasura.io/jwt/claims']).toEqual({
      'x-hasura-user-id': String(user.id),
      'x-hasura-default-role': 'provider_admin',
      'x-hasura-allowed-roles': ['user', 'qam', 'provider_admin'],
      'x-hasura-session-id': payload.sid,
    });
    expect(JSON.parse(Buffer.from(body.accessToken.split('.')[0], 'base64url').toString()).alg).toBe('HS256');

    const refresh = cookieOf(response, 'portal_refresh')!;
    expect(refresh).toMatchObject({ path: '/api/auth', maxAge: 28800, httpOnly: true, sameSite: 'Strict' });
    expect(refresh.secure).toBeFalsy();
    const csrf = cookieOf(response, 'portal_csrf')!;
    expect(csrf).toMatchObject({ path: '/', maxAge: 28800, sameSite: 'Strict' });
    expect(csrf.httpOnly).toBeFalsy();
    const { rows } = await t.sql.query(
      'select family_id, expires_at - created_at as life from public.sessions where user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].family_id).toBe(payload.sid);
    expect(rows[0].life.hours).toBe(8);
  });

  it('marks the refresh cookie Secure when the request came over https', async () => {
    const user = await createUser(t.sql);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: user.email, password: user.password },
    });
    expect(cookieOf(response, 'portal_refresh')!.secure).toBe(true);
  });

  it('marks the session cookies Secure when the public address is https, though the proxy says http (TLS in front of the gateway)', async () => {
    // The gateway behind a TLS proxy sees plain http and says so (X-Forwarded-Proto: http); the
    // browser is on https all the same.
    const behindTls = await buildApp(
      loadConfig(testEnv(t.database.url, { TRUST_PROXY: '127.0.0.1', APP_ORIGIN: 'https://portal.test' })),
    );
    try {
      const user = await createUser(t.sql);
      const signedIn = await behindTls.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-proto': 'http' },
        payload: { email: user.email, password: user.password },
      });
      expect(signedIn.statusCode).toBe(200);
      expect(cookieOf(signedIn, 'portal_refresh')).toMatchObject({ secure: true, httpOnly: true });
      expect(cookieOf(signedIn, 'portal_csrf')).toMatchObject({ secure: true });
      // Signing out clears them with the same attributes.
      const signedOut = await behindTls.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { 'x-forwarded-proto': 'http', 'x-csrf-token': cookieOf(signedIn, 'portal_csrf')!.value },
        cookies: {
          portal_refresh: cookieOf(signedIn, 'portal_refresh')!.value,
          portal_csrf: cookieOf(signedIn, 'portal_csrf')!.value,
        },
      });
      expect(signedOut.statusCode).toBe(204);
      expect(cookieOf(signedOut, 'portal_refresh')).toMatchObject({ value: '', secure: true });
      expect(cookieOf(signedOut, 'portal_csrf')).toMatchObject({ value: '', secure: true });
    } finally {
      await behindTls.close();
    }
  });

  it('answers a wrong password, an unknown user and an inactive user the same way', async () => {
    const user = await createUser(t.sql);
    const inactive = await createUser(t.sql, { isActive: false });
    const noPassword = await createUser(t.sql, { password: null });
    const answers = [
      await login(user.email, 'Wrong-pass-1'),
      await login('nobody-here@demo.test', DEFAULT_PASSWORD),
      await login(inactive.email, inactive.password),
      await login(noPassword.email, DEFAULT_PASSWORD),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID);
      expect(response.cookies).toEqual([]);
    }
  });

  it('takes about as long for an unknown e-mail as for a wrong password', async () => {
    // The product's own cost (the test kit's users have a cheaper one), as the dummy hash has.
    const user = await createUser(t.sql);
    await t.sql.query('update public.users set password_hash = $2 where id = $1', [
      user.id,
      await hashPassword(DEFAULT_PASSWORD),
    ]);
    const time = async (email: string) => {
      const start = performance.now();
      await login(email, 'Wrong-pass-1');
      return performance.now() - start;
    };
    await time(user.email);
    const known = [await time(user.email), await time(user.email)];
    const unknown = [await time('ghost-1@demo.test'), await time('ghost-2@demo.test')];
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b) / xs.length;
    // Both verify one scrypt hash (tens of ms); without the dummy hash "unknown" takes ~1 ms.
    expect(avg(unknown)).toBeGreaterThan(avg(known) * 0.5);
  });

  it('validates the body with field messages', async () => {
    const response = await login('not-an-email', '');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalid_input',
      fields: { email: 'Enter a valid e-mail address.', password: 'Required.' },
    });
  });

  it('rejects malformed JSON as invalid input', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_input');
  });
});

describe('access tokens', () => {
  const current = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/current', headers: { authorization: `Bearer ${token}` } });
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const sign = (header: object, payload: object, key = TEST_JWT_KEY) => {
    const unsigned = `${b64(header)}.${b64(payload)}`;
    return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
  };
  const EXPIRED = { code: 'token_not_valid', message: 'Your session has expired, please sign in again.' };

  it('a valid token reaches a protected route; no token does not', async () => {
    const user = await createUser(t.sql);
    const { accessToken } = await signIn(t.app, user.email, user.password);
    expect((await current(accessToken)).statusCode).toBe(200);
    const none = await t.app.inject({ method: 'GET', url: '/api/user/current' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('not_signed_in');
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t.sql);
    const { accessToken } = await signIn(t.app, user.email, user.password);
    const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    const expired = sign({ alg: 'HS256', typ: 'JWT' }, { ...payload, iat: now - 1000, exp: now - 100 });
    const response = await current(expired);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(EXPIRED);
    // The same claims with a live expiry pass: the refusal is about time, not the token shape.
    expect(
      (await current(sign({ alg: 'HS256', typ: 'JWT' }, { ...payload, exp: now + 100 }))).statusCode,
    ).toBe(200);
  });

  it('refuses a tampered token and one signed with another key', async () => {
    const user = await createUser(t.sql);
    const admin = await createUser(t.sql, { isAdmin: true });
    const { accessToken } = await signIn(t.app, user.email, user.password);
    const [header, payload, signature] = accessToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    claims.sub = String(admin.id);
    claims['https://hasura.io/jwt/claims']['x-hasura-user-id'] = String(admin.id);
    const tampered = `${header}.${b64(claims)}.${signature}`;
    expect((await current(tampered)).json()).toEqual(EXPIRED);
    const otherKey = sign({ alg: 'HS256', typ: 'JWT' }, claims, 'another-key-of-at-least-32-characters-long');
    expect((await current(otherKey)).statusCode).toBe(401);
  });

  it('refuses alg none', async () => {
    const user = await createUser(t.sql);
    const { accessToken } = await signIn(t.app, user.email, user.password);
    const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
    const response = await current(unsigned);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(EXPIRED);
  });
});
