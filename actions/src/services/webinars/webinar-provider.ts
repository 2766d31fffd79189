import type { FastifyInstance } from 'fastify';
import type { WebinarConfig } from '../../config/load-config.ts';
import { DEV_KEY_HEADER } from '../../routes/dev/dev-key.ts';

/** A provider answer we could not use (refused, unreachable, not JSON): only ever logged. */
export class WebinarProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'WebinarProviderError';
  }
}

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | null;
  /** When the access token expires, when the provider said. */
  expiresAt: Date | null;
}

/** One upcoming webinar as the page shows it. */
export interface Webinar {
  key: string;
  subject: string;
  description: string | null;
  startTime: string;
  endTime: string;
  registrationUrl: string;
}

type Fetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{
  status: number;
  json(): Promise<unknown>;
}>;

const TIMEOUT_MS = 10_000;

/**
 * How the service reaches the provider: over HTTP, or, for the stand-in, in-process through
 * Fastify's inject (the stand-in is a route of this same service; no port or origin to guess).
 */
function fetcherOf(app: FastifyInstance, config: WebinarConfig): Fetch {
  if (!config.standIn) {
    return (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  }
  return async (url, init) => {
    const response = await app.inject({
      method: init.method as 'GET' | 'POST',
      url,
      headers: { ...init.headers, [DEV_KEY_HEADER]: app.config.devPagesKey ?? '' },
      payload: init.body,
    });
    return { status: response.statusCode, json: async () => response.json() };
  };
}

const basic = (config: WebinarConfig) =>
  `Basic ${Buffer.from(`${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`).toString('base64')}`;

async function tokenRequest(app: FastifyInstance, config: WebinarConfig, form: Record<string, string>) {
  const response = await fetcherOf(app, config)(config.tokenUrl, {
    method: 'POST',
    headers: {
      authorization: basic(config),
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams(form).toString(),
  }).catch((error: Error) => {
    throw new WebinarProviderError(`token endpoint unreachable: ${error.message}`, null);
  });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.status !== 200 || typeof body?.access_token !== 'string') {
    const reason = typeof body?.error === 'string' ? body.error : 'no access_token';
    throw new WebinarProviderError(`token endpoint refused: ${reason}`, response.status);
  }
  const expiresIn = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
  } satisfies ProviderTokens;
}

/** POST the token endpoint: form-encoded grant_type=authorization_code, code, redirect_uri (spec 002 §7). */
export function exchangeCode(
  app: FastifyInstance,
  config: WebinarConfig,
  code: string,
): Promise<ProviderTokens> {
  return tokenRequest(app, config, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: config.redirectUri,
  });
}

/** POST the token endpoint with grant_type=refresh_token (RFC 6749 §6): a new access token. */
export async function refreshTokens(
  app: FastifyInstance,
  config: WebinarConfig,
  refreshToken: string,
): Promise<ProviderTokens> {
  const tokens = await tokenRequest(app, config, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });
  // A provider that does not rotate refresh tokens keeps the one it was given.
  return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
}

function webinarOf(raw: unknown): Webinar | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const w = raw as Record<string, unknown>;
  const times = Array.isArray(w.times) ? (w.times[0] as Record<string, unknown> | undefined) : undefined;
  const startTime = times?.startTime ?? w.startTime;
  const endTime = times?.endTime ?? w.endTime;
  const key = w.webinarKey ?? w.key;
  if (
    (typeof key !== 'string' && typeof key !== 'number') ||
    typeof w.subject !== 'string' ||
    typeof startTime !== 'string' ||
    typeof endTime !== 'string' ||
    typeof w.registrationUrl !== 'string' ||
    !/^https?:\/\//.test(w.registrationUrl)
  ) {
    return null;
  }
  return {
    key: String(key),
    subject: w.subject,
    description: typeof w.description === 'string' ? w.description : null,
    startTime,
    endTime,
    registrationUrl: w.registrationUrl,
  };
}

/**
 * GET the list endpoint with the user's bearer token, from now on: the upcoming webinars, soonest
 * first. Takes a plain array or GoTo's `{_embedded: {webinars: [...]}}`.
 */
export async function fetchWebinars(
  app: FastifyInstance,
  config: WebinarConfig,
  accessToken: string,
  now = new Date(),
): Promise<Webinar[]> {
  const to = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
  const url = `${config.listUrl}${config.listUrl.includes('?') ? '&' : '?'}${new URLSearchParams({
    fromTime: now.toISOString(),
    toTime: to.toISOString(),
  })}`;
  const response = await fetcherOf(app, config)(url, {
    method: 'GET',
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  }).catch((error: Error) => {
    throw new WebinarProviderError(`list endpoint unreachable: ${error.message}`, null);
  });
  if (response.status !== 200) throw new WebinarProviderError('list endpoint refused', response.status);
  const body = (await response.json().catch(() => null)) as unknown;
  const raw = Array.isArray(body)
    ? body
    : ((body as { _embedded?: { webinars?: unknown } } | null)?._embedded?.webinars ?? null);
  if (!Array.isArray(raw)) throw new WebinarProviderError('list endpoint answered no list', response.status);
  return raw
    .map(webinarOf)
    .filter((w): w is Webinar => w !== null && Date.parse(w.endTime) > now.getTime())
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
}

/** POST the revocation endpoint (RFC 7009), when there is one. */
export async function revokeToken(app: FastifyInstance, config: WebinarConfig, token: string, hint: string) {
  if (!config.revokeUrl) return;
  const response = await fetcherOf(app, config)(config.revokeUrl, {
    method: 'POST',
    headers: { authorization: basic(config), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, token_type_hint: hint }).toString(),
  }).catch((error: Error) => {
    throw new WebinarProviderError(`revocation endpoint unreachable: ${error.message}`, null);
  });
  if (response.status !== 200) throw new WebinarProviderError('revocation endpoint refused', response.status);
}
