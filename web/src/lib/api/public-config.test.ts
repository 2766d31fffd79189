import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPublicConfig } from './public-config.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A stand-in of the actions service's /api/config answering `answers` in turn. */
async function serve(answers: Array<{ status: number; body: string }>) {
  let calls = 0;
  server = createServer((_request, response) => {
    const answer = answers[Math.min(calls, answers.length - 1)]!;
    calls += 1;
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, calls: () => calls };
}

describe('createPublicConfig', () => {
  it('asks once and keeps the answer, also for callers at the same time', async () => {
    const { apiUrl, calls } = await serve([{ status: 200, body: '{"maxFileSizeMb":7}' }]);
    const config = createPublicConfig(apiUrl);
    expect(await Promise.all([config.load(), config.load()])).toEqual([
      { maxFileSizeMb: 7, bulkTools: false },
      { maxFileSizeMb: 7, bulkTools: false },
    ]);
    expect(await config.load()).toEqual({ maxFileSizeMb: 7, bulkTools: false });
    expect(calls()).toBe(1);
  });

  it('answers null on an error or an unexpected body, and asks again next time', async () => {
    const { apiUrl, calls } = await serve([
      { status: 500, body: '{"error":"x"}' },
      { status: 200, body: '{"maxFileSizeMb":"lots"}' },
      { status: 200, body: '{"maxFileSizeMb":2,"bulkTools":true}' },
    ]);
    const config = createPublicConfig(apiUrl);
    expect(await config.load()).toBeNull();
    expect(await config.load()).toBeNull();
    expect(await config.load()).toEqual({ maxFileSizeMb: 2, bulkTools: true });
    expect(calls()).toBe(3);
  });

  it('a caller waits at most the time-out; the request goes on, and the next caller joins it instead of asking again', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    server = createServer((_request, response) => {
      calls += 1;
      void released.then(() =>
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"maxFileSizeMb":3}'),
      );
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const config = createPublicConfig(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, 50);
    expect(await config.load()).toBeNull();
    const second = config.load();
    release();
    expect(await second).toEqual({ maxFileSizeMb: 3, bulkTools: false });
    expect(await config.load()).toEqual({ maxFileSizeMb: 3, bulkTools: false });
    expect(calls).toBe(1);
  });

  it('answers null when nothing listens', async () => {
    const { apiUrl } = await serve([{ status: 200, body: '{}' }]);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    expect(await createPublicConfig(apiUrl).load()).toBeNull();
  });
});
