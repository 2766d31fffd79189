import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createUser } from '@portal/testkit/factories';
import { DEMO_PASSWORD, startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/**
 * The webinar actions (spec 000 §2 /GoToWebinars/callback, 002 §7 'POST oauth/v2/token') against
 * the real engine and database and a real OAuth 2.0 server (oauth2-mock-server) running here: its
 * authorize endpoint hands out the codes, its token endpoint answers the exchange (made single use
 * and client-authenticated through its hooks, as a real provider is), and a small resource server
 * answers the webinar list only to the bearer tokens that server issued.
 */

const CLIENT_ID = 'portal-client';
const CLIENT_SECRET = 'portal-client-secret';
const REDIRECT_URI = 'http://portal.test:3000/GoToWebinars/callback';

const AUTHORIZE = '{ webinarAuthorizeUrl { url } }';
const CONNECT = `mutation Connect($code: String!, $state: String!) {
  connectWebinars(code: $code, state: $state) { connected } }`;
const LIST = `{ webinars { available connected reconnect
  webinars { key subject description startTime endTime registrationUrl } } }`;
const DISCONNECT = 'mutation { disconnectWebinars { connected } }';

type Webinars = {
  available: boolean;
  connected: boolean;
  reconnect: boolean;
  webinars: Array<{ key: string; subject: string; startTime: string; registrationUrl: string }>;
};

let stack: TestStack;
let oauth: OAuth2Server;
let resource: Server;
/** Codes the authorize endpoint issued, and those already exchanged. */
const issuedCodes = new Set<string>();
const usedCodes = new Set<string>();
/** Token requests as the provider received them. */
const tokenRequests: Array<{
  contentType: string | undefined;
  authorization: string | undefined;
  body: Record<string, string>;
}> = [];
/** Access tokens the provider issued, by the code they were exchanged for. */
const codeOfToken = new Map<string, string>();
/** The code behind the bearer of each webinar list request. */
const listCalls: string[] = [];
/** Refresh tokens the provider issued, by code. */
const refreshOfCode = new Map<string, string>();
const revoked: Array<Promise<{ token: string; hint: string }>> = [];
const basicOfClient = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
let expireNextToken = false;
/** Whether the token endpoint refuses refresh grants (a refresh token revoked elsewhere). */
let refreshRefused = false;

const hour = 3600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

/** A webinar list endpoint that knows only the tokens the OAuth server issued (and their expiry). */
function startResourceServer() {
  return new Promise<Server>((resolve) => {
    const server = createServer((req, res) => {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const code = codeOfToken.get(token);
      const exp = token
        ? JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}').exp
        : 0;
      if (!code || exp * 1000 <= Date.now()) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_token"}');
        return;
      }
      listCalls.push(code);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          _embedded: {
            webinars: [
              {
                webinarKey: 3,
                subject: 'Later',
                times: [{ startTime: iso(48 * hour), endTime: iso(49 * hour) }],
                registrationUrl: 'https://provider.test/register/3',
              },
              {
                webinarKey: 1,
                subject: 'Over already',
                times: [{ startTime: iso(-3 * hour), endTime: iso(-2 * hour) }],
                registrationUrl: 'https://provider.test/register/1',
              },
              {
                webinarKey: 2,
                subject: 'Soon',
                description: 'Survey readiness',
                times: [{ startTime: iso(2 * hour), endTime: iso(3 * hour) }],
                registrationUrl: 'https://provider.test/register/2',
              },
              {
                webinarKey: 4,
                subject: 'No link',
                times: [{ startTime: iso(hour), endTime: iso(2 * hour) }],
                registrationUrl: 'javascript:alert(1)',
              },
            ],
          },
        }),
      );
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

beforeAll(async () => {
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, '127.0.0.1');
  oauth.service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }) => {
    const code = url.searchParams.get('code');
    if (code) issuedCodes.add(code);
  });
  oauth.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, req: { body: Record<string, string> }) => {
      token.payload.code = req.body.code;
      if (expireNextToken) token.payload.exp = Math.floor(Date.now() / 1000) - 60;
    },
  );
  oauth.service.on(
    'beforeResponse',
    (
      response: { statusCode: number; body: Record<string, unknown> },
      req: { headers: Record<string, string | undefined>; body: Record<string, string> },
    ) => {
      tokenRequests.push({
        contentType: req.headers['content-type'],
        authorization: req.headers.authorization,
        body: { ...req.body },
      });
      const code = req.body.code ?? '';
      if (req.headers.authorization !== basicOfClient) {
        response.statusCode = 401;
        response.body = { error: 'invalid_client' };
      } else if (req.body.grant_type === 'refresh_token') {
        const ofCode = [...refreshOfCode].find(([, refresh]) => refresh === req.body.refresh_token)?.[0];
        if (!ofCode || refreshRefused) {
          response.statusCode = 400;
          response.body = { error: 'invalid_grant' };
        } else {
          codeOfToken.set(response.body.access_token as string, ofCode);
          refreshOfCode.set(ofCode, response.body.refresh_token as string);
        }
      } else if (!issuedCodes.has(code) || usedCodes.has(code) || req.body.redirect_uri !== REDIRECT_URI) {
        response.statusCode = 400;
        response.body = { error: 'invalid_grant' };
      } else {
        usedCodes.add(code);
        codeOfToken.set(response.body.access_token as string, code);
        refreshOfCode.set(code, response.body.refresh_token as string);
      }
    },
  );
  // The library's revocation endpoint answers without reading the form: read it here.
  oauth.service.on(
    'beforeRevoke',
    (
      response: { statusCode: number },
      req: NodeJS.ReadableStream & { headers: Record<string, string | undefined> },
    ) => {
      if (req.headers.authorization !== basicOfClient) response.statusCode = 401;
      revoked.push(
        new Promise((resolve) => {
          let body = '';
          req.on('data', (chunk) => {
            body += chunk;
          });
          req.on('end', () => {
            const form = new URLSearchParams(body);
            resolve({ token: form.get('token') ?? '', hint: form.get('token_type_hint') ?? '' });
          });
        }),
      );
    },
  );
  resource = await startResourceServer();
  const issuer = oauth.issuer.url!;
  stack = await startTestStack({
    env: {
      WEBINAR_CLIENT_ID: CLIENT_ID,
      WEBINAR_CLIENT_SECRET: CLIENT_SECRET,
      WEBINAR_AUTHORIZE_URL: `${issuer}/authorize`,
      WEBINAR_TOKEN_URL: `${issuer}/token`,
      WEBINAR_REVOKE_URL: `${issuer}/revoke`,
      WEBINAR_LIST_URL: `http://127.0.0.1:${(resource.address() as AddressInfo).port}/webinars`,
    },
  });
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await oauth?.stop();
  resource?.close();
});
beforeEach(() => {
  expireNextToken = false;
  refreshRefused = false;
});

const user = async () => (await createUser(stack.sql, { password: DEMO_PASSWORD })).email;

/** What the Webinars page does: ask for the authorize URL, and the browser follows it to the provider. */
async function authorize(email: string) {
  const result = await stack.gql<{ webinarAuthorizeUrl: { url: string } }>(email, AUTHORIZE);
  const url = new URL(result.data!.webinarAuthorizeUrl.url);
  const response = await fetch(url, { redirect: 'manual' });
  const back = new URL(response.headers.get('location')!);
  return { url, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

const connect = async (email: string, code: string, state: string) =>
  stack.gql<{ connectWebinars: { connected: boolean } }>(email, CONNECT, { code, state });
const list = async (email: string) => (await stack.gql<{ webinars: Webinars }>(email, LIST)).data!.webinars;
const connection = async (email: string) =>
  (await stack.sql.query('select * from webinar_connections where user_id = $1', [await stack.userId(email)]))
    .rows[0] as { access_token_enc: string; refresh_token_enc: string | null; expires_at: Date } | undefined;

describe('connecting to the webinar provider', () => {
  it('sends the user to the authorize URL with our client, redirect URI and a state', async () => {
    const { url, state } = await authorize(await user());
    expect(url.origin + url.pathname).toBe(`${oauth.issuer.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      state,
    });
    expect(state.length).toBeGreaterThan(40);
  });

  it('exchanges the code server-side (form-encoded) and keeps the tokens sealed, per user', async () => {
    const email = await user();
    const { code, state } = await authorize(email);
    const before = tokenRequests.length;
    expect((await connect(email, code, state)).data).toEqual({ connectWebinars: { connected: true } });

    const request = tokenRequests.slice(before);
    expect(request).toHaveLength(1);
    expect(request[0]!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request[0]!.body).toEqual({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI });
    const row = await connection(email);
    const accessToken = [...codeOfToken].find(([, c]) => c === code)![0];
    expect(row!.access_token_enc).toMatch(/^v1\./);
    expect(row!.access_token_enc).not.toContain(accessToken.slice(0, 20));
    expect(row!.refresh_token_enc).toMatch(/^v1\./);
    expect(row!.expires_at.getTime()).toBeGreaterThan(Date.now());
  });

  it('finishes on a second replica a connection started on the first (the state is signed, not kept in memory)', async () => {
    const other = await stack.replica();
    const email = await user();
    const { code, state } = await authorize(email);
    expect((await other.gql(email, CONNECT, { code, state })).data).toEqual({
      connectWebinars: { connected: true },
    });
    expect((await other.gql<{ webinars: Webinars }>(email, LIST)).data!.webinars.connected).toBe(true);
    expect((await list(email)).connected).toBe(true);
  });

  it('refuses a state that is not the caller’s: nothing is asked of the provider, nothing kept', async () => {
    const [mallory, victim] = [await user(), await user()];
    const mine = await authorize(mallory);
    const theirs = await authorize(victim);
    const before = tokenRequests.length;
    // The victim's browser is sent to the callback with the attacker's code and state (CSRF).
    expect((await connect(victim, mine.code, mine.state)).data).toEqual({
      connectWebinars: { connected: false },
    });
    // A state altered or made up.
    expect((await connect(victim, theirs.code, `${theirs.state}x`)).data?.connectWebinars.connected).toBe(
      false,
    );
    expect((await connect(victim, theirs.code, 'made-up')).data?.connectWebinars.connected).toBe(false);
    // The same user's state from another session (another sign-in) is not this session's.
    const signIn = await stack.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim, password: DEMO_PASSWORD },
    });
    const otherSession = (await (
      await fetch(stack.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${signIn.json().accessToken}` },
        body: JSON.stringify({ query: CONNECT, variables: { code: theirs.code, state: theirs.state } }),
      })
    ).json()) as { data?: { connectWebinars: { connected: boolean } } };
    expect(otherSession.data?.connectWebinars.connected).toBe(false);
    expect(tokenRequests.length).toBe(before);
    expect(await connection(victim)).toBeUndefined();
    expect(await connection(mallory)).toBeUndefined();
  });

  it('keeps nothing when the provider refuses a code already used', async () => {
    const [first, second] = [await user(), await user()];
    const { code, state } = await authorize(first);
    expect((await connect(first, code, state)).data?.connectWebinars.connected).toBe(true);
    const stored = await connection(first);
    // The same code again, for the same user and for another user with their own good state.
    expect((await connect(first, code, (await authorize(first)).state)).data?.connectWebinars.connected).toBe(
      false,
    );
    expect(
      (await connect(second, code, (await authorize(second)).state)).data?.connectWebinars.connected,
    ).toBe(false);
    expect(await connection(second)).toBeUndefined();
    expect(await connection(first)).toEqual(stored);
  });
});

describe('the webinar list', () => {
  it('lists the upcoming webinars, soonest first, with register links, with the caller’s own token', async () => {
    const [alice, bob] = [await user(), await user()];
    const a = await authorize(alice);
    await connect(alice, a.code, a.state);
    const b = await authorize(bob);
    await connect(bob, b.code, b.state);

    const before = listCalls.length;
    const answer = await list(bob);
    expect(answer).toMatchObject({ available: true, connected: true, reconnect: false });
    expect(answer.webinars.map((w) => [w.key, w.subject, w.registrationUrl])).toEqual([
      ['2', 'Soon', 'https://provider.test/register/2'],
      ['3', 'Later', 'https://provider.test/register/3'],
    ]);
    expect(listCalls.slice(before)).toEqual([b.code]);
    await list(alice);
    expect(listCalls.slice(before)).toEqual([b.code, a.code]);
  });

  it('says not connected to a user without a connection, and never uses another user’s token', async () => {
    const [connected, stranger] = [await user(), await user()];
    const c = await authorize(connected);
    await connect(connected, c.code, c.state);
    const before = listCalls.length;
    expect(await list(stranger)).toEqual({
      available: true,
      connected: false,
      reconnect: false,
      webinars: [],
    });
    expect(listCalls.length).toBe(before);
  });

  it('renews a refused access token once with the refresh token, and keeps the new one', async () => {
    const email = await user();
    const { code, state } = await authorize(email);
    expireNextToken = true;
    expect((await connect(email, code, state)).data?.connectWebinars.connected).toBe(true);
    const before = await connection(email);
    expireNextToken = false;
    const requests = tokenRequests.length;
    const calls = listCalls.length;
    const answer = await list(email);
    expect(answer).toMatchObject({ connected: true, reconnect: false });
    expect(answer.webinars).toHaveLength(2);
    expect(tokenRequests.slice(requests).map((r) => r.body)).toEqual([
      { grant_type: 'refresh_token', refresh_token: expect.any(String) },
    ]);
    expect(listCalls.slice(calls)).toEqual([code]);
    const after = await connection(email);
    expect(after!.access_token_enc).not.toBe(before!.access_token_enc);
    // The renewed token is kept: the next list needs no refresh.
    await list(email);
    expect(tokenRequests.length).toBe(requests + 1);
  });

  it('only logs a token the provider refuses when the refresh is refused too, and offers to reconnect', async () => {
    const email = await user();
    const { code, state } = await authorize(email);
    expireNextToken = true;
    expect((await connect(email, code, state)).data?.connectWebinars.connected).toBe(true);
    const stored = await connection(email);
    refreshRefused = true;
    const answer = await stack.gql<{ webinars: Webinars }>(email, LIST);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.webinars).toEqual({
      available: true,
      connected: true,
      reconnect: true,
      webinars: [],
    });
    expect(await connection(email)).toEqual(stored);
  });

  it('offers to reconnect when the stored token cannot be opened (sealed under another key)', async () => {
    const email = await user();
    const { code, state } = await authorize(email);
    await connect(email, code, state);
    await stack.sql.query(
      `update webinar_connections set access_token_enc = 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA',
              refresh_token_enc = 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' where user_id = $1`,
      [await stack.userId(email)],
    );
    expect(await list(email)).toMatchObject({ connected: true, reconnect: true, webinars: [] });
  });

  it('is never readable through GraphQL: the tokens table is not in any role’s schema', async () => {
    const result = await stack.gql(await user(), '{ webinar_connections { user_id } }');
    expect(result.errors?.[0]?.message).toMatch(/webinar_connections/);
  });
});

describe('disconnecting', () => {
  it('revokes the refresh token at the provider and forgets the tokens', async () => {
    const email = await user();
    const { code, state } = await authorize(email);
    await connect(email, code, state);
    const before = revoked.length;
    expect((await stack.gql(email, DISCONNECT)).data).toEqual({ disconnectWebinars: { connected: false } });
    const [revocation, ...more] = await Promise.all(revoked.slice(before));
    expect(more).toEqual([]);
    expect(revocation!.hint).toBe('refresh_token');
    expect(revocation!.token).toBe(refreshOfCode.get(code));
    expect(await connection(email)).toBeUndefined();
    expect(await list(email)).toEqual({ available: true, connected: false, reconnect: false, webinars: [] });
    // Disconnecting again changes nothing and asks the provider nothing.
    expect((await stack.gql(email, DISCONNECT)).data).toEqual({ disconnectWebinars: { connected: false } });
    expect(revoked.length).toBe(before + 1);
  });
});
