import { Writable } from 'node:stream';
import { createUser } from '@portal/testkit/factories';
import { createTestContext, signIn, type TestContext, testEnv } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config/load-config.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('the app', () => {
  it('GET /api/health checks the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('health reports the database down with a generic 503 when it is unreachable', async () => {
    const app = await buildApp(loadConfig(testEnv('postgres://nobody@127.0.0.1:9/none')));
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      // Nothing of the cause (address, user, database name) leaks.
      expect(response.json()).toEqual({
        code: 'service_unavailable',
        message: 'The service is temporarily unavailable. Please try again in a moment.',
        status: 'unavailable',
        database: 'down',
      });
    } finally {
      await app.close();
    }
  });

  it('unknown routes answer 404 in the error format', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', message: 'There is nothing here.' });
  });

  it('never logs passwords or tokens, even at trace level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp(loadConfig(testEnv(t.database.url, { LOG_LEVEL: 'trace' })), {
      logStream: stream,
    });
    try {
      const user = await createUser(t.sql, { password: 'Secret-pass-77' });
      const session = await signIn(app, user.email, 'Secret-pass-77');
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: {
          authorization: `Bearer ${session.accessToken}`,
          cookie: `portal_refresh=${session.refresh}`,
        },
        payload: { email: user.email, password: 'Wrong-pass-77' },
      });
      const log = lines.join('');
      expect(log).toContain('incoming request');
      for (const secret of [
        'Secret-pass-77',
        'Wrong-pass-77',
        session.accessToken,
        session.refresh,
        session.csrf,
      ]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });
});
