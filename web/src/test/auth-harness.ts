import { afterEach, beforeEach } from 'vitest';
import { createSession } from '../lib/auth/session.ts';
import { type ContractServer, CSRF, startContractServer } from './contract-server.ts';
import { setCsrfCookie } from './csrf-cookie.ts';

/** Starts a fresh contract server (with the CSRF cookie set) around every test; call inside a test file. */
export function contractServerPerTest(): () => ContractServer {
  let server: ContractServer;
  beforeEach(async () => {
    server = await startContractServer();
    setCsrfCookie(CSRF);
  });
  afterEach(() => server.close());
  return () => server;
}

/** A session against the server's API that counts how often it expired (i.e. sent the user to Login). */
export function createWatchedSession(server: ContractServer) {
  const session = createSession({ apiUrl: `${server.url}/api` });
  let expired = 0;
  session.onExpired(() => {
    expired += 1;
  });
  return { session, expired: () => expired };
}
