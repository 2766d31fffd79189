import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';

/** One built file the page loaded, with its size as built and gzipped (zlib, default level 6). */
export interface ChunkSize {
  file: string;
  bytes: number;
  gzip_bytes: number;
}

/** The build's scripts and style sheets (`/assets/…`) a page requests, in the order it asked. */
export class AssetLoads {
  readonly files: string[] = [];
  /** Every request for one of them (a file is asked again after a full load). */
  readonly requests: Request[] = [];

  constructor(page: Page) {
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (!/^\/assets\/[^/]+\.(js|css)$/.test(pathname)) return;
      this.requests.push(request);
      if (!this.files.includes(pathname)) this.files.push(pathname);
    });
  }

  /** Files first requested after the first `count` (a mark taken with `files.length`). */
  after(count: number): string[] {
    return this.files.slice(count);
  }
}

/** Sizes of built files (paths as served, `/assets/x.js`), read from the build's output directory. */
export function chunkSizes(webDist: string, files: readonly string[]): ChunkSize[] {
  return files.map((file) => {
    const onDisk = path.join(webDist, file);
    if (!existsSync(onDisk)) throw new Error(`${file} was loaded but is not in the build (${webDist})`);
    const content = readFileSync(onDisk);
    return { file, bytes: content.length, gzip_bytes: gzipSync(content).length };
  });
}

export const totalGzip = (chunks: readonly ChunkSize[], ext = '.js') =>
  chunks.filter((c) => c.file.endsWith(ext)).reduce((n, c) => n + c.gzip_bytes, 0);
