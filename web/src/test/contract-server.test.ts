import { pingAction } from '@portal/testkit/ping-action';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../lib/auth/csrf.ts';
import { type ContractServer, startContractServer } from './contract-server.ts';
import { createInvitationFrom, createPracticeWith, createUser, type TestUser } from './factories.ts';

/**
 * The contract server is a hand-written double of the actions service's REST auth contract (and of
 * the engine's answer to a bad token). This test keeps it honest: every scenario runs the same
 * requests against the double and against the real actions service and engine (`startTestStack`),
 * each through its own little browser (a cookie jar that honours paths and clearing, and sends the
 * CSRF cookie back in the header as the app does), and the two must answer alike: status codes,
 * the shape of every body (keys and value types, recursively), the error codes and the messages the
 * app shows, and the cookies set or cleared with their attributes.
 *
 * The double stands for the refresh cookie with `state.sessionAlive` (jsdom's fetch keeps no
 * cookies); before each request the browser tells it whether it holds that cookie.
 */

/** The httpOnly cookie that holds the session (the app never sees it). */
const REFRESH_COOKIE = 'portal_refresh';

/** What a body looks like, without its values: keys and value types, arrays by their first element. */
function shapeOf(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length > 0 ? [shapeOf(value[0])] : [];
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  }
  return typeof value;
}

interface CookieSeen {
  name: string;
  path: string | undefined;
  httpOnly: boolean;
  sameSite: string | undefined;
  /** Whether the header removes the cookie (Max-Age=0 or an Expires in the past). */
  cleared: boolean;
}

function readSetCookie(header: string): CookieSeen & { value: string } {
  const [pair = '', ...parts] = header.split(';').map((part) => part.trim());
  const attributes = new Map(
    parts.map((part) => {
      const at = part.indexOf('=');
      return at < 0 ? [part.toLowerCase(), ''] : [part.slice(0, at).toLowerCase(), part.slice(at + 1)];
    }),
  );
  const value = pair.slice(pair.indexOf('=') + 1);
  const expires = attributes.get('expires');
  return {
    name: pair.slice(0, pair.indexOf('=')),
    value,
    path: attributes.get('path'),
    httpOnly: attributes.has('httponly'),
    sameSite: attributes.get('samesite')?.toLowerCase(),
    cleared:
      value === '' ||
      attributes.get('max-age') === '0' ||
      (expires !== undefined && Date.parse(expires) <= Date.now()),
  };
}

/** One answer, as the contract compares it. */
interface Seen {
  request: string;
  status: number;
  body: unknown;
  /** The error code and message of a refusal, and the message of a 202: what the app shows. */
  code?: unknown;
  message?: unknown;
  /** The GraphQL error code of the first error. */
  graphqlError?: unknown;
  cookies: CookieSeen[];
}

/** Who a scenario signs in and registers as, on one side (the double accepts anyone). */
interface Side {
  name: string;
  api: string;
  graphql: string;
  account: { email: string; password: string };
  /** A valid invitation token and its address. */
  invitation(): Promise<{ token: string; email: string }>;
  /** The token of a sign-up confirmation link. */
  confirmationToken(): Promise<string>;
  /** Tells the double whether the browser holds the refresh cookie. */
  holdsRefreshCookie?(holds: boolean): void;
}

type Bearer = 'issued' | 'stale' | 'none';
type Csrf = 'cookie' | 'wrong' | 'none';
interface Step {
  method: 'GET' | 'POST';
  /** `/api/...` or `/v1/graphql`. */
  path: string;
  body?: (side: Side) => Promise<unknown> | unknown;
  bearer?: Bearer;
  csrf?: Csrf;
}

/** A browser on one side: its cookies (by name, with their paths) and the last access token it got. */
function browserOn(side: Side) {
  const cookies = new Map<string, { value: string; path: string }>();
  let accessToken: string | null = null;

  async function send(step: Step): Promise<Seen> {
    const url = step.path === '/v1/graphql' ? side.graphql : `${side.api}${step.path.replace(/^\/api/, '')}`;
    const path = new URL(url).pathname;
    const headers: Record<string, string> = {};
    const sent = [...cookies].filter(([, cookie]) => path.startsWith(cookie.path));
    if (sent.length > 0) headers.cookie = sent.map(([name, cookie]) => `${name}=${cookie.value}`).join('; ');
    side.holdsRefreshCookie?.(sent.some(([name]) => name === REFRESH_COOKIE));
    if (step.bearer === 'issued' && accessToken) headers.authorization = `Bearer ${accessToken}`;
    if (step.bearer === 'stale') headers.authorization = 'Bearer stale';
    if (step.csrf === 'cookie') headers[CSRF_HEADER] = cookies.get(CSRF_COOKIE)?.value ?? '';
    if (step.csrf === 'wrong') headers[CSRF_HEADER] = 'not-the-csrf-token';
    let body: string | undefined;
    if (step.path === '/v1/graphql') body = JSON.stringify({ query: 'query Ping { ping { message } }' });
    else if (step.body) body = JSON.stringify(await step.body(side));
    if (body !== undefined) headers['content-type'] = 'application/json';

    const response = await fetch(url, { method: step.method, headers, body });
    const text = await response.text();
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    const setCookies = response.headers.getSetCookie().map(readSetCookie);
    for (const cookie of setCookies) {
      if (cookie.cleared) cookies.delete(cookie.name);
      else cookies.set(cookie.name, { value: cookie.value, path: cookie.path ?? '/' });
    }
    if (typeof json?.accessToken === 'string') accessToken = json.accessToken;

    const refused = response.status >= 400 || response.status === 202;
    const errors = json?.errors as Array<{ extensions?: { code?: unknown } }> | undefined;
    return {
      request: `${step.method} ${step.path} bearer=${step.bearer ?? 'none'} csrf=${step.csrf ?? 'none'}`,
      status: response.status,
      // What GraphQL data holds is the query's business; the contract is that there is some.
      body: shapeOf(json && 'data' in json ? { ...json, data: 'object' } : (json ?? null)),
      ...(refused ? { code: json?.code, message: json?.message } : {}),
      ...(errors ? { graphqlError: errors[0]?.extensions?.code } : {}),
      cookies: setCookies
        .map(({ value: _value, ...seen }) => seen)
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  }
  return { send };
}

const signIn: Step = {
  method: 'POST',
  path: '/api/auth/login',
  body: (side) => side.account,
};
const refresh = (csrf: Csrf): Step => ({ method: 'POST', path: '/api/auth/refresh', csrf });
const logout = (csrf: Csrf): Step => ({ method: 'POST', path: '/api/auth/logout', csrf });
const currentUser = (bearer: Bearer): Step => ({ method: 'GET', path: '/api/user/current', bearer });
const queryEngine = (bearer: Bearer): Step => ({ method: 'POST', path: '/v1/graphql', bearer });
const registration = (invited: boolean): Step => ({
  method: 'POST',
  path: '/api/auth/register',
  body: async (side) => {
    const invitation = invited ? await side.invitation() : null;
    return {
      email: invitation?.email ?? `new-${Date.now()}-${Math.random().toString(36).slice(2)}@contract.test`,
      password: 'Robin-pass-1',
      firstName: 'Robin',
      lastName: 'Ng',
      ...(invitation ? { invitationToken: invitation.token } : {}),
    };
  },
});
const confirmRegistration: Step = {
  method: 'POST',
  path: '/api/auth/register/confirm',
  body: async (side) => ({ token: await side.confirmationToken() }),
};

/** Every route the double serves, in every state the web tests put it in. */
const SCENARIOS: Array<{ name: string; steps: Step[] }> = [
  { name: 'sign-in, then the current user with the issued token', steps: [signIn, currentUser('issued')] },
  {
    name: 'sign-in with a wrong password',
    steps: [
      { method: 'POST', path: '/api/auth/login', body: (side) => ({ ...side.account, password: 'wrong' }) },
    ],
  },
  {
    name: 'the current user without a token, and with a token the server does not know',
    steps: [currentUser('none'), currentUser('stale')],
  },
  {
    name: 'refresh with the cookie and its CSRF token, then with the new token',
    steps: [signIn, refresh('cookie'), currentUser('issued')],
  },
  { name: 'refresh without the cookie', steps: [refresh('none'), refresh('cookie')] },
  {
    name: 'refresh with the cookie and a wrong or missing CSRF token',
    steps: [signIn, refresh('wrong'), refresh('none')],
  },
  { name: 'sign-out, then refresh', steps: [signIn, logout('cookie'), refresh('cookie')] },
  {
    name: 'sign-out with a wrong CSRF token keeps the session',
    steps: [signIn, logout('wrong'), refresh('cookie')],
  },
  { name: 'sign-out without a session', steps: [logout('none')] },
  { name: 'sign-up without an invitation: the next step is e-mailed', steps: [registration(false)] },
  {
    name: 'sign-up with an invitation signs in',
    steps: [registration(true), currentUser('issued'), refresh('cookie')],
  },
  { name: 'the confirmed sign-up signs in', steps: [confirmRegistration, currentUser('issued')] },
  {
    name: 'GraphQL with a token the engine does not know, and with the issued one',
    steps: [queryEngine('stale'), signIn, queryEngine('issued')],
  },
  { name: 'an unknown API route', steps: [{ method: 'GET', path: '/api/no-such-route', bearer: 'none' }] },
  {
    name: 'a back-end handoff code the browser holds no binder of',
    steps: [
      signIn,
      { method: 'POST', path: '/api/auth/handoff/exchange', body: () => ({ code: 'made-up' }) },
    ],
  },
];

describe('the contract server answers as the real actions service and engine do', () => {
  let stack: TestStack;
  let account: TestUser;
  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated', actions: [pingAction] });
    // A practice manager of one practice, as the double's default user manages practices.
    account = await createUser(stack.sql, { firstName: 'Priya', lastName: 'Mehta' });
    await createPracticeWith(stack.sql, { name: 'Harbourside', managers: [account] });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  const realSide = (): Side => ({
    name: 'real',
    api: stack.actionsUrl,
    graphql: stack.graphqlUrl,
    account: { email: account.email, password: account.password },
    async invitation() {
      const practice = await createPracticeWith(stack.sql);
      return createInvitationFrom(stack.sql, practice.id);
    },
    async confirmationToken() {
      const email = `confirm-${Date.now()}@contract.test`;
      const response = await fetch(`${stack.actionsUrl}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Robin-pass-1', firstName: 'Robin', lastName: 'Ng' }),
      });
      expect(response.status).toBe(202);
      const { rows } = await stack.sql.query<{ text_body: string }>(
        `select text_body from email_outbox where to_address = $1 and template = 'registration-confirm'`,
        [email],
      );
      const token = /ConfirmEmail\?token=([\w%-]+)/.exec(rows[0]?.text_body ?? '')?.[1];
      if (!token) throw new Error(`no confirmation link to ${email}`);
      return decodeURIComponent(token);
    },
  });
  const fakeSide = (server: ContractServer): Side => ({
    name: 'fake',
    api: `${server.url}/api`,
    graphql: `${server.url}/v1/graphql`,
    account: { email: 'pm@contract.test', password: 'Any-pass-1' },
    invitation: async () => ({ token: 'invite-123', email: 'invited@contract.test' }),
    confirmationToken: async () => 'confirm-123',
    holdsRefreshCookie(holds) {
      server.state.sessionAlive = holds;
    },
  });

  for (const scenario of SCENARIOS) {
    it(scenario.name, async () => {
      const server = await startContractServer();
      try {
        const run = async (side: Side) => {
          const browser = browserOn(side);
          const seen: Seen[] = [];
          for (const step of scenario.steps) seen.push(await browser.send(step));
          return seen;
        };
        const real = await run(realSide());
        const fake = await run(fakeSide(server));
        expect(fake).toEqual(real);
      } finally {
        await server.close();
      }
    });
  }
});
