import { createUser } from '@portal/testkit/factories';
import { cookieOf, createTestContext, signIn, type TestContext } from '@portal/testkit/test-app';
import { codeAt, enrol, firstStep, verify, wrongCodeFor } from '@portal/testkit/two-factor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Two-factor sign-in, opt-in (docs/decisions/accounts-and-sessions.md "Two-factor sign-in"):
// each test makes its own account, sets up an authenticator app with the key the server shows
// and computes the codes from that key, as an authenticator app does.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('two-factor sign-in: enrolment and the second step', () => {
  it('after setting up an authenticator app, sign-in asks for a code, and the right code signs in', async () => {
    const user = await createUser(t.sql);
    const { secret, uri, recoveryCodes } = await enrol(t.app, user.email, user.password);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Connect:/);
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);

    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(first.statusCode).toBe(200);
    expect(Object.keys(first.json()).sort()).toEqual([
      'challenge',
      'challengeExpiresAt',
      'methods',
      'secondFactorRequired',
    ]);
    // The ways this account has: its authenticator app, or a recovery code.
    expect(first.json().methods).toEqual(['totp', 'recovery_code']);
    // No session yet: no token, no cookie.
    expect(cookieOf(first, 'portal_refresh')).toBeUndefined();
    expect(cookieOf(first, 'portal_csrf')).toBeUndefined();
    const expiresIn = Date.parse(first.json().challengeExpiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000);

    const second = await verify(t.app, { challenge: first.json().challenge, code: codeAt(secret, 1) });
    expect(second.statusCode).toBe(200);
    expect(second.json().user).toMatchObject({ id: user.id, email: user.email });
    expect(second.json().accessToken).toEqual(expect.any(String));
    expect(cookieOf(second, 'portal_refresh')?.httpOnly).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/current',
      headers: { authorization: `Bearer ${second.json().accessToken}` },
    });
    expect(me.json().id).toBe(user.id);
  });

  it('a wrong password still answers as always: nothing says the account has a factor', async () => {
    const user = await createUser(t.sql);
    await enrol(t.app, user.email, user.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'Wrong-pass-1' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Email or password is incorrect.',
    });
  });

  it('lists the factor without its key, and refuses a second set-up while one is in use', async () => {
    const user = await createUser(t.sql);
    const { headers, factorId, secret } = await enrol(t.app, user.email, user.password);
    const list = await t.app.inject({ method: 'GET', url: '/api/user/factors', headers });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json()).toEqual({
      factors: [
        {
          id: factorId,
          kind: 'totp',
          label: 'Authenticator app',
          addedAt: expect.any(String),
          lastUsedAt: expect.any(String),
        },
      ],
      recoveryCodesLeft: 10,
    });
    expect(list.body).not.toContain(secret);
    const again = await t.app.inject({ method: 'POST', url: '/api/user/factors/totp', headers });
    expect(again.statusCode).toBe(409);
    // Without a token: nothing.
    expect((await t.app.inject({ method: 'GET', url: '/api/user/factors' })).statusCode).toBe(401);
  });

  it('an unconfirmed set-up changes nothing at sign-in, and a wrong confirmation code is refused', async () => {
    const user = await createUser(t.sql);
    const { accessToken } = await signIn(t.app, user.email, user.password);
    const headers = { authorization: `Bearer ${accessToken}` };
    const started = await t.app.inject({ method: 'POST', url: '/api/user/factors/totp', headers });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/factors/totp/confirm',
      headers,
      payload: { code: wrongCodeFor(started.json().secret) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_code', fields: { code: expect.any(String) } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.json().accessToken).toEqual(expect.any(String));
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/factors/totp/confirm',
      headers,
      payload: { code: '12ab56' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.code).toBe('Enter the 6-digit code from your authenticator app.');
  });
});

describe('two-factor sign-in: removing a factor', () => {
  it('needs the password again; then sign-in asks for no code and the recovery codes are spent', async () => {
    const user = await createUser(t.sql);
    const { headers, factorId, recoveryCodes } = await enrol(t.app, user.email, user.password);
    const remove = (password: string, id = factorId) =>
      t.app.inject({ method: 'POST', url: `/api/user/factors/${id}/remove`, headers, payload: { password } });
    const wrong = await remove('Wrong-pass-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'wrong_password',
      fields: { password: 'The password is incorrect.' },
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/user/factors/${factorId}/remove`,
          headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(400);
    // Someone else's factor is not found, even with the right password.
    const other = await createUser(t.sql);
    const theirs = await enrol(t.app, other.email, other.password);
    expect((await remove(user.password, theirs.factorId)).statusCode).toBe(404);
    expect((await firstStep(t.app, other.email, other.password)).length).toBeGreaterThan(20);

    expect((await remove(user.password)).statusCode).toBe(204);
    const { rows } = await t.sql.query('select removed_at from public.user_factors where id = $1', [
      factorId,
    ]);
    expect(rows[0].removed_at).not.toBeNull();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.json().accessToken).toEqual(expect.any(String));
    const left = await t.app.inject({ method: 'GET', url: '/api/user/factors', headers });
    expect(left.json()).toEqual({ factors: [], recoveryCodesLeft: 0 });
    expect(recoveryCodes).toHaveLength(10);
  });
});
