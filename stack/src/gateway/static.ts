import { createReadStream, type Stats, statSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { preferredEncoding } from './compress-answer.ts';

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
 * The copies the build makes of each text file (web/vite.config.ts), in the order we prefer them:
 * Brotli is some 10 % smaller than gzip on our scripts.
 */
const ENCODED_COPIES: Record<string, string> = { br: '.br', gzip: '.gz' };

/** The file to send for `file`: its Brotli or gzip copy where the browser takes one and it exists. */
function representation(
  req: http.IncomingMessage,
  file: string,
  stats: Stats,
): { file: string; stats: Stats; encoding?: string; varies: boolean } {
  const copies = new Map<string, Stats>();
  for (const [encoding, ext] of Object.entries(ENCODED_COPIES)) {
    const copy = fileAt(file + ext);
    if (copy) copies.set(encoding, copy);
  }
  if (copies.size === 0) return { file, stats, varies: false };
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const copy = encoding ? copies.get(encoding) : undefined;
  if (!encoding || !copy) return { file, stats, varies: true };
  return { file: file + ENCODED_COPIES[encoding], stats: copy, encoding, varies: true };
}

/**
 * Serves a built single-page app: files as they are (hashed `assets/` cached for a year, the rest
 * revalidated by their ETag), and `index.html` for any other path without a file extension, so
 * client routes load. A text file goes as its Brotli or gzip copy to a browser that accepts it.
 * Source maps answer 404.
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
  const sent = representation(req, file, stats);
  const etag = `"${sent.stats.size.toString(36)}-${Math.floor(sent.stats.mtimeMs).toString(36)}${sent.encoding ? `-${sent.encoding}` : ''}"`;
  const headers: http.OutgoingHttpHeaders = {
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag,
    ...(sent.varies ? { vary: 'Accept-Encoding' } : {}),
  };
  if (ifNoneMatch(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(200, {
    ...headers,
    'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': sent.stats.size,
    ...(sent.encoding ? { 'content-encoding': sent.encoding } : {}),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(sent.file).pipe(res);
}

/** Whether If-None-Match names `etag` (RFC 9110 §13.1.2: weak comparison, or `*`). */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
