import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './gateway.ts';
import { contentSecurityPolicy, STRICT_TRANSPORT_SECURITY, securityHeaders } from './security-headers.ts';

const S3 = 'http://localhost:4569';

describe('contentSecurityPolicy', () => {
  it('lets the production app load only its own scripts, inline styles, S3 and same-origin sockets', () => {
    const csp = contentSecurityPolicy({ s3Origins: [`${S3}/portal/`], dev: false });
    const directives = Object.fromEntries(
      csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': `'self' data: blob: ${S3}`,
      'connect-src': `'self' ${S3}`,
      // The app's service worker and manifest (docs/decisions/offline.md), same origin only.
      'worker-src': "'self' blob:",
      'manifest-src': "'self'",
      'frame-ancestors': "'none'",
      'object-src': "'none'",
      'base-uri': "'self'",
    });
  });

  it('gives the Vite dev server inline scripts (its refresh preamble) and nothing else', () => {
    const dev = contentSecurityPolicy({ s3Origins: [S3], dev: true });
    const prod = contentSecurityPolicy({ s3Origins: [S3], dev: false });
    expect(dev).toBe(prod.replace("script-src 'self';", "script-src 'self' 'unsafe-inline';"));
    expect(dev).not.toContain('unsafe-eval');
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent when PUBLIC_URL is on https, and not otherwise', () => {
    const on = securityHeaders({ s3Origins: [S3], dev: false, publicUrl: 'https://portal.example.org' });
    expect(on['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    expect(STRICT_TRANSPORT_SECURITY).toMatch(/^max-age=31536000$/);
    for (const publicUrl of ['http://localhost:3000', 'http://portal.example.org'])
      expect(securityHeaders({ s3Origins: [S3], dev: false, publicUrl }), publicUrl).not.toHaveProperty(
        'strict-transport-security',
      );
  });
});

describe('gateway security headers', () => {
  let upstream: http.Server;
  let dist: string;
  let gateway: Gateway;
  let base: string;
  const headers = securityHeaders({ s3Origins: [S3], dev: false, publicUrl: 'http://localhost:3000' });

  beforeAll(async () => {
    // An upstream that sets weaker headers of its own: the gateway's win.
    upstream = http.createServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/html',
        'content-security-policy': 'default-src *; frame-ancestors *',
        'x-frame-options': 'ALLOWALL',
      });
      res.end('<p>upstream</p>');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const port = (upstream.address() as AddressInfo).port;
    dist = mkdtempSync(path.join(os.tmpdir(), 'stack-csp-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"app"}');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app");');
    writeFileSync(
      path.join(dist, 'assets', 'index-abc123.js.map'),
      '{"version":3,"sources":["src/main.tsx"]}',
    );
    gateway = await startGateway({
      host: '127.0.0.1',
      port: 0,
      graphql: { kind: 'proxy', upstream: { name: 'engine', host: '127.0.0.1', port } },
      api: { kind: 'proxy', upstream: { name: 'actions', host: '127.0.0.1', port } },
      web: { kind: 'static', dir: dist },
      health: async () => ({ ok: true, services: [] }),
      headers,
    });
    base = `http://127.0.0.1:${gateway.port}`;
  });
  afterAll(async () => {
    await gateway.close();
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  it('puts CSP, X-Frame-Options, nosniff and Referrer-Policy on the app, /api, /v1 and /healthz', async () => {
    for (const url of ['/', '/practices/3', '/missing.js', '/api/dev/mailbox', '/v1/graphql', '/healthz']) {
      const response = await fetch(`${base}${url}`);
      await response.arrayBuffer();
      expect(response.headers.get('content-security-policy'), url).toBe(headers['content-security-policy']);
      expect(response.headers.get('x-frame-options'), url).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('serves the service worker and the manifest fresh (no-cache), with their types', async () => {
    // A browser checks a service worker for updates against the server; a cached one would keep
    // an old version installed.
    const expected = {
      '/sw.js': 'text/javascript; charset=utf-8',
      '/manifest.webmanifest': 'application/manifest+json',
    };
    for (const [url, type] of Object.entries(expected)) {
      const response = await fetch(`${base}${url}`);
      await response.arrayBuffer();
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toBe(type);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
    }
  });

  it('never serves a source map (404), while the chunk beside it is served', async () => {
    const chunk = await fetch(`${base}/assets/index-abc123.js`);
    expect(chunk.status).toBe(200);
    expect(await chunk.text()).toBe('console.log("app");');
    for (const url of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.js.MAP',
      '/assets/index-abc123.js.map/',
      '/assets/%69ndex-abc123.js.map',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const response = await fetch(`${base}${url}`, { method });
        expect(await response.text(), `${method} ${url}`).not.toContain('sources');
        expect(response.status, `${method} ${url}`).toBe(404);
      }
    }
  });
});
