import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_KEY_FILE, builtKey, ensureWebBuild, webBuildKey } from './web-build.ts';

/** A repository's worth of build inputs, small: the web app, the domain rules and the lock file. */
function makeTree(root: string) {
  const files: Record<string, string> = {
    'package.json': '{"name":"portal"}',
    'package-lock.json': '{"lockfileVersion":3}',
    'web/package.json': '{"name":"@portal/web"}',
    'web/index.html': '<div id="root"></div>',
    'web/src/main.tsx': 'export const main = 1;',
    'packages/domain/src/rules.ts': 'export const rule = 1;',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
}

describe('the production build of `npm start`', () => {
  let root: string;
  const lines: string[] = [];
  const log = Object.assign((line: string) => lines.push(line), {
    error: (line: string) => lines.push(line),
  });

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
    makeTree(root);
    lines.length = 0;
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is keyed by the content of what goes into it, not by tests, installs, caches or earlier builds', () => {
    const key = webBuildKey(root);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(webBuildKey(root)).toBe(key);
    for (const [file, text] of [
      ['web/src/main.test.tsx', 'test'],
      ['web/node_modules/.vite/deps/chunk.js', 'cache'],
      ['web/dist/index.html', 'an earlier build'],
      ['node_modules/react/index.js', 'installed'],
      ['.data/postgres/PG_VERSION', '18'],
    ] as const) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    expect(webBuildKey(root)).toBe(key);

    // A byte of the app, of a domain rule or of the lock file gives another key.
    for (const file of ['web/src/main.tsx', 'packages/domain/src/rules.ts', 'package-lock.json']) {
      writeFileSync(path.join(root, file), 'changed');
      expect(webBuildKey(root), file).not.toBe(key);
    }
  });

  it('leaves a current build alone, and takes an unfinished one for none', async () => {
    const dist = path.join(root, 'web', 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, BUILD_KEY_FILE), `${webBuildKey(root)}\n`);
    // No index.html: not a finished build.
    expect(builtKey(dist)).toBeNull();
    writeFileSync(path.join(dist, 'index.html'), '<html></html>');
    expect(builtKey(dist)).toBe(webBuildKey(root));
    expect(await ensureWebBuild({ root, dist, log })).toBe('current');
    expect(lines).toEqual(['the production build in web/dist is current']);
  });

  it('keeps the served build when a new one fails, and says why', async () => {
    const dist = path.join(root, 'web', 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), 'the build people use now');
    writeFileSync(path.join(dist, BUILD_KEY_FILE), 'an older key\n');
    // This tree has no Vite installed: the build cannot run.
    await expect(ensureWebBuild({ root, dist, log })).rejects.toThrow(/vite/i);
    expect(lines[0]).toBe(
      'building the web app for production (the web app or its dependencies changed since the last build); this takes a minute or two…',
    );
    expect(builtKey(dist)).toBe('an older key');
  });
});
