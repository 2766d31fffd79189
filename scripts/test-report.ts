/**
 * `npm run test:report`: where the last test run's time went (docs/testing.md). Reads
 * vitest's JSON report (`test-results/vitest.json`) and the set-up steps the test helpers recorded
 * (`test-results/setup-timings.jsonl`: stacks, browsers, databases, the web build), and prints the
 * run's wall time, the time per area, the time spent in each kind of set-up, and the slowest files.
 * `--top N` shows N files (default 25); `--json` prints the same as JSON.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPORT = path.join(ROOT, 'test-results', 'vitest.json');
const TIMINGS = path.join(ROOT, 'test-results', 'setup-timings.jsonl');

interface FileResult {
  name: string;
  startTime: number;
  endTime: number;
  status: string;
  assertionResults: { duration?: number | null; status: string }[];
}

interface Timing {
  file: string;
  kind: string;
  ms: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function area(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'packages') return parts.slice(0, 2).join('/');
  if (parts[0] === 'web' && file.endsWith('.tsx')) return 'web (components)';
  return parts[0] ?? file;
}

function main(argv: string[]): number {
  if (!existsSync(REPORT)) {
    console.error(
      `no ${path.relative(ROOT, REPORT)}: run the tests first (npm test, or npx vitest run <files>)`,
    );
    return 1;
  }
  const top = Number(argv[argv.indexOf('--top') + 1]) || 25;
  const report = JSON.parse(readFileSync(REPORT, 'utf8')) as { startTime: number; testResults: FileResult[] };
  const timings: Timing[] = existsSync(TIMINGS)
    ? readFileSync(TIMINGS, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Timing)
    : [];

  const files = report.testResults.map((result) => {
    const file = path.relative(ROOT, result.name);
    const setup: Record<string, number> = {};
    for (const timing of timings.filter((t) => path.relative(ROOT, t.file) === file))
      setup[timing.kind] = (setup[timing.kind] ?? 0) + timing.ms;
    return {
      file,
      ms: result.endTime - result.startTime,
      tests: result.assertionResults.length,
      failed: result.assertionResults.filter((a) => a.status === 'failed').length,
      setup,
    };
  });
  const wall = Math.max(...report.testResults.map((r) => r.endTime)) - report.startTime;
  const byArea = new Map<string, { files: number; ms: number }>();
  for (const file of files) {
    const entry = byArea.get(area(file.file)) ?? { files: 0, ms: 0 };
    entry.files += 1;
    entry.ms += file.ms;
    byArea.set(area(file.file), entry);
  }
  const kinds = new Map<string, { count: number; ms: number }>();
  for (const timing of timings) {
    const entry = kinds.get(timing.kind) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += timing.ms;
    kinds.set(timing.kind, entry);
  }
  const slowest = [...files].sort((a, b) => b.ms - a.ms).slice(0, top);

  if (argv.includes('--json')) {
    console.log(
      JSON.stringify(
        { wallMs: wall, areas: Object.fromEntries(byArea), setup: Object.fromEntries(kinds), slowest },
        null,
        2,
      ),
    );
    return 0;
  }
  const total = files.reduce((sum, f) => sum + f.ms, 0);
  console.log(
    `${files.length} files, ${files.reduce((s, f) => s + f.tests, 0)} tests; wall ${seconds(wall)}, files' own time ${seconds(total)} (the workers run files side by side)`,
  );
  console.log('\nBy area (files, their time):');
  for (const [name, entry] of [...byArea].sort((a, b) => b[1].ms - a[1].ms))
    console.log(`  ${name.padEnd(22)} ${String(entry.files).padStart(4)}  ${seconds(entry.ms).padStart(9)}`);
  console.log('\nSet-up (how many, their time; a stack includes its database):');
  for (const [name, entry] of [...kinds].sort((a, b) => b[1].ms - a[1].ms))
    console.log(`  ${name.padEnd(22)} ${String(entry.count).padStart(4)}  ${seconds(entry.ms).padStart(9)}`);
  console.log(`\nThe ${slowest.length} slowest files (time, tests, set-up):`);
  for (const file of slowest) {
    const setup = Object.entries(file.setup)
      .map(([kind, ms]) => `${kind} ${seconds(ms)}`)
      .join(', ');
    console.log(
      `  ${seconds(file.ms).padStart(8)}  ${String(file.tests).padStart(3)}  ${file.file}${file.failed ? ` (${file.failed} failed)` : ''}${setup ? `  [${setup}]` : ''}`,
    );
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
