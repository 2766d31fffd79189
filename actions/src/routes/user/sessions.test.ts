import { createUser } from '@portal/testkit/factories';
import { createTestContext, refresh, signIn, type TestContext } from '@portal/testkit/test-app';
import { codeAt } from '@portal/testkit/two-factor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Sessions people can see and end (docs/decisions/accounts-and-sessions.md, "Sessions"): the
// refresh-token families of the user, listed in Account Settings and ended one or all others.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Signs in from a browser of this User-Agent and address; the token and cookies it keeps. */
async function signInFrom(
  user: { email: string; password: string },
  userAgent: string,
  address = '127.0.0.1',
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    headers: { 'user-agent': userAgent },
    remoteAddress: address,
  });
  expect(response.statusCode).toBe(200);
  const cookie = (name: string) => response.cookies.find((c) => c.name === name)!.value;
  const accessToken = response.json().accessToken as string;
  return {
    accessToken,
    refresh: cookie('portal_refresh'),
    csrf: cookie('portal_csrf'),
    headers: { authorization: `Bearer ${accessToken}` },
  };
}

const list = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/user/sessions', headers });
const end = (headers: Record<string, string>, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/user/sessions/${id}/end`, headers });

describe('sessions people can see and end', () => {
  it('spec-silent (accounts-and-sessions "Sessions"): lists the user’s own sessions with browser, device, address, signed in and last seen, this one marked', async () => {
    const user = await createUser(t.sql);
    const other = await createUser(t.sql);
    await signInFrom(other, FIREFOX_WINDOWS);
    const phone = await signInFrom(user, SAFARI_IPHONE, '203.0.113.9');
    const desk = await signInFrom(user, FIREFOX_WINDOWS, '198.51.100.7');

    const response = await list(desk.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const sessions = response.json();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      browser: 'Firefox 125',
      device: 'Desktop (Windows 10)',
      address: '198.51.100.7',
      current: true,
    });
    expect(sessions[1]).toMatchObject({
      browser: 'Safari 17',
      device: 'iPhone (iOS 17.4)',
      address: '203.0.113.9',
      current: false,
    });
    for (const session of sessions) {
      expect(Date.parse(session.signedInAt)).toBeLessThanOrEqual(Date.parse(session.lastSeenAt));
    }
    // From the phone, the phone is this device.
    expect((await list(phone.headers)).json().map((s: { current: boolean }) => s.current)).toEqual([
      false,
      true,
    ]);
  });

  it('spec-silent (accounts-and-sessions "Sessions"): attack: an ended session’s refresh and token are refused; this session stays', async () => {
    const user = await createUser(t.sql);
    const phone = await signInFrom(user, SAFARI_IPHONE);
    const desk = await signInFrom(user, FIREFOX_WINDOWS);
    const phoneId = (await list(desk.headers)).json().find((s: { current: boolean }) => !s.current).id;

    const ended = await end(desk.headers, phoneId);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await refresh(t.app, phone)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/current', headers: phone.headers })).statusCode,
    ).toBe(401);
    expect((await refresh(t.app, desk)).statusCode).toBe(200);
    const { rows } = await t.sql.query(
      `select changed_by_id from audit_log where table_name = 'account_security_events'
        and row_id = $1 and new_data->>'event' = 'SESSION_ENDED'`,
      [String(user.id)],
    );
    expect(rows).toEqual([{ changed_by_id: user.id }]);
  });

  it('spec-silent (accounts-and-sessions "Sessions"): attack: another user’s session cannot be ended, nor this one, nor a made-up id', async () => {
    const user = await createUser(t.sql);
    const victim = await createUser(t.sql);
    const victimSession = await signInFrom(victim, SAFARI_IPHONE);
    const victimId = (await list(victimSession.headers)).json()[0].id;
    const mine = await signInFrom(user, FIREFOX_WINDOWS);
    const myId = (await list(mine.headers)).json()[0].id;

    const refused = await end(mine.headers, victimId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 'not_found', message: 'No such session.' });
    expect((await refresh(t.app, victimSession)).statusCode).toBe(200);
    const own = await end(mine.headers, myId);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('Use Sign out to end the session on this device.');
    expect((await end(mine.headers, 'not-a-uuid')).statusCode).toBe(400);
    expect((await end(mine.headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await end({}, victimId)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/sessions' })).statusCode).toBe(401);
  });

  it('spec-silent (accounts-and-sessions "Sessions"): "Sign out of all other sessions" ends every other one', async () => {
    const user = await createUser(t.sql);
    const a = await signInFrom(user, SAFARI_IPHONE);
    const b = await signInFrom(user, SAFARI_IPHONE);
    const here = await signInFrom(user, FIREFOX_WINDOWS);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/sessions/end-others',
      headers: here.headers,
    });
    expect(response.json()).toEqual({ ended: 2 });
    expect((await refresh(t.app, a)).statusCode).toBe(401);
    expect((await refresh(t.app, b)).statusCode).toBe(401);
    expect((await list(here.headers)).json()).toHaveLength(1);
  });

  it('spec-silent (accounts-and-sessions "Sessions"): setting up or removing a factor ends the other sessions, as changing the password does', async () => {
    const user = await createUser(t.sql);
    const other = await signInFrom(user, SAFARI_IPHONE);
    const here = await signIn(t.app, user.email, user.password);
    const headers = { authorization: `Bearer ${here.accessToken}` };
    const started = await t.app.inject({ method: 'POST', url: '/api/user/factors/totp', headers });
    await t.app.inject({
      method: 'POST',
      url: '/api/user/factors/totp/confirm',
      headers,
      payload: { code: codeAt(started.json().secret) },
    });
    expect((await refresh(t.app, other)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/current', headers })).statusCode).toBe(200);
  });
});
