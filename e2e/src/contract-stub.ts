import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A stand-in for the actions service's REST contract (and the one GraphQL query the account
 * page makes), for screenshots only: two demo people, cookies like the real service.
 */
export interface StubUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  title: string | null;
  phone: string | null;
  avatarUrl: string | null;
  flags: Record<string, boolean>;
  practices: { id: number; name: string; roles: string[] }[];
}

const flags = (overrides: Record<string, boolean>) => ({
  staff: false,
  surveyor: false,
  admin: false,
  superadmin: false,
  qam: false,
  singlePractice: false,
  newUser: false,
  isPracticeManager: false,
  hasSpecialAccess: false,
  ...overrides,
});

export const STUB_USERS: StubUser[] = [
  {
    id: 11,
    email: 'pm@demo.test',
    firstName: 'Priya',
    lastName: 'Mehta',
    title: 'DR',
    phone: '0412 345 678',
    avatarUrl: null,
    flags: flags({ isPracticeManager: true, singlePractice: true }),
    practices: [{ id: 101, name: 'Harbourside Family Practice', roles: ['PM'] }],
  },
  {
    id: 1,
    email: 'admin@demo.test',
    firstName: 'Alex',
    lastName: 'Nguyen',
    title: null,
    phone: null,
    avatarUrl: null,
    flags: flags({ admin: true, staff: true, surveyor: true }),
    practices: [],
  },
];

const describe = (user: StubUser) => {
  const { phone: _phone, ...rest } = user;
  return { ...rest, name: `${user.firstName} ${user.lastName}` };
};

function send(
  res: ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string | string[]> = {},
) {
  res.writeHead(status, {
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...headers,
  });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

function cookies(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    (req.headers.cookie ?? '').split(';').map((part) => {
      const [name, ...value] = part.trim().split('=');
      return [name, value.join('=')];
    }),
  );
}

export function createContractStub() {
  const sessions = new Map<string, StubUser>();
  const tokens = new Map<string, StubUser>();

  const signIn = (res: ServerResponse, user: StubUser, status = 200) => {
    const refresh = randomBytes(16).toString('hex');
    sessions.set(refresh, user);
    const accessToken = randomBytes(16).toString('hex');
    tokens.set(accessToken, user);
    send(
      res,
      status,
      {
        accessToken,
        accessTokenExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
        user: describe(user),
      },
      {
        'Set-Cookie': [
          `portal_refresh=${refresh}; Path=/api/auth; HttpOnly; SameSite=Strict`,
          `portal_csrf=${randomBytes(8).toString('hex')}; Path=/; SameSite=Strict`,
        ],
      },
    );
  };
  const bearer = (req: IncomingMessage) =>
    tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));

  /** Answers /api/* and /v1/graphql; returns false for anything else. */
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://stub');
    const path = url.pathname;
    if (!path.startsWith('/api/') && path !== '/v1/graphql') return false;
    if (req.method === 'POST' && path === '/api/auth/login') {
      const body = await readJson(req);
      const user = STUB_USERS.find((u) => u.email === body.email);
      if (!user || body.password !== 'Demo-pass-1')
        send(res, 401, { code: 'invalid_credentials', message: 'Email or password is incorrect.' });
      else signIn(res, user);
    } else if (req.method === 'POST' && path === '/api/auth/refresh') {
      const user = sessions.get(cookies(req).portal_refresh ?? '');
      if (!user)
        send(res, 401, {
          code: 'token_not_valid',
          message: 'Your session has expired, please sign in again.',
        });
      else {
        const accessToken = randomBytes(16).toString('hex');
        tokens.set(accessToken, user);
        send(res, 200, {
          accessToken,
          accessTokenExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
        });
      }
    } else if (req.method === 'POST' && path === '/api/auth/logout') {
      sessions.delete(cookies(req).portal_refresh ?? '');
      send(res, 204);
    } else if (req.method === 'POST' && path === '/api/auth/register') {
      const body = await readJson(req);
      if (body.invitationToken === 'used-invitation')
        send(res, 400, {
          code: 'invitation_invalid',
          message: 'This invitation link has expired or has already been used.',
        });
      else signIn(res, STUB_USERS[0]!, 201);
    } else if (req.method === 'POST' && path === '/api/auth/reset') {
      send(res, 202, {
        message: 'If an account exists for that e-mail, we have sent a link to reset the password.',
      });
    } else if (path === '/api/user/current') {
      const user = bearer(req);
      if (!user) send(res, 401, { code: 'not_signed_in', message: 'Please sign in.' });
      else send(res, 200, describe(user));
    } else if (path === '/v1/graphql') {
      const user = bearer(req);
      const body = await readJson(req);
      if (!user)
        send(res, 200, {
          errors: [{ message: 'Could not verify JWT', extensions: { code: 'invalid-jwt' } }],
        });
      else if (String(body.query).includes('users_by_pk'))
        send(res, 200, {
          data: {
            users_by_pk: {
              __typename: 'users',
              id: user.id,
              first_name: user.firstName,
              last_name: user.lastName,
              title: user.title,
              phone: user.phone,
            },
          },
        });
      else send(res, 200, { data: null });
    } else send(res, 404, { code: 'not_found', message: 'Not found.' });
    return true;
  };
}
