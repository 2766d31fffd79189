import { createUser } from '@portal/testkit/factories';
import { cookieOf, createTestContext, refresh, signIn, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../lib/tokens.ts';
import { REFRESH_RETRY_SECONDS } from '../../services/accounts/refresh-session.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const EXPIRED = { code: 'token_not_valid', message: 'Your session has expired, please sign in again.' };
const familyRows = async (userId: number) =>
  (
    await t.sql.query<{ family_id: string; used_at: Date | null; revoked_at: Date | null; expires_at: Date }>(
      'select family_id, used_at, revoked_at, expires_at from public.sessions where user_id = $1 order by created_at, id',
      [userId],
    )
  ).rows;

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token: new row in the same family, the old one used, same end time', async () => {
    const user = await createUser(t.sql);
    const session = await signIn(t.app, user.email, user.password);
    const response = await refresh(t.app, session);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['accessToken', 'accessTokenExpiresAt', 'user']);
    // The user as /api/user/current answers it, so the app restoring a session asks once.
    expect(response.json().user).toMatchObject({ id: user.id, email: user.email, mustEnrolTwoFactor: false });
    const next = cookieOf(response, 'portal_refresh')!;
    expect(next.value).not.toBe(session.refresh);
    expect(next.path).toBe('/api/auth');
    expect(next.maxAge).toBeLessThanOrEqual(28800);
    const rows = await familyRows(user.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.family_id).toBe(rows[1]!.family_id);
    expect(rows[0]!.used_at).not.toBeNull();
    expect(rows[1]!.used_at).toBeNull();
    expect(rows[1]!.expires_at).toEqual(rows[0]!.expires_at);
    // The new access token works.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/current',
      headers: { authorization: `Bearer ${response.json().accessToken}` },
    });
    expect(me.json().id).toBe(user.id);
    expect(response.json().user).toEqual(me.json());
    // And the new refresh token rotates again.
    const csrf = cookieOf(response, 'portal_csrf')!.value;
    expect((await refresh(t.app, { refresh: next.value, csrf })).statusCode).toBe(200);
  });

  it('a refresh whose answer was lost: the same token again, soon after, gets the same successor', async () => {
    const user = await createUser(t.sql);
    const session = await signIn(t.app, user.email, user.password);
    const rotated = await refresh(t.app, session);
    // The page reloaded while the answer was on its way: the browser still holds the spent token.
    const retried = await refresh(t.app, session);
    expect(retried.statusCode).toBe(200);
    const successor = cookieOf(rotated, 'portal_refresh')!.value;
    expect(cookieOf(retried, 'portal_refresh')!.value).toBe(successor);
    const rows = await familyRows(user.id);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.revoked_at === null)).toBe(true);
    // The successor rotates as usual; the spent token is then a reuse.
    const next = await refresh(t.app, { refresh: successor, csrf: cookieOf(retried, 'portal_csrf')!.value });
    expect(next.statusCode).toBe(200);
    const stolen = await refresh(t.app, session);
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json()).toEqual(EXPIRED);
    expect((await familyRows(user.id)).every((row) => row.revoked_at !== null)).toBe(true);
  });

  it('a spent refresh token presented after the retry window revokes the whole family', async () => {
    const user = await createUser(t.sql);
    const session = await signIn(t.app, user.email, user.password);
    const rotated = await refresh(t.app, session);
    await t.sql.query(
      `update public.sessions set used_at = used_at - make_interval(secs => $2) where user_id = $1 and used_at is not null`,
      [user.id, REFRESH_RETRY_SECONDS + 1],
    );
    const stolen = await refresh(t.app, session);
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json()).toEqual(EXPIRED);
    expect((await familyRows(user.id)).every((row) => row.revoked_at !== null)).toBe(true);
    // The legitimate holder of the newest token is signed out too.
    const legit = await refresh(t.app, {
      refresh: cookieOf(rotated, 'portal_refresh')!.value,
      csrf: cookieOf(rotated, 'portal_csrf')!.value,
    });
    expect(legit.statusCode).toBe(401);
  });

  it('refuses unknown tokens, a missing cookie and a missing or wrong CSRF header', async () => {
    const user = await createUser(t.sql);
    const session = await signIn(t.app, user.email, user.password);
    expect((await refresh(t.app, { ...session, refresh: 'made-up-token' })).json()).toEqual(EXPIRED);
    const noCookie = await t.app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(noCookie.statusCode).toBe(401);
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { portal_refresh: session.refresh, portal_csrf: session.csrf },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().code).toBe('csrf_invalid');
    const wrongHeader = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { portal_refresh: session.refresh, portal_csrf: session.csrf },
      headers: { 'x-csrf-token': 'guessed' },
    });
    expect(wrongHeader.statusCode).toBe(403);
    // None of the refusals spent the token.
    expect((await refresh(t.app, session)).statusCode).toBe(200);
  });

  it('refuses a CSRF token of another session, even one the server issued, and spends nothing', async () => {
    const user = await createUser(t.sql);
    const mine = await signIn(t.app, user.email, user.password);
    // Another session (of someone else, or of the same person elsewhere): its CSRF cookie is genuine.
    const other = await createUser(t.sql);
    const theirs = await signIn(t.app, other.email, other.password);
    for (const csrf of [theirs.csrf, (await signIn(t.app, user.email, user.password)).csrf]) {
      const refused = await refresh(t.app, { refresh: mine.refresh, csrf });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('csrf_invalid');
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { portal_refresh: mine.refresh, portal_csrf: csrf },
        headers: { 'x-csrf-token': csrf },
      });
      expect(logout.statusCode).toBe(403);
    }
    // A token of the right shape but forged (another nonce under the same MAC) is refused too.
    const [nonce, mac] = mine.csrf.split('.');
    const forged = `${nonce}x.${mac}`;
    expect((await refresh(t.app, { refresh: mine.refresh, csrf: forged })).statusCode).toBe(403);
    // None of that spent or ended the session: its own pair still works.
    expect((await familyRows(user.id)).every((row) => row.revoked_at === null && row.used_at === null)).toBe(
      true,
    );
    expect((await refresh(t.app, mine)).statusCode).toBe(200);
  });

  it('refuses to refresh a session older than 8 hours', async () => {
    const user = await createUser(t.sql);
    const session = await signIn(t.app, user.email, user.password);
    await t.sql.query(
      `update public.sessions set created_at = now() - interval '8 hours 1 minute',
         expires_at = now() - interval '1 minute' where user_id = $1`,
      [user.id],
    );
    const response = await refresh(t.app, session);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(EXPIRED);
  });

  it('refuses to refresh for a user who was deactivated', async () => {
    const user = await createUser(t.sql);
    const session = await signIn(t.app, user.email, user.password);
    await t.sql.query('update public.users set is_active = false where id = $1', [user.id]);
    expect((await refresh(t.app, session)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the family and clears both cookies; the refresh token is then refused', async () => {
    const user = await createUser(t.sql);
    const session = await signIn(t.app, user.email, user.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { portal_refresh: session.refresh, portal_csrf: session.csrf },
      headers: { 'x-csrf-token': session.csrf },
    });
    expect(response.statusCode).toBe(204);
    expect(cookieOf(response, 'portal_refresh')).toMatchObject({ value: '', path: '/api/auth' });
    expect(cookieOf(response, 'portal_csrf')).toMatchObject({ value: '', path: '/' });
    expect((await familyRows(user.id)).every((row) => row.revoked_at !== null)).toBe(true);
    const after = await refresh(t.app, session);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(EXPIRED);
  });

  it('needs the CSRF header when a refresh cookie is present', async () => {
    const user = await createUser(t.sql);
    const session = await signIn(t.app, user.email, user.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { portal_refresh: session.refresh, portal_csrf: session.csrf },
    });
    expect(response.statusCode).toBe(403);
    expect((await familyRows(user.id)).every((row) => row.revoked_at === null)).toBe(true);
  });
});

describe('GET /api/auth/handoff and POST /api/auth/handoff/exchange (/redirect-from-backend)', () => {
  const handoff = (refreshToken: string | null, url = '/Reports/Analytics') =>
    t.app.inject({
      method: 'GET',
      url: `/api/auth/handoff?url=${encodeURIComponent(url)}`,
      cookies: refreshToken ? { portal_refresh: refreshToken } : {},
    });
  const exchange = (code: string, binder: string | null) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/handoff/exchange',
      payload: { code },
      cookies: binder ? { portal_handoff: binder } : {},
    });
  /** The code of a handoff's redirect and the binder cookie it set. */
  const issued = (response: Awaited<ReturnType<typeof handoff>>) => {
    const location = new URL(response.headers.location as string, 'http://portal.test:3000');
    return {
      location,
      code: location.searchParams.get('code'),
      binder: cookieOf(response, 'portal_handoff')?.value ?? null,
    };
  };
  const INVALID = {
    code: 'handoff_invalid',
    message: 'This sign-in link has expired or has already been used. Please sign in.',
  };

  it("hands the browser's own session to the app by a one-time code, never a token in the URL", async () => {
    const user = await createUser(t.sql, { firstName: 'Hana', lastName: 'Ito' });
    const session = await signIn(t.app, user.email, user.password);
    const response = await handoff(session.refresh);
    expect(response.statusCode).toBe(303);
    const { location, code, binder } = issued(response);
    expect(location.pathname).toBe('/redirect-from-backend');
    expect([...location.searchParams.keys()].sort()).toEqual(['code', 'url']);
    expect(location.searchParams.get('url')).toBe('/Reports/Analytics');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(cookieOf(response, 'portal_handoff')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth/handoff',
      maxAge: 60,
    });
    // Only hashes are stored.
    const { rows } = await t.sql.query(
      'select code_hash, binder_hash from session_handoffs where user_id = $1',
      [user.id],
    );
    expect(rows).toEqual([{ code_hash: sha256Hex(code!), binder_hash: sha256Hex(binder!) }]);

    const answer = await exchange(code!, binder);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      accessTokenExpiresAt: expect.any(String),
      user: { id: user.id, name: 'Hana Ito' },
    });
    expect(cookieOf(answer, 'portal_handoff')).toMatchObject({ value: '' });
    // The token is of the browser's own session: signing that session out ends it.
    const me = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/user/current',
        headers: { authorization: `Bearer ${answer.json().accessToken}` },
      });
    expect((await me()).statusCode).toBe(200);
    // Single use.
    expect((await exchange(code!, binder)).json()).toEqual(INVALID);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { portal_refresh: session.refresh, portal_csrf: session.csrf },
      headers: { 'x-csrf-token': session.csrf },
    });
    expect((await me()).statusCode).toBe(401);
  });

  it('spec 000 §2: the hand-off keeps the refresh token too, so the session lasts as one started here', async () => {
    const user = await createUser(t.sql);
    const session = await signIn(t.app, user.email, user.password);
    const [started] = await familyRows(user.id);
    // The browser lost its CSRF cookie (the back end cleared it): the app could not refresh.
    const first = issued(await handoff(session.refresh));
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/handoff/exchange',
      payload: { code: first.code },
      cookies: { portal_handoff: first.binder!, portal_refresh: session.refresh },
    });
    expect(answer.statusCode).toBe(200);
    const handedRefresh = cookieOf(answer, 'portal_refresh')!;
    const handedCsrf = cookieOf(answer, 'portal_csrf')!;
    expect(handedRefresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(handedCsrf.value).toBeTruthy();
    const refreshed = await refresh(t.app, { refresh: handedRefresh.value, csrf: handedCsrf.value });
    expect(refreshed.statusCode).toBe(200);
    // One session: the same family, ending when it did (never extended).
    const rows = await familyRows(user.id);
    expect(new Set(rows.map((row) => row.family_id))).toEqual(new Set([started!.family_id]));
    expect(new Set(rows.map((row) => row.expires_at.getTime()))).toEqual(
      new Set([started!.expires_at.getTime()]),
    );
    // A browser whose refresh cookie is gone gets one of the session too; the token it no longer
    // holds is spent, so only the handed one refreshes.
    const latest = cookieOf(refreshed, 'portal_refresh')!.value;
    const second = issued(await handoff(latest));
    const bare = await exchange(second.code!, second.binder);
    const bareRefresh = cookieOf(bare, 'portal_refresh')!;
    const bareCsrf = cookieOf(bare, 'portal_csrf')!;
    expect(bareRefresh.value).not.toBe(latest);
    expect((await refresh(t.app, { refresh: bareRefresh.value, csrf: bareCsrf.value })).statusCode).toBe(200);
    const live = (await familyRows(user.id)).filter((row) => !row.used_at && !row.revoked_at);
    expect(live).toHaveLength(1);
  });

  it('refuses a code in another browser (login CSRF), once expired, and after its session ended', async () => {
    const attacker = await createUser(t.sql);
    const theirs = issued(await handoff((await signIn(t.app, attacker.email, attacker.password)).refresh));
    const victim = await createUser(t.sql);
    const victimSession = await signIn(t.app, victim.email, victim.password);
    const mine = issued(await handoff(victimSession.refresh));
    // The attacker's link opened in the victim's browser: no binder, or the victim's own.
    for (const binder of [null, mine.binder, 'made-up']) {
      const refused = await exchange(theirs.code!, binder);
      expect([binder, refused.statusCode, refused.json()]).toEqual([binder, 400, INVALID]);
    }
    // Refusals spend nothing: in its own browser the code still works (and the victim's too).
    expect((await exchange(theirs.code!, theirs.binder)).json().user.id).toBe(attacker.id);
    const victimAnswer = await exchange(mine.code!, mine.binder);
    expect(victimAnswer.json().user.id).toBe(victim.id);
    // The victim's browser now holds the session's refresh cookie the exchange set.
    const victimRefresh = cookieOf(victimAnswer, 'portal_refresh')!.value;

    const expired = issued(await handoff(victimRefresh));
    await t.sql.query(
      `update session_handoffs set created_at = now() - interval '2 minutes', expires_at = now() - interval '1 minute'
        where code_hash = $1`,
      [sha256Hex(expired.code!)],
    );
    expect((await exchange(expired.code!, expired.binder)).json()).toEqual(INVALID);

    const ended = issued(await handoff(victimRefresh));
    await t.sql.query('update sessions set revoked_at = now() where user_id = $1', [victim.id]);
    expect((await exchange(ended.code!, ended.binder)).json()).toEqual(INVALID);
    expect((await exchange('made-up', 'made-up')).json()).toEqual(INVALID);
  });

  it('sends a browser without a live session on without a code, and refuses a url that is not an app path', async () => {
    for (const refreshToken of [null, 'made-up-token']) {
      const response = await handoff(refreshToken, '/Practice/List');
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/redirect-from-backend?url=%2FPractice%2FList');
      expect(cookieOf(response, 'portal_handoff')).toBeUndefined();
    }
    const user = await createUser(t.sql);
    const session = await signIn(t.app, user.email, user.password);
    for (const url of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example/',
      'Practice/List',
      '/Login',
    ]) {
      const response = await handoff(session.refresh, url);
      expect([url, response.statusCode]).toEqual([url, 400]);
    }
    expect((await t.sql.query('select 1 from session_handoffs where user_id = $1', [user.id])).rowCount).toBe(
      0,
    );
  });
});
