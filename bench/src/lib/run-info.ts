import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { REPO_ROOT } from '../data/scale-database.ts';

/**
 * What every bench writes into its JSON as `run`: the commit measured (and whether the work tree
 * had changes), when, and the machine's load (`os.loadavg`, 1/5/15 minutes) with its CPU count,
 * at the start and at the end: the machine is often shared, and a figure means little without it.
 */
export interface RunInfo {
  commit: string;
  dirty: boolean;
  at: string;
  node: string;
  cpus: number;
  cpu_model: string;
  loadavg_before: number[];
  loadavg_after: number[];
}

const loadavg = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

function git(...args: string[]): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

/** Call at the start of a bench; `finish()` at the end gives the `run` object for its JSON. */
export function startRunInfo(): { finish(): RunInfo } {
  const before = loadavg();
  const at = new Date().toISOString();
  const commit = git('rev-parse', 'HEAD') ?? 'unknown';
  const dirty = (git('status', '--porcelain') ?? '') !== '';
  return {
    finish: () => ({
      commit,
      dirty,
      at,
      node: process.version,
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model ?? 'unknown',
      loadavg_before: before,
      loadavg_after: loadavg(),
    }),
  };
}
