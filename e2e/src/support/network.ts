import type { BrowserContext, Page, Request } from 'playwright-core';

/**
 * Cutting a browser off the network, two ways: the whole context offline as the
 * tablet's Wi-Fi dropping (`navigator.onLine` false, every request fails, the service worker's
 * too), or only the API failing while the browser believes it is online (a captive portal, a
 * proxy down): the app's shell and chunks still load, `/v1/graphql` and `/api/` do not.
 */

/** The context loses its network: every request fails and the pages hear `offline`. */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
}

/** The context has its network back: the pages hear `online`. */
export async function goOnline(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
}

/** GraphQL over HTTP and the REST API, by path (the WebSocket is `/v1/graphql` too). */
const API = /\/(v1\/graphql|api\/)/;

/**
 * Fails every API request of the context (HTTP requests as "internet disconnected", new
 * WebSockets closed at once) while the network is otherwise up; the returned function lets
 * them through again (the handlers stay, passing everything on).
 */
export async function failApi(context: BrowserContext): Promise<() => Promise<void>> {
  let failing = true;
  await context.route(API, (route) =>
    (failing ? route.abort('internetdisconnected') : route.fallback()).catch(() => undefined),
  );
  await context.routeWebSocket(API, (socket) => {
    if (failing) socket.close({ code: 1011, reason: 'no network' }).catch(() => undefined);
    else socket.connectToServer();
  });
  return async () => {
    failing = false;
  };
}

/** The bearer tokens a page sends, in order (every request's `Authorization` header). */
export function recordAccessTokens(page: Page): { tokens: string[]; last(): string } {
  const tokens: string[] = [];
  page.on('request', (request: Request) => {
    const header = request.headers().authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : null;
    if (token && tokens[tokens.length - 1] !== token) tokens.push(token);
  });
  return {
    tokens,
    last() {
      const token = tokens[tokens.length - 1];
      if (!token) throw new Error('the page has sent no access token yet');
      return token;
    },
  };
}

/** Seconds since the epoch at which an access token (a JWT) expires. */
export function expiryOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    exp?: number;
  };
  if (typeof payload.exp !== 'number') throw new Error('the access token has no exp');
  return payload.exp;
}

/** Whether the engine refuses the token (Hasura's `invalid-jwt`: expired, here). */
export async function engineRefuses(stackUrl: string, token: string): Promise<boolean> {
  const response = await fetch(`${stackUrl}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ __typename }' }),
  });
  const body = (await response.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
  return body.errors?.some((error) => error.extensions?.code === 'invalid-jwt') ?? false;
}

/**
 * Waits until the engine refuses `token` because it expired (a condition, not a sleep: it asks
 * the engine again every half second, and gives up a while after the token's `exp`).
 */
export async function waitUntilExpired(stackUrl: string, token: string): Promise<void> {
  const deadline = expiryOf(token) * 1000 + 10_000;
  while (!(await engineRefuses(stackUrl, token))) {
    if (Date.now() > deadline) throw new Error('the engine still accepts the access token after its expiry');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
