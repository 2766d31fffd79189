import { createReadStream, type Stats, statSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

function fileAt(file: string): Stats | null {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/**
 * Source maps are built for error reports (`sourcemap: 'hidden'` in web/vite.config.ts) and never
 * served: they would hand anyone the app's source, comments included.
 */
const NEVER_SERVED = new Set(['.map']);

/**
 * Serves a built single-page app: files as they are (hashed `assets/` cached for a year),
 * and `index.html` for any other path without a file extension, so client routes load. Source
 * maps answer 404.
 */
export function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, root: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  } catch {
    res.writeHead(400).end();
    return;
  }
  const base = path.resolve(root);
  let file = path.resolve(base, `.${pathname}`);
  if (file !== base && !file.startsWith(base + path.sep)) {
    res.writeHead(404).end();
    return;
  }
  let stats = NEVER_SERVED.has(path.extname(file).toLowerCase()) ? null : fileAt(file);
  if (!stats && !path.extname(file)) {
    file = path.join(base, 'index.html');
    stats = fileAt(file);
  }
  if (!stats) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const immutable = path.relative(base, file).startsWith(`assets${path.sep}`);
  res.writeHead(200, {
    'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': stats.size,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}
