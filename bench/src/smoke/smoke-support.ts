import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { RunInfo } from '../lib/run-info.ts';

/** A temporary results file for one bench's smoke run (never bench/results/). */
export function tempResults(name: string): string {
  return path.join(mkdtempSync(path.join(os.tmpdir(), `bench-smoke-${name}-`)), `${name}.json`);
}

/** Reads a bench's JSON and checks what every bench writes: the commit and the machine's load. */
export function readResults<T = Record<string, unknown>>(file: string): T & { run: RunInfo } {
  const json = JSON.parse(readFileSync(file, 'utf8')) as T & { run: RunInfo };
  expect(json.run.commit).toMatch(/^[0-9a-f]{40}$/);
  expect(json.run.cpus).toBeGreaterThan(0);
  expect(json.run.loadavg_before).toHaveLength(3);
  expect(json.run.loadavg_after).toHaveLength(3);
  return json;
}
