import { createUser } from '@portal/testkit/factories';
import { createTestContext, signIn, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_COOKIE, devCookieValue } from './dev-key.ts';

const KEY = 'the-dev-pages-key-0123456789';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ DEV_PAGES_KEY: KEY });
});
afterAll(() => t.close());

const mailbox = (
  options: { headers?: Record<string, string>; cookies?: Record<string, string>; url?: string } = {},
) =>
  t.app.inject({
    method: 'GET',
    url: options.url ?? '/api/dev/mailbox',
    headers: options.headers,
    cookies: options.cookies,
  });

describe('GET /api/dev/mailbox', () => {
  it('lists outbox mail newest first, escaped, with clickable links', async () => {
    const user = await createUser(t.sql, { firstName: '<b>Eve</b>' });
    await t.sql.query(
      `insert into public.email_outbox (to_address, subject, text_body, created_at)
       values ('old@demo.test', 'Older mail', 'nothing', now() - interval '1 hour')`,
    );
    await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { email: user.email } });
    const response = await mailbox({ headers: { 'x-dev-key': KEY } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const html = response.body;
    expect(html.indexOf('Reset your password')).toBeLessThan(html.indexOf('Older mail'));
    expect(html).toMatch(/<a href="http:\/\/portal\.test:3000\/Reset\?token=[\w-]+">/);
    expect(html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(html).not.toContain('<b>Eve</b>');
    expect(html).toContain(user.email);
  });

  it('opens with the key once: an httpOnly cookie, then a redirect that drops the key from the address', async () => {
    const opened = await mailbox({ url: `/api/dev/mailbox?key=${KEY}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/api/dev/mailbox');
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    const cookie = opened.cookies.find((c) => c.name === DEV_COOKIE) as
      | { value: string; path?: string; httpOnly?: boolean; sameSite?: string; secure?: boolean }
      | undefined;
    expect(cookie).toMatchObject({ path: '/api/dev', httpOnly: true, sameSite: 'Lax' });
    expect(cookie!.value).not.toContain(KEY);
    const followed = await mailbox({ cookies: { [DEV_COOKIE]: cookie!.value } });
    expect(followed.statusCode).toBe(200);
    expect(followed.body).toContain('Dev mailbox');
  });

  it('shows nothing to the anonymous, a signed-in manager, a wrong key or a forged cookie', async () => {
    const victim = await createUser(t.sql);
    await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { email: victim.email } });
    const manager = await createUser(t.sql);
    const { accessToken } = await signIn(t.app, manager.email, manager.password);
    const attempts = [
      await mailbox(),
      await mailbox({ headers: { authorization: `Bearer ${accessToken}` } }),
      await mailbox({ url: '/api/dev/mailbox?key=not-the-key-0123456789' }),
      await mailbox({ url: `/api/dev/mailbox?key=${KEY.slice(0, -1)}` }),
      await mailbox({ headers: { 'x-dev-key': 'not-the-key-0123456789' } }),
      await mailbox({ cookies: { [DEV_COOKIE]: KEY } }),
      await mailbox({ cookies: { [DEV_COOKIE]: devCookieValue('another-key-0123456789') } }),
      await mailbox({ cookies: { [DEV_COOKIE]: '' } }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(401);
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.body).toContain('Open the mailbox link printed in the terminal');
      expect(response.body).not.toContain(victim.email);
      expect(response.body).not.toContain('Reset?token=');
      expect(response.cookies).toEqual([]);
    }
  });

  it('is not served without DEV_PAGES_KEY, nor in production', async () => {
    for (const overrides of [{}, { NODE_ENV: 'production', DEV_PAGES_KEY: KEY }] as Record<
      string,
      string
    >[]) {
      const other = await createTestContext(overrides);
      try {
        const plain = await other.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
        expect(plain.statusCode).toBe(404);
        const keyed = await other.app.inject({
          method: 'GET',
          url: `/api/dev/mailbox?key=${KEY}`,
          headers: { 'x-dev-key': KEY },
        });
        expect(keyed.statusCode).toBe(404);
      } finally {
        await other.close();
      }
    }
  });
});
