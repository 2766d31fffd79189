import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@portal/devdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config/config.ts';

/** `cli.ts gateway` as the web service of docker-compose.yml runs it, in front of stand-ins. */
describe('cli.ts gateway', () => {
  let upstream: http.Server;
  let upstreamUrl: string;
  let dist: string;

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      if (req.url === '/healthz' || req.url === '/api/health') return res.end('OK');
      res.end(`upstream saw ${req.method} ${req.url}`);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    dist = mkdtempSync(path.join(os.tmpdir(), 'stack-gw-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>built app</title>');
  });
  afterAll(async () => {
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the built app, forwards /v1/ and /api/, reports health, stops on SIGTERM', {
    timeout: 60_000,
  }, async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'stack/src/cli.ts', 'gateway'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        ENGINE_URL: upstreamUrl,
        ACTIONS_URL: upstreamUrl,
        WEB_DIST: dist,
        NO_COLOR: '1',
      },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const deadline = Date.now() + 30_000;
      while (!output.includes('listening on')) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(output);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const base = `http://127.0.0.1:${port}`;
      expect(await (await fetch(`${base}/practices/4`)).text()).toContain('built app');
      expect(await (await fetch(`${base}/v1/graphql`, { method: 'POST', body: '{}' })).text()).toBe(
        'upstream saw POST /v1/graphql',
      );
      expect(await (await fetch(`${base}/api/auth/login`)).text()).toBe('upstream saw GET /api/auth/login');
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as { services: { name: string }[] }).services.map((s) => s.name)).toEqual(
        ['engine', 'actions'],
      );
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
