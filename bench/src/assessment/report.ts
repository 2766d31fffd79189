import type { RunInfo } from '../lib/run-info.ts';
import { percentile, type Summary } from '../lib/stats.ts';
import type { BenchAssessment } from './assessment-data.ts';
import type { OperationKind } from './graphql-traffic.ts';
import type { WaterfallEntry } from './request-log.ts';
import type { ChunkSize } from './route-chunks.ts';

/** The GraphQL operations of one navigation, by kind and name (how many times each was sent). */
export type OperationTally = Record<OperationKind, Record<string, number>>;

export interface NavigationRun {
  /** Navigation start → interactive (ms, the page's clock). */
  interactive_ms: number;
  /** Navigation start → the first frame with the filter tabs and the first set in the page. */
  present_ms: number;
  /** CPU time of the page's main thread from the start to interactive (CDP `ThreadTime`). */
  main_thread_cpu_ms: number;
  /** When the last script or style sheet the navigation requested had arrived (cache or network). */
  assets_done_ms: number | null;
  /** When the openAssessment and GetAssessment responses had arrived (ms from the start). */
  open_assessment_done_ms: number | null;
  get_assessment_done_ms: number | null;
  /** The JSON of the GetAssessment and GetEditionStandards responses (bytes; null when not sent). */
  get_assessment_bytes: number | null;
  standards_bytes: number | null;
  /** The screen's own operations (the api folders of the assessment features: featureOperations) and the shell's. */
  screen: OperationTally;
  shell: OperationTally;
}

export interface AssessmentBenchResult {
  /** The commit and the machine's load (every bench's JSON has it). */
  run: RunInfo;
  date: string;
  commit: string;
  dirty: boolean;
  machine: {
    cpus: number;
    cpu: string;
    node: string;
    chromium: string;
    /** 1, 5 and 15 minute load averages before and after the run. */
    load_before: number[];
    load_after: number[];
  };
  settings: {
    runs: number;
    warmup: number;
    edits: number;
    viewport: string;
    quiet_ms?: number;
    key_delay_ms?: number;
  };
  data: BenchAssessment['counts'];
  navigation: {
    /** `page.goto` of the assessment's address in a signed-in tab whose shell is in the cache. */
    deep_link: Summary;
    /** A client-side navigation from the practice overview (its Staff tab) to the assessment. */
    in_app: Summary;
    deep_link_runs: NavigationRun[];
    in_app_runs: NavigationRun[];
    /** Back to the assessment in-app after the deep link (by the Staff tab): the standards are cached. */
    return_runs: NavigationRun[];
    /** Every request of the last run's navigations, ms from their start. */
    waterfalls: { deep_link: WaterfallEntry[]; in_app: WaterfallEntry[] };
  };
  requests: {
    /** The screen's operations on a deep link, identical in every run (else `consistent` is false). */
    deep_link: { screen: OperationTally; shell: OperationTally; consistent: boolean };
    in_app: { screen: OperationTally; shell: OperationTally; consistent: boolean };
    return: { screen: OperationTally; shell: OperationTally; consistent: boolean };
  };
  chunks: {
    /** JS and CSS the sign-in and the practice overview (Staff tab) loaded. */
    shell: ChunkSize[];
    shell_js_gzip_bytes: number;
    /** What the assessment route loaded beyond that (a client-side navigation from the shell). */
    route: ChunkSize[];
    route_js_gzip_bytes: number;
    route_css_gzip_bytes: number;
  };
  save: {
    edits: number;
    /** Last keystroke → the UpdateIndicatorResponse response with the typed text (the server stored it). */
    last_keystroke_to_stored: Summary;
    /** Last keystroke → the indicator's 'Saved' text on screen. */
    last_keystroke_to_saved_shown: Summary;
    /**
     * Each typed key → the next paint: its input delay (Event Timing `keydown` duration; under
     * 16 ms counted as 16). Target: p95 under 50 ms.
     */
    keystroke_to_paint: Summary;
    keystrokes_over_16ms: number;
    /** The page's main-thread CPU (CDP ThreadTime) while the keys were typed, per key (information). */
    typing_cpu_per_key_ms?: number;
  };
  targets: Array<{ target: string; measured: string; pass: boolean | null }>;
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const ops = (t: Record<string, number>) =>
  Object.entries(t)
    .map(([name, n]) => (n > 1 ? `${name} ×${n}` : name))
    .join(', ') || '—';

/** The breakdown's columns: a field of each run and its width. */
const BREAKDOWN: Array<[BreakdownKey, number]> = [
  ['assets_done_ms', 9],
  ['open_assessment_done_ms', 7],
  ['get_assessment_done_ms', 7],
  ['present_ms', 9],
  ['interactive_ms', 13],
  ['main_thread_cpu_ms', 17],
];
type BreakdownKey =
  | 'assets_done_ms'
  | 'open_assessment_done_ms'
  | 'get_assessment_done_ms'
  | 'present_ms'
  | 'interactive_ms'
  | 'main_thread_cpu_ms';

function medianOf(runs: readonly NavigationRun[], key: BreakdownKey): string {
  const values = runs.map((r) => r[key]).filter((x): x is number => x !== null);
  if (!values.length) return '—';
  return String(
    Math.round(
      percentile(
        values.sort((a, b) => a - b),
        50,
      ),
    ),
  );
}

/** The results as console tables: navigation, requests, chunks, saving, targets. */
export function printReport(r: AssessmentBenchResult) {
  const lines: string[] = [''];
  lines.push(
    `assessment benchmark — ${r.data.indicators} indicators in ${r.data.sets} sets, ${r.settings.runs} runs, ` +
      `${r.save.edits} edits (${r.machine.cpus} CPUs, load ${r.machine.load_before.join(' ')}, Chromium ${r.machine.chromium})`,
  );
  lines.push('');
  lines.push(
    `${'navigation → interactive'.padEnd(44)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('max ms', 9)}`,
  );
  for (const [label, s] of [
    ['page.goto of the assessment (deep link)', r.navigation.deep_link],
    ['in-app, from the practice overview', r.navigation.in_app],
  ] as const)
    lines.push(
      `${label.padEnd(44)}${pad(s.median_ms.toFixed(0), 9)}${pad(s.p95_ms.toFixed(0), 9)}${pad(s.max_ms.toFixed(0), 9)}`,
    );
  lines.push('');
  lines.push(
    `${'where the time goes (medians, ms from the start)'.padEnd(50)}${pad('scripts', 9)}${pad('open', 7)}${pad('query', 7)}${pad('in page', 9)}${pad('interactive', 13)}${pad('main-thread CPU', 17)}`,
  );
  for (const [label, runs] of [
    ['deep link', r.navigation.deep_link_runs],
    ['in-app', r.navigation.in_app_runs],
  ] as const) {
    lines.push(
      `${label.padEnd(50)}${BREAKDOWN.map(([key, width]) => pad(medianOf(runs, key), width)).join('')}`,
    );
  }
  lines.push(
    '(scripts: the last script or style sheet arrived; open: openAssessment answered; query: GetAssessment answered;',
  );
  lines.push(
    'in page: the tabs and the first set first in the page; interactive: and clickable; main-thread CPU: what the',
  );
  lines.push(
    "page's main thread computed until then, which a loaded machine stretches far less than the wall time)",
  );
  lines.push('');
  lines.push(
    'the last deep link, request by request (ms from the navigation start; scripts and styles summed up):',
  );
  const assets = r.navigation.waterfalls.deep_link.filter((w) => w.what.startsWith('GET /assets/'));
  if (assets.length)
    lines.push(
      `  ${`${assets.length} scripts and style sheets`.padEnd(56)}${pad(Math.min(...assets.map((w) => w.start_ms)), 6)} → ${Math.max(...assets.map((w) => w.end_ms ?? 0))}`,
    );
  for (const w of r.navigation.waterfalls.deep_link.filter((x) => !x.what.startsWith('GET /assets/')))
    lines.push(`  ${w.what.padEnd(56)}${pad(w.start_ms, 6)} → ${w.end_ms ?? '?'}`);
  lines.push('');
  for (const [label, req] of [
    ['deep link', r.requests.deep_link],
    ['in-app', r.requests.in_app],
    ['back again (in-app, standards cached)', r.requests.return],
  ] as const) {
    lines.push(`GraphQL, ${label}${req.consistent ? '' : ' (differed between runs: the first run shown)'}:`);
    for (const kind of ['query', 'mutation', 'subscription'] as const)
      lines.push(
        `  ${kind.padEnd(13)} screen: ${ops(req.screen[kind]).padEnd(44)} shell: ${ops(req.shell[kind])}`,
      );
  }
  const sizes = r.navigation.deep_link_runs[0];
  if (sizes)
    lines.push(
      `  JSON: GetAssessment ${sizes.get_assessment_bytes === null ? '—' : kb(sizes.get_assessment_bytes)}, ` +
        `GetEditionStandards ${sizes.standards_bytes === null ? '—' : kb(sizes.standards_bytes)}`,
    );
  lines.push('');
  lines.push(
    `route chunks beyond the shell (the shell itself: ${kb(r.chunks.shell_js_gzip_bytes)} of JS gzipped):`,
  );
  for (const c of r.chunks.route)
    lines.push(`  ${c.file.padEnd(48)}${pad(kb(c.bytes), 11)}${pad(kb(c.gzip_bytes), 11)} gz`);
  lines.push(`  ${'JS total'.padEnd(48)}${pad('', 11)}${pad(kb(r.chunks.route_js_gzip_bytes), 11)} gz`);
  lines.push('');
  lines.push(`${'saving and typing'.padEnd(44)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('max ms', 9)}`);
  for (const [label, s] of [
    ['last keystroke → stored answer (response)', r.save.last_keystroke_to_stored],
    ["last keystroke → 'Saved' on screen", r.save.last_keystroke_to_saved_shown],
    ['each keystroke → the next paint (input delay)', r.save.keystroke_to_paint],
  ] as const)
    lines.push(
      `${label.padEnd(44)}${pad(s.median_ms.toFixed(0), 9)}${pad(s.p95_ms.toFixed(0), 9)}${pad(s.max_ms.toFixed(0), 9)}`,
    );
  lines.push('');
  for (const t of r.targets)
    lines.push(`${t.pass === null ? 'INFO' : t.pass ? 'PASS' : 'MISS'}  ${t.target}: ${t.measured}`);
  lines.push('');
  console.log(lines.join('\n'));
}
