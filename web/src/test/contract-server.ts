import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { TCurrentUser } from '../lib/auth/current-user.ts';

/**
 * A real HTTP server speaking the actions service's REST contract (and a minimal /v1/graphql),
 * as a test double of that external service. Tests steer it through `state` and read `calls`.
 */
export const CSRF = 'csrf-test-token';

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
  /** Whether the refresh cookie still holds a session. */
  sessionAlive: boolean;
  /** Access tokens the server accepts. */
  validTokens: Set<string>;
  /** What /v1/graphql answers to a request with a valid token. */
  graphql: () => unknown;
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
    ...initial,
  };
  const calls: Call[] = [];
  const issue = () => {
    const token = `token-${++counter}`;
    state.validTokens.add(token);
    return { accessToken: token, accessTokenExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString() };
  };
  const send = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, {
      'Access-Control-Allow-Origin': '*',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = await read(req);
    calls.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
    const token = req.headers.authorization?.replace(/^Bearer /, '');
    const authed = token !== undefined && state.validTokens.has(token);
    if (path === '/api/auth/login') {
      const { password } = JSON.parse(body) as { password: string };
      if (password === 'wrong')
        return send(res, 401, { code: 'invalid_credentials', message: 'Email or password is incorrect.' });
      state.sessionAlive = true;
      return send(res, 200, { ...issue(), user: state.user });
    }
    if (path === '/api/auth/register') {
      // As the actions service: signed in only with an invitation; otherwise the next step is e-mailed.
      if (!(JSON.parse(body) as { invitationToken?: string }).invitationToken)
        return send(res, 202, {
          message: 'Check your inbox: we have sent an e-mail to that address with the next step.',
        });
      state.sessionAlive = true;
      return send(res, 201, { ...issue(), user: state.user });
    }
    if (path === '/api/auth/register/confirm') {
      state.sessionAlive = true;
      return send(res, 201, { ...issue(), user: state.user });
    }
    if (path === '/api/auth/refresh') {
      if (!state.sessionAlive || req.headers['x-csrf-token'] !== CSRF)
        return send(res, 401, {
          code: 'token_not_valid',
          message: 'Your session has expired, please sign in again.',
        });
      return send(res, 200, issue());
    }
    if (path === '/api/auth/logout') {
      state.sessionAlive = false;
      return send(res, 204);
    }
    if (path === '/api/user/current') {
      if (!authed) return send(res, 401, { code: 'not_signed_in', message: 'Please sign in.' });
      return send(res, 200, state.user);
    }
    if (path === '/v1/graphql') {
      if (!authed)
        return send(res, 200, {
          errors: [{ message: 'Could not verify JWT: JWTExpired', extensions: { code: 'invalid-jwt' } }],
        });
      return send(res, 200, state.graphql());
    }
    send(res, 404, { code: 'not_found', message: 'Not found.' });
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
