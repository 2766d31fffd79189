import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Account, type KoaContextWithOIDC } from 'oidc-provider';

/** What the test identity provider says of an account (ID token claims besides `sub`). */
export type TestIdpClaims = Record<string, unknown>;

export interface TestOidcProvider {
  /** `http://127.0.0.1:<port>`: the issuer, as OIDC_ISSUER names it. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The environment of an actions service that signs in with this provider (OIDC_*). */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Registers the client's redirect URI (the provider starts answering with the first one). */
  allowRedirectUri(uri: string): void;
  /** Sets the claims of the account `sub` (replacing what it had). */
  setAccount(sub: string, claims: TestIdpClaims): void;
  /**
   * Goes through the provider's sign-in from an authorization URL as a browser would (its own
   * cookies, the development login form for `sub`, no consent screen: the test client is first
   * party) and returns the URL the provider sends the browser back to.
   */
  signIn(authorizationUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
}

export const TEST_OIDC_CLIENT_ID = 'portal-test';
export const TEST_OIDC_CLIENT_SECRET = 'portal-test-client-secret-0123456789';
/** The scopes and claims the test client is granted without a consent screen. */
const SCOPES = 'openid email profile';
const CLAIMS = ['email', 'email_verified', 'given_name', 'family_name', 'name', 'groups', 'amr'];

/**
 * A real OpenID Connect provider (`oidc-provider`) on a free port of this process, with one
 * confidential client and the accounts a test sets: the identity provider of the single sign-on
 * tests. Its sign-in page (`interaction` below) takes any password for an account it knows. The
 * claims of an account go into the ID token (conformIdTokenClaims off, as most identity providers
 * can be set).
 */
export async function startTestOidcProvider(): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestIdpClaims>();
  const redirectUris: string[] = [];
  let provider: Provider | null = null;
  let handler: ReturnType<Provider['callback']> | null = null;
  server.on('request', (request, response) => {
    if (!provider || !handler) {
      response.statusCode = 503;
      response.end('the test identity provider has no redirect URI yet');
      return;
    }
    if (request.url?.startsWith('/interaction/')) {
      interaction(provider, accounts, request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    return handler(request, response);
  });

  const build = () => {
    const built = new Provider(issuer, {
      clients: [
        {
          client_id: TEST_OIDC_CLIENT_ID,
          client_secret: TEST_OIDC_CLIENT_SECRET,
          redirect_uris: [...redirectUris],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      claims: {
        // How the person signed in goes with every ID token, as most identity providers send it.
        openid: ['sub', 'amr', 'auth_time'],
        email: ['email', 'email_verified'],
        profile: ['given_name', 'family_name', 'name', 'groups'],
      },
      conformIdTokenClaims: false,
      cookies: { keys: ['test-oidc-provider-cookie-key'] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 600,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
      },
      async findAccount(_ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> {
        const claims = accounts.get(sub);
        if (!claims) return undefined;
        return { accountId: sub, claims: async () => ({ ...claims, sub }) };
      },
      async loadExistingGrant(ctx: KoaContextWithOIDC) {
        const { oidc } = ctx;
        const grantId =
          oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client?.clientId ?? '');
        if (grantId) return oidc.provider.Grant.find(grantId);
        // The test client is first party: granted its scopes at once, no consent screen.
        const grant = new oidc.provider.Grant({
          clientId: oidc.client?.clientId,
          accountId: oidc.session?.accountId,
        });
        grant.addOIDCScope(SCOPES);
        grant.addOIDCClaims(CLAIMS);
        await grant.save();
        return grant;
      },
    });
    // Quiet: the provider warns of its development defaults (keys, interactions, memory store).
    built.on('server_error', (_ctx, error) => console.error('test identity provider:', error));
    return built;
  };

  return {
    issuer,
    clientId: TEST_OIDC_CLIENT_ID,
    clientSecret: TEST_OIDC_CLIENT_SECRET,
    env: (extra = {}) => ({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: TEST_OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT_SECRET,
      OIDC_ROLE_CLAIM: 'groups',
      OIDC_ROLE_MAP: 'portal-admins=provider_admin,portal-qams=qam,portal-surveyors=surveyor',
      OIDC_BUTTON_LABEL: 'Test ID',
      ...extra,
    }),
    allowRedirectUri(uri) {
      if (redirectUris.includes(uri)) return;
      redirectUris.push(uri);
      provider = build();
      handler = provider.callback();
    },
    setAccount(sub, claims) {
      accounts.set(sub, claims);
    },
    async signIn(authorizationUrl, sub) {
      const jar = new Map<string, string>();
      const send = async (url: string, init: RequestInit = {}) => {
        const response = await fetch(url, {
          ...init,
          redirect: 'manual',
          headers: { ...init.headers, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
        return response;
      };
      let url = authorizationUrl;
      for (let step = 0; step < 10; step += 1) {
        if (!url.startsWith(issuer)) return new URL(url);
        const response = await send(url);
        const location = response.headers.get('location');
        if (location) {
          url = new URL(location, url).href;
          continue;
        }
        const html = await response.text();
        if (!html.includes('name="login"'))
          throw new Error(`the test identity provider answered ${response.status}: ${html.slice(0, 300)}`);
        const submitted = await send(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ prompt: 'login', login: sub, password: 'any' }).toString(),
        });
        url = new URL(submitted.headers.get('location') ?? url, url).href;
      }
      throw new Error('the test identity provider did not send the browser back');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The provider's sign-in page (its interactions): a form with the account's name and any password.
 * The account's `amr` claim, when it has one, is the sign-in's Authentication Methods References
 * (what a real identity provider puts there after a second factor), so it reaches the ID token.
 */
async function interaction(
  provider: Provider,
  accounts: Map<string, TestIdpClaims>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(request, response);
  if (request.method === 'POST') {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const login = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('login') ?? '';
    const claims = accounts.get(login);
    if (!claims) {
      response.statusCode = 303;
      response.setHeader('location', `/interaction/${details.uid}`);
      response.end();
      return;
    }
    const amr = Array.isArray(claims.amr) ? (claims.amr as string[]) : undefined;
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: login, amr } },
      {
        mergeWithLastSubmission: false,
      },
    );
    return;
  }
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider: sign in</title></head>
<body><main><h1>Test identity provider</h1>
<form method="post" action="/interaction/${details.uid}">
<p><label for="login">Username</label> <input id="login" name="login" autocomplete="username" required></p>
<p><label for="password">Password</label> <input id="password" name="password" type="password" autocomplete="current-password"></p>
<p><button type="submit">Sign in</button></p>
</form></main></body></html>`);
}
