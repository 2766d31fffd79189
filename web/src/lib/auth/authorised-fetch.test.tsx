import { beforeEach, describe, expect, it } from 'vitest';
import { contractServerPerTest, createWatchedSession } from '../../test/auth-harness.ts';
import type { ContractServer } from '../../test/contract-server.ts';
import { createAuthApi } from './auth-api.ts';
import { createAuthorisedFetch, sendsToken } from './authorised-fetch.ts';

const current = contractServerPerTest();
let server: ContractServer;
beforeEach(() => {
  server = current();
});

function setup() {
  const { session, expired } = createWatchedSession(server);
  const api = createAuthApi(`${server.url}/api`, createAuthorisedFetch(session, [server.url]));
  session.adopt({
    accessToken: 'stale',
    accessTokenExpiresAt: new Date(Date.now() + 3600_000).toISOString(),
  });
  return { session, api, expired };
}

describe('REST calls', () => {
  it('a 401 triggers one refresh and one retry', async () => {
    server.state.sessionAlive = true;
    const { api, expired } = setup();
    expect((await api.currentUser()).email).toBe('pm@demo.test');
    expect(server.calls.map((call) => `${call.path} ${call.authorization ?? '-'}`)).toEqual([
      '/api/user/current Bearer stale',
      '/api/auth/refresh -',
      '/api/user/current Bearer token-1',
    ]);
    expect(expired()).toBe(0);
  });

  it('a refused refresh ends the session with the server message', async () => {
    const { api, expired } = setup();
    // The actions service's answer to a token it no longer accepts (see contract-server.test.ts).
    await expect(api.currentUser()).rejects.toMatchObject({
      code: 'token_not_valid',
      message: 'Your session has expired, please sign in again.',
    });
    expect(expired()).toBe(1);
  });

  it('a 401 from login is an answer, not an expired session', async () => {
    const { api, expired } = setup();
    await expect(api.login({ email: 'pm@demo.test', password: 'wrong' })).rejects.toMatchObject({
      code: 'invalid_credentials',
      message: 'Email or password is incorrect.',
    });
    expect(server.count('/api/auth/refresh')).toBe(0);
    expect(expired()).toBe(0);
  });

  it('never sends the token to another host (file storage)', () => {
    expect(sendsToken('http://127.0.0.1:3000/api/user/current', ['http://127.0.0.1:3000'])).toBe(true);
    expect(sendsToken('https://bucket.s3.example/avatars/1.png', ['http://127.0.0.1:3000'])).toBe(false);
  });
});
