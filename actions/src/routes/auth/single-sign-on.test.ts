import { SSO_CALLBACK_PATH, SSO_START_PATH } from '@portal/domain';
import { createUser } from '@portal/testkit/factories';
import { startTestOidcProvider, type TestOidcProvider } from '@portal/testkit/oidc-provider';
import { createTestContext, type TestContext } from '@portal/testkit/test-app';
import { codeAt, enrol } from '@portal/testkit/two-factor';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Single sign-on for provider staff (docs/decisions/accounts-and-sessions.md, "Single sign-on"),
// against a real OpenID Connect provider (oidc-provider) started in this process. Each refusal is
// shown to change nothing: no session, no identity bound, no role changed.
const REDIRECT_URI = `http://portal.test:3000${SSO_CALLBACK_PATH}`;
let idp: TestOidcProvider;
let t: TestContext;
beforeAll(async () => {
  idp = await startTestOidcProvider();
  idp.allowRedirectUri(REDIRECT_URI);
  t = await createTestContext(idp.env());
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

let subjects = 0;
/** A person at the identity provider: their subject, with these claims. */
function idpPerson(claims: Record<string, unknown>): string {
  subjects += 1;
  const sub = `idp-person-${subjects}-${Date.now()}`;
  idp.setAccount(sub, claims);
  return sub;
}

const cookiesOf = (response: LightMyRequestResponse) =>
  Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));

/** GET /api/auth/oidc/start in a browser with `cookies`: the authorization URL and the binder cookie. */
async function start(cookies: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: SSO_START_PATH, cookies });
  expect(response.statusCode).toBe(303);
  return {
    authorizationUrl: response.headers.location as string,
    cookies: { ...cookies, ...cookiesOf(response) },
  };
}

/** The identity provider's redirect back, as the browser follows it. */
function callback(url: URL, cookies: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: `${SSO_CALLBACK_PATH}${url.search}`,
    cookies,
    headers,
    remoteAddress: '203.0.113.9',
  });
}

/** The whole round trip for `sub`: start, the provider's sign-in, the callback. */
async function signInWithSso(sub: string, cookies: Record<string, string> = {}) {
  const started = await start(cookies);
  const back = await idp.signIn(started.authorizationUrl, sub);
  return callback(back, started.cookies);
}

async function sessionsOf(userId: number) {
  const { rows } = await t.sql.query<{ n: number }>(
    'select count(*)::int as n from sessions where user_id = $1',
    [userId],
  );
  return rows[0]!.n;
}

async function identitiesOf(userId: number) {
  const { rows } = await t.sql.query<{ issuer: string; subject: string }>(
    'select issuer, subject from user_identities where user_id = $1 order by id',
    [userId],
  );
  return rows;
}

async function eventsOf(userId: number) {
  const { rows } = await t.sql.query<{ event: string; method: string }>(
    'select event, method from account_security_events where user_id = $1 order by id',
    [userId],
  );
  return rows.map((row) => `${row.event}:${row.method}`);
}

async function flagsOf(userId: number) {
  const { rows } = await t.sql.query(
    'select is_admin as admin, is_qam as qam, is_surveyor as surveyor from users where id = $1',
    [userId],
  );
  return rows[0];
}

/** Nothing of the account changed: no session, no identity bound. */
async function expectUntouched(userId: number) {
  expect([await sessionsOf(userId), await identitiesOf(userId)]).toEqual([0, []]);
}

const refusedWith = (response: LightMyRequestResponse, error: string) => {
  expect(response.statusCode).toBe(303);
  expect(response.headers.location).toBe(`/Login?sso_error=${error}`);
  expect(response.cookies.map((c) => c.name).filter((name) => name !== 'portal_sso')).toEqual([]);
};

describe('single sign-on for provider staff, the way in', () => {
  it('is offered on the sign-in screen by /api/config, with its label', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toMatchObject({ singleSignOn: { label: 'Test ID' } });
  });

  it('links a QAM by verified e-mail, signs them in with a normal session, and by subject next time', async () => {
    const qam = await createUser(t.sql, { isQam: true });
    const sub = idpPerson({ email: qam.email, email_verified: true, groups: ['portal-qams'] });

    const first = await signInWithSso(sub);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/Login?sso=signed-in');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    const cookies = cookiesOf(first);
    expect(Object.keys(cookies)).toEqual(
      expect.arrayContaining(['portal_refresh', 'portal_csrf', 'portal_device']),
    );
    expect(await identitiesOf(qam.id)).toEqual([{ issuer: idp.issuer, subject: sub }]);
    expect(await eventsOf(qam.id)).toEqual(['SSO_LINKED:oidc', 'SIGNED_IN:oidc']);

    // A normal session: the refresh cookie renews it, the sessions list shows it, sign-out ends it.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { portal_refresh: cookies.portal_refresh!, portal_csrf: cookies.portal_csrf! },
      headers: { 'x-csrf-token': cookies.portal_csrf! },
    });
    expect(refreshed.statusCode).toBe(200);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/user/sessions',
      headers: { authorization: `Bearer ${refreshed.json().accessToken}` },
    });
    expect(listed.json()).toHaveLength(1);

    // The identity provider now sends another e-mail: the binding by subject decides.
    idp.setAccount(sub, { email: `changed-${qam.email}`, email_verified: true, groups: ['portal-qams'] });
    const second = await signInWithSso(sub, { portal_device: cookies.portal_device! });
    expect(second.headers.location).toBe('/Login?sso=signed-in');
    expect(await sessionsOf(qam.id)).toBe(3);
    expect(await identitiesOf(qam.id)).toHaveLength(1);
  });

  it('lets staff in by the claim but leaves an account’s roles to the product (an admin stays one)', async () => {
    const admin = await createUser(t.sql, { isAdmin: true });
    const sub = idpPerson({ email: admin.email, email_verified: true, groups: ['portal-qams', 'unrelated'] });
    const done = await signInWithSso(sub);
    expect([done.statusCode, done.headers.location, done.body]).toEqual([303, '/Login?sso=signed-in', '']);
    expect(await flagsOf(admin.id)).toEqual({ admin: true, qam: false, surveyor: false });
    // No longer staff in the product: the bound identity is refused.
    await t.sql.query('update users set is_admin = false where id = $1', [admin.id]);
    refusedWith(await signInWithSso(sub), 'sso_not_staff');
  });

  it('OIDC_CREATE_USERS off (the default): a verified member of staff without an account is refused, no account made', async () => {
    const email = `new-staff-${Date.now()}@demo.test`;
    const sub = idpPerson({ email, email_verified: true, groups: ['portal-surveyors'] });
    refusedWith(await signInWithSso(sub), 'sso_no_account');
    const { rows } = await t.sql.query('select id from users where email = $1', [email]);
    expect(rows).toEqual([]);
  });
});

describe('single sign-on attacks: each refused, nothing changed', () => {
  it('a callback with a wrong state, or from another browser (no binder cookie), or replayed', async () => {
    const qam = await createUser(t.sql, { isQam: true });
    const sub = idpPerson({ email: qam.email, email_verified: true, groups: ['portal-qams'] });

    const started = await start();
    const back = await idp.signIn(started.authorizationUrl, sub);
    const forged = new URL(back);
    forged.searchParams.set('state', 'A'.repeat(43));
    refusedWith(await callback(forged, started.cookies), 'sso_failed');
    refusedWith(await callback(back, {}), 'sso_failed');
    await expectUntouched(qam.id);

    // The wrong-state try spent nothing of the right one, but the first right callback spends it.
    const again = await start();
    const good = await idp.signIn(again.authorizationUrl, sub);
    expect((await callback(good, again.cookies)).headers.location).toBe('/Login?sso=signed-in');
    refusedWith(await callback(good, again.cookies), 'sso_failed');
    expect(await sessionsOf(qam.id)).toBe(1);
  });

  it('an ID token with another nonce than the request’s', async () => {
    const qam = await createUser(t.sql, { isQam: true });
    const sub = idpPerson({ email: qam.email, email_verified: true, groups: ['portal-qams'] });
    const started = await start();
    const tampered = new URL(started.authorizationUrl);
    tampered.searchParams.set('nonce', 'B'.repeat(43));
    const back = await idp.signIn(tampered.href, sub);
    refusedWith(await callback(back, started.cookies), 'sso_failed');
    await expectUntouched(qam.id);
  });

  it('an answer from another issuer (the same client registered there), with or without its iss', async () => {
    const other = await startTestOidcProvider();
    try {
      other.allowRedirectUri(REDIRECT_URI);
      const qam = await createUser(t.sql, { isQam: true });
      const sub = `other-${qam.id}`;
      other.setAccount(sub, { email: qam.email, email_verified: true, groups: ['portal-qams'] });
      const started = await start();
      // The same request (state, nonce, PKCE challenge) sent to the other issuer instead.
      const elsewhere = new URL(started.authorizationUrl.replace(idp.issuer, other.issuer));
      const back = await other.signIn(elsewhere.href, sub);
      expect(back.searchParams.get('iss')).toBe(other.issuer);
      refusedWith(await callback(back, started.cookies), 'sso_failed');

      const started2 = await start();
      const back2 = await other.signIn(started2.authorizationUrl.replace(idp.issuer, other.issuer), sub);
      back2.searchParams.delete('iss');
      refusedWith(await callback(back2, started2.cookies), 'sso_failed');
      await expectUntouched(qam.id);
    } finally {
      await other.close();
    }
  });

  it('an identity whose verified e-mail is another’s cannot take over that password account', async () => {
    const attacker = await createUser(t.sql, { isQam: true });
    const victim = await createUser(t.sql, { isAdmin: true });
    const sub = idpPerson({ email: attacker.email, email_verified: true, groups: ['portal-admins'] });
    expect((await signInWithSso(sub)).headers.location).toBe('/Login?sso=signed-in');
    // The identity provider (or someone at it) now says the identity has the victim's address.
    idp.setAccount(sub, { email: victim.email, email_verified: true, groups: ['portal-admins'] });
    expect((await signInWithSso(sub)).headers.location).toBe('/Login?sso=signed-in');
    await expectUntouched(victim.id);
    expect(await sessionsOf(attacker.id)).toBe(2);

    // A second identity with the victim's address cannot link to an account of another identity of the issuer either.
    const linked = await createUser(t.sql, { isQam: true });
    expect(
      (await signInWithSso(idpPerson({ email: linked.email, email_verified: true, groups: ['portal-qams'] })))
        .statusCode,
    ).toBe(303);
    const intruder = idpPerson({ email: linked.email, email_verified: true, groups: ['portal-qams'] });
    refusedWith(await signInWithSso(intruder), 'sso_already_linked');
    expect(await sessionsOf(linked.id)).toBe(1);
  });

  it('an e-mail the identity provider has not verified links nothing', async () => {
    const qam = await createUser(t.sql, { isQam: true });
    refusedWith(
      await signInWithSso(idpPerson({ email: qam.email, email_verified: false, groups: ['portal-qams'] })),
      'sso_email_unverified',
    );
    refusedWith(
      await signInWithSso(idpPerson({ email: qam.email, groups: ['portal-qams'] })),
      'sso_email_unverified',
    );
    await expectUntouched(qam.id);
  });

  it('a role claim that maps to no staff role, and a practice user’s address, are refused: practice users keep passwords', async () => {
    const qam = await createUser(t.sql, { isQam: true });
    refusedWith(
      await signInWithSso(
        idpPerson({ email: qam.email, email_verified: true, groups: ['practice-managers'] }),
      ),
      'sso_not_staff',
    );
    refusedWith(await signInWithSso(idpPerson({ email: qam.email, email_verified: true })), 'sso_not_staff');
    await expectUntouched(qam.id);
    const practiceUser = await createUser(t.sql);
    refusedWith(
      await signInWithSso(
        idpPerson({ email: practiceUser.email, email_verified: true, groups: ['portal-qams'] }),
      ),
      'sso_not_staff',
    );
    await expectUntouched(practiceUser.id);
    expect(await flagsOf(practiceUser.id)).toEqual({ admin: false, qam: false, surveyor: false });
  });

  it('a deactivated account is refused', async () => {
    const qam = await createUser(t.sql, { isQam: true, isActive: false });
    refusedWith(
      await signInWithSso(idpPerson({ email: qam.email, email_verified: true, groups: ['portal-qams'] })),
      'sso_account_unavailable',
    );
    await expectUntouched(qam.id);
  });
});

describe('single sign-on and the two-factor policy', () => {
  it('an account with our factor gives it after the identity provider, unless the identity provider reports MFA (amr)', async () => {
    const qam = await createUser(t.sql, { isQam: true });
    const { secret } = await enrol(t.app, qam.email, qam.password);
    const sub = idpPerson({ email: qam.email, email_verified: true, groups: ['portal-qams'] });
    const before = await sessionsOf(qam.id);

    const back = await signInWithSso(sub);
    expect(back.headers.location).toBe('/Login?sso=second-factor');
    expect(back.cookies.map((c) => c.name)).not.toContain('portal_refresh');
    expect(await sessionsOf(qam.id)).toBe(before);
    const read = (cookies: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/oidc/challenge', cookies });
    const challenge = await read(cookiesOf(back));
    expect(challenge.json()).toMatchObject({ secondFactorRequired: true });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/verify',
      payload: { challenge: challenge.json().challenge, code: codeAt(secret, 1) },
    });
    expect(verified.statusCode).toBe(200);
    expect(await sessionsOf(qam.id)).toBe(before + 1);
    // Read once: the cookie is cleared; a made-up one is refused.
    expect(challenge.cookies.find((c) => c.name === 'portal_sso_challenge')?.value).toBe('');
    expect((await read({ portal_sso_challenge: 'bm90IGpzb24' })).statusCode).toBe(400);

    idp.setAccount(sub, {
      email: qam.email,
      email_verified: true,
      groups: ['portal-qams'],
      amr: ['pwd', 'mfa'],
    });
    expect((await signInWithSso(sub)).headers.location).toBe('/Login?sso=signed-in');
  });

  it('with the policy requiring a factor: the identity provider’s MFA meets it for the whole session; without MFA the session can only enrol', async () => {
    await t.sql.query('update provider_settings set require_two_factor_qam = true');
    try {
      const qam = await createUser(t.sql, { isQam: true });
      const sub = idpPerson({
        email: qam.email,
        email_verified: true,
        groups: ['portal-qams'],
        amr: ['mfa'],
      });
      const withMfa = cookiesOf(await signInWithSso(sub));
      const refresh = (cookies: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          cookies: { portal_refresh: cookies.portal_refresh!, portal_csrf: cookies.portal_csrf! },
          headers: { 'x-csrf-token': cookies.portal_csrf! },
        });
      const current = async (cookies: Record<string, string>) => {
        const token = (await refresh(cookies)).json().accessToken;
        return t.app.inject({
          method: 'GET',
          url: '/api/user/current',
          headers: { authorization: `Bearer ${token}` },
        });
      };
      expect((await current(withMfa)).json().mustEnrolTwoFactor).toBe(false);

      idp.setAccount(sub, { email: qam.email, email_verified: true, groups: ['portal-qams'], amr: ['pwd'] });
      const withoutMfa = cookiesOf(await signInWithSso(sub));
      expect((await current(withoutMfa)).json().mustEnrolTwoFactor).toBe(true);
    } finally {
      await t.sql.query('update provider_settings set require_two_factor_qam = false');
    }
  });
});

describe('single sign-on with OIDC_CREATE_USERS=true', () => {
  let made: TestContext;
  beforeAll(async () => {
    made = await createTestContext(idp.env({ OIDC_CREATE_USERS: 'true' }));
  });
  afterAll(() => made?.close());

  it('makes an account without a password for a verified member of staff, with the mapped role, bound to the identity', async () => {
    const email = `made-${Date.now()}@demo.test`;
    const sub = idpPerson({
      email,
      email_verified: true,
      given_name: 'Quinn',
      family_name: 'Assessor',
      groups: ['portal-surveyors'],
    });
    const started = await made.app.inject({ method: 'GET', url: SSO_START_PATH });
    const back = await idp.signIn(started.headers.location as string, sub);
    const done = await made.app.inject({
      method: 'GET',
      url: `${SSO_CALLBACK_PATH}${back.search}`,
      cookies: cookiesOf(started),
    });
    expect(done.headers.location).toBe('/Login?sso=signed-in');
    const { rows } = await made.sql.query(
      `select u.first_name, u.last_name, u.password_hash, u.is_surveyor, u.is_qam, i.subject
         from users u join user_identities i on i.user_id = u.id where u.email = $1`,
      [email],
    );
    expect(rows).toEqual([
      {
        first_name: 'Quinn',
        last_name: 'Assessor',
        password_hash: null,
        is_surveyor: true,
        is_qam: false,
        subject: sub,
      },
    ]);
    // Still not for someone whose e-mail is unverified, nor without a staff role.
    const unverified = idpPerson({ email: `x-${email}`, email_verified: false, groups: ['portal-qams'] });
    const started2 = await made.app.inject({ method: 'GET', url: SSO_START_PATH });
    const back2 = await idp.signIn(started2.headers.location as string, unverified);
    const refused = await made.app.inject({
      method: 'GET',
      url: `${SSO_CALLBACK_PATH}${back2.search}`,
      cookies: cookiesOf(started2),
    });
    expect(refused.headers.location).toBe('/Login?sso_error=sso_email_unverified');
  });
});
