import { SSO_START_PATH } from '@portal/domain';
import { createUser } from '@portal/testkit/factories';
import { cookieOf, createTestContext, type TestContext } from '@portal/testkit/test-app';
import { codeAt, enrol, firstStep, verify } from '@portal/testkit/two-factor';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_DEVICE_SUBJECT } from '../../services/accounts/known-devices.ts';

// "New sign-in to your account" (docs/decisions/accounts-and-sessions.md, "New-device e-mail"):
// a sign-in from a browser not seen before for the user is e-mailed through the outbox, once.
// (Single sign-on opens its session the same way: single-sign-on.test.ts.)
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

function login(
  user: { email: string; password: string },
  browser: { userAgent: string; device?: string },
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    headers: { 'user-agent': browser.userAgent },
    cookies: browser.device ? { portal_device: browser.device } : {},
    remoteAddress: '198.51.100.7',
  });
}

const deviceOf = (response: LightMyRequestResponse) => cookieOf(response, 'portal_device');

async function mailsTo(email: string) {
  const { rows } = await t.sql.query<{ subject: string; text_body: string; template: string }>(
    'select subject, text_body, template from email_outbox where to_address = $1 order by id',
    [email],
  );
  return rows.filter((row) => row.template === 'new-device-sign-in');
}

describe('the e-mail on a sign-in from a new device', () => {
  it('is not sent for an account’s first sign-in, nor from the same browser again; the cookie is long-lived and httpOnly', async () => {
    const user = await createUser(t.sql);
    const first = await login(user, { userAgent: FIREFOX_LINUX });
    expect(first.statusCode).toBe(200);
    const device = deviceOf(first);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    expect(device?.maxAge).toBeGreaterThan(300 * 24 * 3600);
    expect((await login(user, { userAgent: FIREFOX_LINUX, device: device!.value })).statusCode).toBe(200);
    expect(deviceOf(await login(user, { userAgent: FIREFOX_LINUX, device: device!.value }))?.value).toBe(
      device!.value,
    );
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it('is sent once for another browser: when, browser and system as the sessions list says, the address, and where to end it', async () => {
    const user = await createUser(t.sql, { firstName: 'Noor' });
    const known = deviceOf(await login(user, { userAgent: FIREFOX_LINUX }))!.value;
    const other = await login(user, { userAgent: CHROME_WINDOWS });
    const [mail, ...more] = await mailsTo(user.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(NEW_DEVICE_SUBJECT);
    expect(mail?.text_body).toContain('Hello Noor,');
    expect(mail?.text_body).toMatch(/When: \d{1,2} \w+ \d{4}.* \(Sydney time\)/);
    expect(mail?.text_body).toContain('Browser: Chrome 126');
    expect(mail?.text_body).toContain('Device: Desktop (Windows');
    expect(mail?.text_body).toContain('Address: 198.51.100.7');
    expect(mail?.text_body).toContain(`http://portal.test:3000/AccountSettings/${user.id}#sessions-heading`);

    // That browser is known now; so is the first one still.
    await login(user, { userAgent: CHROME_WINDOWS, device: deviceOf(other)!.value });
    await login(user, { userAgent: FIREFOX_LINUX, device: known });
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('knows a browser without our cookie (a private window) by its browser and system family; another family is new', async () => {
    const user = await createUser(t.sql);
    await login(user, { userAgent: FIREFOX_LINUX });
    await login(user, { userAgent: FIREFOX_LINUX.replace('128.0', '129.0') });
    expect(await mailsTo(user.email)).toEqual([]);
    await login(user, { userAgent: SAFARI_IPHONE });
    expect(await mailsTo(user.email)).toHaveLength(1);
    // A cookie that is not this user's device (another person's, or made up) is a new device.
    const stranger = await createUser(t.sql);
    const theirs = deviceOf(await login(stranger, { userAgent: SAFARI_IPHONE }))!.value;
    await login(user, { userAgent: SAFARI_IPHONE, device: theirs });
    expect(await mailsTo(user.email)).toHaveLength(2);
  });

  it('a request without a User-Agent (a script, a proxy that drops it) signs in; its device is an unknown browser', async () => {
    const user = await createUser(t.sql);
    await login(user, { userAgent: FIREFOX_LINUX });
    const bare = await login(user, { userAgent: '' });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(deviceOf(bare)?.value).toMatch(/^\S{16,}$/);
    const [mail, ...more] = await mailsTo(user.email);
    expect(more).toEqual([]);
    expect(mail?.text_body).toContain('Browser: Unknown browser');
    expect(mail?.text_body).toContain('Device: Unknown device');
  });

  it('is sent for a two-factor sign-in from a new device, when the session opens (not at the password step)', async () => {
    const user = await createUser(t.sql);
    const { secret } = await enrol(t.app, user.email, user.password);
    // enrol signed in from a first browser (the test's default User-Agent).
    await firstStep(t.app, user.email, user.password);
    expect(await mailsTo(user.email)).toEqual([]);
    const challenge = await firstStep(t.app, user.email, user.password);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/verify',
      payload: { challenge, code: codeAt(secret, 1) },
      headers: { 'user-agent': SAFARI_IPHONE },
    });
    expect(opened.statusCode).toBe(200);
    // The new device is remembered by its own cookie, out of the page's reach.
    expect(deviceOf(opened)).toMatchObject({ value: expect.stringMatching(/^\S{16,}$/), httpOnly: true });
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect((await verify(t.app, { challenge, code: codeAt(secret, 1) })).statusCode).toBe(400);
  });

  it('single sign-on is off by default: its routes answer 404 and /api/config does not offer it', async () => {
    expect((await t.app.inject({ method: 'GET', url: SSO_START_PATH })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).not.toHaveProperty(
      'singleSignOn',
    );
  });
});
