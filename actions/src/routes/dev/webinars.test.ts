import { createUser } from '@portal/testkit/factories';
import { createTestContext, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWebinars } from '../../services/webinars/connect-webinars.ts';
import { disconnectWebinars } from '../../services/webinars/disconnect-webinars.ts';
import { getWebinarAuthorizeUrl } from '../../services/webinars/get-webinar-authorize-url.ts';
import { listWebinars } from '../../services/webinars/list-webinars.ts';
import { DEV_KEY_HEADER } from './dev-key.ts';

/**
 * The webinar provider's stand-in under /api/dev/webinars (outside production, behind the dev
 * pages key): its OAuth 2.0 endpoints and webinar list, and the webinar services using it
 * in-process, as `npm start` does.
 */

const KEY = 'a-dev-pages-key-0123';
const REDIRECT_URI = 'http://portal.test:3000/GoToWebinars/callback';
const SESSION = '00000000-0000-4000-8000-000000000001';
let ctx: TestContext;

const withKey = { [DEV_KEY_HEADER]: KEY };
const basic = (secret: string) =>
  `Basic ${Buffer.from(`portal-dev:${encodeURIComponent(secret)}`).toString('base64')}`;

beforeAll(async () => {
  ctx = await createTestContext({ DEV_PAGES_KEY: KEY });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

/** The consent page's Allow, as the browser posts it: the redirect back with code and state. */
async function allow(state: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/dev/webinars/authorize',
    headers: { ...withKey, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      response_type: 'code',
      client_id: 'portal-dev',
      redirect_uri: REDIRECT_URI,
      state,
      decision: 'allow',
    }).toString(),
  });
  expect(response.statusCode).toBe(303);
  return new URL(response.headers.location as string);
}

const token = (form: Record<string, string>, secret = ctx.app.config.webinar!.clientSecret) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/dev/webinars/token',
    headers: {
      ...withKey,
      authorization: basic(secret),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(form).toString(),
  });

describe('the webinar stand-in', () => {
  it('needs the dev pages key like every dev page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/dev/webinars/authorize' });
    expect(response.statusCode).toBe(401);
  });

  it('shows a consent page for our client and redirect URI only', async () => {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'portal-dev',
      redirect_uri: REDIRECT_URI,
      state: 's<1>',
    });
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/dev/webinars/authorize?${query}`,
      headers: withKey,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Connect your webinar account');
    expect(page.body).toContain('value="s&lt;1&gt;"');
    query.set('redirect_uri', 'https://evil.test/cb');
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/api/dev/webinars/authorize?${query}`,
      headers: withKey,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('exchanges a code once, for the right client and redirect URI, and lists webinars to its token', async () => {
    const back = await allow('the-state');
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('the-state');
    const code = back.searchParams.get('code')!;
    const form = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI };

    expect((await token(form, 'wrong-secret')).statusCode).toBe(401);
    expect((await token({ ...form, redirect_uri: 'https://evil.test/cb' })).json()).toEqual({
      error: 'invalid_grant',
    });
    const issued = await token(form);
    expect(issued.statusCode).toBe(200);
    expect(issued.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect((await token(form)).json()).toEqual({ error: 'invalid_grant' });

    const { access_token, refresh_token } = issued.json() as { access_token: string; refresh_token: string };
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/dev/webinars/webinars',
      headers: { ...withKey, authorization: `Bearer ${access_token}` },
    });
    expect(list.json()._embedded.webinars).toHaveLength(3);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/dev/webinars/webinars',
      headers: { ...withKey, authorization: `Bearer ${refresh_token}` },
    });
    expect(refused.statusCode).toBe(401);
  });

  it('is what the webinar services use outside production: connect, list, disconnect', async () => {
    const user = await createUser(ctx.sql);
    const caller = { userId: user.id as number, sessionId: SESSION };
    const authorizeUrl = new URL(getWebinarAuthorizeUrl(ctx.app, caller).url);
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(
      'http://portal.test:3000/api/dev/webinars/authorize',
    );
    const back = await allow(authorizeUrl.searchParams.get('state')!);
    const code = back.searchParams.get('code')!;
    expect(await connectWebinars(ctx.app, caller, { code, state: back.searchParams.get('state')! })).toEqual({
      connected: true,
    });
    const answer = await listWebinars(ctx.app, caller);
    expect(answer).toMatchObject({ available: true, connected: true, reconnect: false });
    expect(answer.webinars.map((w) => w.subject)).toEqual([
      'Preparing for your accreditation survey',
      'Self assessment: common questions',
      'Infection control update',
    ]);
    expect(answer.webinars[0]!.registrationUrl).toMatch(
      /^http:\/\/portal\.test:3000\/api\/dev\/webinars\/register\/\d+$/,
    );
    // An expired access token is renewed at the stand-in with the refresh token.
    await ctx.sql.query(
      `update webinar_connections set expires_at = now() - interval '1 minute' where user_id = $1`,
      [user.id],
    );
    expect(await listWebinars(ctx.app, caller)).toMatchObject({ connected: true, reconnect: false });
    const renewed = await ctx.sql.query('select expires_at from webinar_connections where user_id = $1', [
      user.id,
    ]);
    expect(renewed.rows[0].expires_at.getTime()).toBeGreaterThan(Date.now());
    const { rows } = await ctx.sql.query(
      'select refresh_token_enc from webinar_connections where user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(await disconnectWebinars(ctx.app, caller)).toEqual({ connected: false });
    expect(await listWebinars(ctx.app, caller)).toEqual({
      available: true,
      connected: false,
      reconnect: false,
      webinars: [],
    });
  });
});
