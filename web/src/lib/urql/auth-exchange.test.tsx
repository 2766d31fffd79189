import { beforeEach, describe, expect, it } from 'vitest';
import { contractServerPerTest, createWatchedSession } from '../../test/auth-harness.ts';
import type { ContractServer } from '../../test/contract-server.ts';
import { networkStatus } from '../offline/network-status.ts';
import { createGraphqlClient } from './client.ts';

/**
 * The contract server's own query (it answers `ping` to any request with a valid token): a plain
 * string, not a `graphql()` document, since the engine's schema for role user has no `ping`.
 */
const Ping = 'query Ping { ping }';

const current = contractServerPerTest();
let server: ContractServer;
beforeEach(() => {
  server = current();
});

function setup() {
  const { session, expired } = createWatchedSession(server);
  const { client, dispose } = createGraphqlClient({
    url: `${server.url}/v1/graphql`,
    wsUrl: `${server.url.replace('http', 'ws')}/v1/graphql`,
    session,
    onResetStore: () => {},
  });
  // A token the server no longer accepts, valid for another hour as far as the browser knows.
  session.adopt({
    accessToken: 'stale',
    accessTokenExpiresAt: new Date(Date.now() + 3600_000).toISOString(),
  });
  return { session, client, dispose, expired };
}

describe('auth exchange', () => {
  it('on invalid-jwt refreshes once and retries once with the new token', async () => {
    server.state.sessionAlive = true;
    const { client, dispose, expired } = setup();
    const result = await client.query(Ping, {}, { requestPolicy: 'network-only' }).toPromise();
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({ ping: 'pong' });
    expect(server.count('/api/auth/refresh')).toBe(1);
    const graphql = server.calls.filter((call) => call.path === '/v1/graphql');
    expect(graphql.map((call) => call.authorization)).toEqual(['Bearer stale', 'Bearer token-1']);
    expect(graphql[0]?.method).toBe('POST');
    expect(expired()).toBe(0);
    dispose();
  });

  it('sends the user to Login when the refresh is refused', async () => {
    const { client, dispose, expired } = setup();
    const result = await client.query(Ping, {}, { requestPolicy: 'network-only' }).toPromise();
    expect(result.error?.graphQLErrors[0]?.extensions?.code).toBe('invalid-jwt');
    expect(server.count('/api/auth/refresh')).toBe(1);
    expect(expired()).toBe(1);
    dispose();
  });

  it('sends the user to Login when the retry still fails, without a second refresh', async () => {
    server.state.sessionAlive = true;
    const { client, dispose, expired } = setup();
    // The server refuses every token, even fresh ones.
    server.state.validTokens.add = function add() {
      return this;
    };
    const result = await client.query(Ping, {}, { requestPolicy: 'network-only' }).toPromise();
    expect(result.error?.graphQLErrors[0]?.extensions?.code).toBe('invalid-jwt');
    expect(server.count('/api/auth/refresh')).toBe(1);
    expect(server.count('/v1/graphql')).toBe(2);
    expect(expired()).toBe(1);
    dispose();
  });

  it('refreshes before sending when the token is about to expire', async () => {
    server.state.sessionAlive = true;
    const { session, client, dispose } = setup();
    session.adopt({ accessToken: 'dying', accessTokenExpiresAt: new Date(Date.now() + 5_000).toISOString() });
    const result = await client.query(Ping, {}, { requestPolicy: 'network-only' }).toPromise();
    expect(result.data).toEqual({ ping: 'pong' });
    expect(
      server.calls.filter((call) => call.path === '/v1/graphql').map((call) => call.authorization),
    ).toEqual(['Bearer token-1']);
    dispose();
  });

  it('keeps the session when the refresh gets no answer (offline), and reports offline', async () => {
    const { session, client, dispose, expired } = setup();
    session.adopt({ accessToken: 'dying', accessTokenExpiresAt: new Date(Date.now() + 5_000).toISOString() });
    // The refresh cookie's call and the request itself find no server (the tablet lost its network).
    const realFetch = globalThis.fetch;
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    try {
      const result = await client.query(Ping, {}, { requestPolicy: 'network-only' }).toPromise();
      expect(result.error?.networkError?.message).toBe('Failed to fetch');
      expect(expired()).toBe(0);
      expect(networkStatus.get().online).toBe(false);
    } finally {
      globalThis.fetch = realFetch;
    }
    // Back online: the next request refreshes through the cookie and goes through.
    server.state.sessionAlive = true;
    const again = await client.query(Ping, {}, { requestPolicy: 'network-only' }).toPromise();
    expect(again.data).toEqual({ ping: 'pong' });
    expect(expired()).toBe(0);
    expect(networkStatus.get().online).toBe(true);
    dispose();
  });

  it('an answer to a request sent before the connection was lost does not say it is back', async () => {
    const { session, client, dispose } = setup();
    server.state.validTokens.add('fresh');
    session.adopt({
      accessToken: 'fresh',
      accessTokenExpiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    // The answer is on its way when the browser says the network is gone.
    const realFetch = globalThis.fetch;
    let answered = () => {};
    const held = new Promise<void>((resolve) => {
      answered = resolve;
    });
    globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await realFetch(...args);
      if (String(args[0]).endsWith('/v1/graphql')) await held;
      return response;
    };
    try {
      const late = client.query(Ping, {}, { requestPolicy: 'network-only' }).toPromise();
      await new Promise((resolve) => setTimeout(resolve, 50));
      window.dispatchEvent(new Event('offline'));
      answered();
      expect((await late).data).toEqual({ ping: 'pong' });
      expect(networkStatus.get().online).toBe(false);
    } finally {
      globalThis.fetch = realFetch;
    }
    // A request sent while offline that gets an answer does.
    const fresh = await client.query(Ping, { again: true }, { requestPolicy: 'network-only' }).toPromise();
    expect(fresh.data).toEqual({ ping: 'pong' });
    expect(networkStatus.get().online).toBe(true);
    dispose();
  });
});
