import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { SESSION_COOKIE_SECONDS } from '@portal/domain';
import type { TCurrentUser } from '../lib/auth/current-user.ts';

/**
 * A real HTTP server speaking the actions service's REST contract (and a minimal /v1/graphql),
 * as a test double of that external service. Tests steer it through `state` and read `calls`.
 * `contract-server.test.ts` runs the same requests against it and against the real actions
 * service and engine, so it cannot drift from them.
 */
export const CSRF = 'csrf-test-token';

/** The refusals the double answers, with the actions service's codes and messages. */
const REFUSALS = {
  invalid_credentials: 'Email or password is incorrect.',
  not_signed_in: 'Please sign in.',
  token_not_valid: 'Your session has expired, please sign in again.',
  csrf_invalid: 'Your session could not be verified, please sign in again.',
  handoff_invalid: 'This sign-in link has expired or has already been used. Please sign in.',
  not_found: 'There is nothing here.',
} as const;

/**
 * The session's cookies as the actions service sets them: the httpOnly refresh cookie for
 * /api/auth and the readable CSRF cookie (always `CSRF` here), both SameSite=Strict.
 */
function sessionCookies(maxAge = SESSION_COOKIE_SECONDS): string[] {
  return [
    `portal_refresh=${maxAge > 0 ? 'refresh-test-token' : ''}; Max-Age=${maxAge}; Path=/api/auth; HttpOnly; SameSite=Strict`,
    `portal_csrf=${maxAge > 0 ? CSRF : ''}; Max-Age=${maxAge}; Path=/; SameSite=Strict`,
  ];
}
const clearedSessionCookies = () => sessionCookies(0);
/** A sign-in (not a refresh) names the browser's device: its long-lived httpOnly cookie, SameSite=Lax. */
const deviceCookie = () =>
  `portal_device=device-test-id; Max-Age=${400 * 24 * 60 * 60}; Path=/api/auth; HttpOnly; SameSite=Lax`;
/** The handoff exchange clears the binder cookie of /redirect-from-backend, whatever it answers. */
const clearedHandoffCookie = () => [
  'portal_handoff=; Max-Age=0; Path=/api/auth/handoff; HttpOnly; SameSite=Strict',
];

export function makeUser(
  overrides: Partial<Omit<TCurrentUser, 'flags'>> & { flags?: Partial<TCurrentUser['flags']> } = {},
): TCurrentUser {
  const { flags, ...rest } = overrides;
  return {
    id: 7,
    email: 'pm@demo.test',
    firstName: 'Priya',
    lastName: 'Mehta',
    title: null,
    name: 'Priya Mehta',
    avatarUrl: null,
    practices: [
      { id: 101, name: 'Harbourside', roles: ['PM'] },
      { id: 102, name: 'Northside', roles: ['PM'] },
    ],
    mustEnrolTwoFactor: false,
    ...rest,
    flags: {
      staff: false,
      surveyor: false,
      admin: false,
      superadmin: false,
      qam: false,
      singlePractice: false,
      newUser: false,
      isPracticeManager: true,
      hasSpecialAccess: false,
      ...flags,
    },
  };
}

export interface ContractState {
  /** Who signs in with any password but 'wrong'. */
  user: TCurrentUser;
  /**
   * Whether the browser holds the refresh cookie of a live session. jsdom's fetch keeps no cookies,
   * so this flag stands for it: sign-in sets it (and sends the cookies), sign-out clears it.
   */
  sessionAlive: boolean;
  /** Access tokens the server accepts. */
  validTokens: Set<string>;
  /** What /v1/graphql answers to a request with a valid token. */
  graphql: () => unknown;
  /**
   * The back end's one-time handoff code that this browser holds the binder cookie of (the
   * exchange answers it once, for the browser's session); null: none.
   */
  handoffCode: string | null;
}

export interface Call {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

export async function startContractServer(initial: Partial<ContractState> = {}) {
  let counter = 0;
  const state: ContractState = {
    user: makeUser(),
    sessionAlive: false,
    validTokens: new Set(),
    graphql: () => ({ data: { ping: 'pong' } }),
    handoffCode: null,
    ...initial,
  };
  const calls: Call[] = [];
  const issue = () => {
    const token = `token-${++counter}`;
    state.validTokens.add(token);
    return { accessToken: token, accessTokenExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString() };
  };
  const send = (res: ServerResponse, status: number, body?: unknown, cookies: string[] = []) => {
    res.writeHead(status, {
      'Access-Control-Allow-Origin': '*',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(cookies.length > 0 ? { 'Set-Cookie': cookies } : {}),
    });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const refused = (code: keyof typeof REFUSALS) => ({ code, message: REFUSALS[code] });
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };
  /** Signs in: a session (the refresh cookie), its CSRF cookie, the device cookie and an access token. */
  const signedIn = (res: ServerResponse, status: number, user: TCurrentUser) => {
    state.sessionAlive = true;
    send(res, status, { ...issue(), user }, [...sessionCookies(), deviceCookie()]);
  };

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = await read(req);
    calls.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
    const token = req.headers.authorization?.replace(/^Bearer /, '');
    const authed = token !== undefined && state.validTokens.has(token);
    const csrfOk = req.headers['x-csrf-token'] === CSRF;
    if (path === '/api/auth/login') {
      const { password } = JSON.parse(body) as { password: string };
      if (password === 'wrong') return send(res, 401, refused('invalid_credentials'));
      return signedIn(res, 200, state.user);
    }
    if (path === '/api/auth/register') {
      // As the actions service: signed in only with an invitation; otherwise the next step is e-mailed.
      if (!(JSON.parse(body) as { invitationToken?: string }).invitationToken)
        return send(res, 202, {
          message: 'Check your inbox: we have sent an e-mail to that address with the next step.',
        });
      return signedIn(res, 201, state.user);
    }
    if (path === '/api/auth/register/confirm') {
      // A confirmed sign-up is a new account, signed in from now on: no practice yet.
      state.user = {
        ...state.user,
        practices: [],
        flags: { ...state.user.flags, newUser: true, isPracticeManager: false, singlePractice: false },
      };
      return signedIn(res, 201, state.user);
    }
    if (path === '/api/auth/refresh') {
      if (!state.sessionAlive) return send(res, 401, refused('token_not_valid'));
      if (!csrfOk) return send(res, 403, refused('csrf_invalid'));
      // Each refresh rotates the session's cookies, and answers the user as /api/user/current does.
      return send(res, 200, { ...issue(), user: state.user }, sessionCookies());
    }
    if (path === '/api/auth/logout') {
      if (state.sessionAlive && !csrfOk) return send(res, 403, refused('csrf_invalid'));
      state.sessionAlive = false;
      return send(res, 204, undefined, clearedSessionCookies());
    }
    if (path === '/api/auth/handoff/exchange') {
      const { code } = JSON.parse(body || '{}') as { code?: string };
      if (!state.sessionAlive || !code || code !== state.handoffCode)
        return send(res, 400, refused('handoff_invalid'), clearedHandoffCookie());
      state.handoffCode = null;
      // The handed session's refresh and CSRF cookies, as the real exchange sets them.
      return send(res, 200, { ...issue(), user: state.user }, [
        ...clearedHandoffCookie(),
        ...sessionCookies(),
      ]);
    }
    if (path === '/api/user/current') {
      if (!req.headers.authorization) return send(res, 401, refused('not_signed_in'));
      if (!authed) return send(res, 401, refused('token_not_valid'));
      return send(res, 200, state.user);
    }
    if (path === '/v1/graphql') {
      if (!authed)
        return send(res, 200, {
          errors: [
            { message: 'Could not verify JWT: JWTExpired', extensions: { code: 'invalid-jwt', path: '$' } },
          ],
        });
      return send(res, 200, state.graphql());
    }
    send(res, 404, refused('not_found'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    state,
    calls,
    count: (path: string) => calls.filter((call) => call.path === path).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type ContractServer = Awaited<ReturnType<typeof startContractServer>>;
