import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type E2eStack, startE2eStack } from '@portal/e2e/support/stack';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { REPO_ROOT } from '../data/scale-database.ts';
import { startRunInfo } from '../lib/run-info.ts';
import {
  type LighthouseScreen,
  lighthouseScreens,
  SCREEN_NAMES,
  type ScreenName,
  type Viewer,
} from './screens.ts';

/**
 * `npm run bench -- lighthouse`: Lighthouse 12 (desktop preset) on each screen of the production
 * build as the gateway serves it, signed in as the screen's user. Targets: performance ≥ 95,
 * accessibility 100, best practices 100 on each.
 */

const DEFAULT_RESULTS = path.join(REPO_ROOT, 'bench/results/lighthouse.json');
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100 } as const;
type Category = keyof typeof LIGHTHOUSE_TARGETS;
const CATEGORIES = Object.keys(LIGHTHOUSE_TARGETS) as Category[];

/** The metrics of the performance score (ms, but CLS unitless). */
const METRICS = {
  fcp_ms: 'first-contentful-paint',
  lcp_ms: 'largest-contentful-paint',
  tbt_ms: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speed_index_ms: 'speed-index',
  interactive_ms: 'interactive',
} as const;

/** Lighthouse's settings under `--quick`. */
const QUICK = {
  disableFullPageScreenshot: true,
  skipAboutBlank: true,
  pauseAfterFcpMs: 0,
  pauseAfterLoadMs: 0,
  networkQuietThresholdMs: 0,
  cpuQuietThresholdMs: 0,
};

/** How Lighthouse runs: the categories it scores and its throttling method (`--categories`, `--throttling`). */
interface LighthouseSettings {
  categories: Category[];
  throttling: 'simulate' | 'devtools' | 'provided';
  /**
   * `--quick` (the smoke test's): no full-page screenshot, no about:blank first, and the page
   * counts as loaded at its first paint and load event, without Lighthouse's quiet windows (a
   * second each of quiet network and CPU, and its pauses after them): scores of whatever the
   * screen shows then, to check the bench runs, not to report.
   */
  quick: boolean;
  /** `--reports DIR`: each run's whole Lighthouse report (its diagnostics: long tasks, layout shifts, main-thread work) as `DIR/<screen>-<run>.json`. */
  reports?: string;
}

interface ScreenRun {
  /** The score of each category measured. */
  scores: Partial<Record<Category, number>>;
  metrics: Record<keyof typeof METRICS, number | null>;
  /** The audits of a category that did not score full marks (what keeps a score under 100). */
  failing: Array<{ category: Category; id: string; title: string; score: number | null; value?: string }>;
  final_url: string;
}

export interface LighthouseScreenResult {
  name: ScreenName;
  title: string;
  path: string;
  viewer: string;
  runs: number;
  /** The run with the median performance score (Lighthouse's advice for several runs). */
  median: ScreenRun;
  /** Each run's performance score (empty when performance was not measured). */
  performance_scores: number[];
  meets: Partial<Record<Category, boolean>>;
}

/** Chromium: `CHROME_PATH`, else Debian's /usr/bin/chromium. */
const chromePath = () => process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Signs `viewer` in through the API from the browser's own profile (cookies as the form leaves them), or signs out. */
async function useViewer(browser: Browser, origin: string, viewer: Viewer): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/healthz`);
    const status = await page.evaluate(async (v) => {
      if (!v) return (await fetch('/api/auth/logout', { method: 'POST' }).catch(() => null))?.status ?? 0;
      const r = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(v),
      });
      return r.status;
    }, viewer);
    if (viewer && status !== 200) throw new Error(`signing in ${viewer.email} failed: HTTP ${status}`);
    if (!viewer) await (await browser.defaultBrowserContext()).deleteCookie(...(await browser.cookies()));
  } finally {
    await page.close();
  }
}

async function measure(
  browser: Browser,
  origin: string,
  screen: LighthouseScreen,
  settings: LighthouseSettings,
  run = 1,
): Promise<ScreenRun> {
  const page = await browser.newPage();
  try {
    const result = await lighthouse(
      `${origin}${screen.path}`,
      {
        logLevel: 'error',
        output: 'json',
        onlyCategories: settings.categories,
        throttlingMethod: settings.throttling,
        ...(settings.quick ? QUICK : {}),
      },
      desktopConfig,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${screen.path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${screen.path}: ${lhr.runtimeError.message}`);
    if (settings.reports) {
      mkdirSync(settings.reports, { recursive: true });
      writeFileSync(path.join(settings.reports, `${screen.name}-${run}.json`), JSON.stringify(lhr));
    }
    const scores = {} as ScreenRun['scores'];
    const failing: ScreenRun['failing'] = [];
    for (const category of settings.categories) {
      const c = lhr.categories[category];
      if (!c || c.score === null) throw new Error(`Lighthouse on ${screen.path}: no ${category} score`);
      scores[category] = Math.round(c.score * 100);
      for (const ref of c.auditRefs) {
        const audit = lhr.audits[ref.id];
        if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
        failing.push({
          category,
          id: audit.id,
          title: audit.title,
          score: audit.score,
          ...(audit.displayValue ? { value: audit.displayValue } : {}),
        });
      }
    }
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([key, id]) => {
        const v = lhr.audits[id]?.numericValue;
        return [
          key,
          v === undefined ? null : Math.round(v * (key === 'cls' ? 1000 : 1)) / (key === 'cls' ? 1000 : 1),
        ];
      }),
    ) as ScreenRun['metrics'];
    return { scores, metrics, failing, final_url: lhr.finalDisplayedUrl };
  } finally {
    await page.close();
  }
}

function printTable(results: LighthouseScreenResult[]) {
  const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log('\nscreen                 perf (≥95)   a11y (100)   best pr. (100)   FCP    LCP    TBT   CLS');
  for (const r of results) {
    const m = r.median.metrics;
    const cell = (c: Category, width: number) =>
      r.median.scores[c] === undefined
        ? `${'-'.padStart(4)} ${''.padEnd(width)}`
        : `${String(r.median.scores[c]).padStart(4)} ${mark(r.meets[c] === true).padEnd(width)}`;
    console.log(
      `${r.name.padEnd(22)} ${cell('performance', 7)} ${cell('accessibility', 7)} ${cell('best-practices', 10)} ` +
        `${m.fcp_ms} ${m.lcp_ms} ${m.tbt_ms} ${m.cls}`,
    );
    for (const f of r.median.failing)
      console.log(`    ${f.category}: ${f.id} (${f.score})${f.value ? ` ${f.value}` : ''}`);
  }
}

export interface LighthouseBenchOptions {
  /** A running product to measure (else one is started for the run and stopped after). */
  stack?: E2eStack;
}

/**
 * `npm run bench -- lighthouse [--screens a,b] [--runs 3] [--categories performance,accessibility,best-practices]
 * [--throttling simulate|devtools|provided] [--quick] [--results FILE] [--reports DIR] [--echo]`.
 */
export async function runLighthouseBench(
  argv: string[],
  options: LighthouseBenchOptions = {},
): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      screens: { type: 'string', default: SCREEN_NAMES.join(',') },
      runs: { type: 'string', default: '3' },
      categories: { type: 'string', default: CATEGORIES.join(',') },
      // The desktop preset's own method: a simulated load from one unthrottled trace.
      throttling: { type: 'string', default: 'simulate' },
      quick: { type: 'boolean', default: false },
      results: { type: 'string', default: DEFAULT_RESULTS },
      echo: { type: 'boolean', default: false },
      reports: { type: 'string' },
    },
    strict: true,
  });
  const wanted = values.screens.split(',').map((s) => s.trim());
  const unknown = wanted.filter((s) => !(SCREEN_NAMES as readonly string[]).includes(s));
  if (unknown.length)
    throw new Error(`unknown screen(s) ${unknown.join(', ')}; known: ${SCREEN_NAMES.join(', ')}`);
  const categories = values.categories.split(',').map((c) => c.trim()) as Category[];
  const unknownCategories = categories.filter((c) => !CATEGORIES.includes(c));
  if (unknownCategories.length)
    throw new Error(`unknown category ${unknownCategories.join(', ')}; known: ${CATEGORIES.join(', ')}`);
  if (!['simulate', 'devtools', 'provided'].includes(values.throttling))
    throw new Error(`unknown throttling method ${values.throttling}: simulate, devtools or provided`);
  const settings: LighthouseSettings = {
    categories,
    throttling: values.throttling as LighthouseSettings['throttling'],
    quick: values.quick,
    ...(values.reports ? { reports: path.resolve(values.reports) } : {}),
  };
  const runs = Math.max(1, Number(values.runs));
  const log = (line: string) => console.log(`bench lighthouse: ${line}`);
  const info = startRunInfo();
  const stack =
    options.stack ??
    (await startE2eStack({ database: process.env.VITEST ? 'template' : 'embedded', echo: values.echo }));
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let browser: Browser | undefined;
  try {
    const screens = await lighthouseScreens(stack.sql, wanted as ScreenName[]);
    chrome = await chromeLauncher.launch({
      chromePath: chromePath(),
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    const version = await browser.version();
    log(`${version} on ${stack.url}`);
    const results: LighthouseScreenResult[] = [];
    for (const screen of screens) {
      await useViewer(browser, stack.url, screen.viewer);
      const done: ScreenRun[] = [];
      for (let i = 0; i < runs; i++) {
        done.push(await measure(browser, stack.url, screen, settings, i + 1));
        log(`${screen.name} run ${i + 1}: ${JSON.stringify(done.at(-1)!.scores)}`);
      }
      const sorted = [...done].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      results.push({
        name: screen.name,
        title: screen.title,
        path: screen.path,
        viewer: screen.role,
        runs,
        median,
        performance_scores: done.flatMap((r) => r.scores.performance ?? []),
        meets: Object.fromEntries(
          categories.map((c) => [c, (median.scores[c] ?? 0) >= LIGHTHOUSE_TARGETS[c]]),
        ) as Partial<Record<Category, boolean>>,
      });
    }
    printTable(results);
    const json = {
      bench: 'lighthouse',
      run: info.finish(),
      lighthouse: '12',
      browser: version,
      preset: 'desktop',
      categories,
      throttling: settings.throttling,
      targets: LIGHTHOUSE_TARGETS,
      screens: results,
    };
    mkdirSync(path.dirname(values.results), { recursive: true });
    writeFileSync(values.results, `${JSON.stringify(json, null, 2)}\n`);
    log(`wrote ${path.relative(REPO_ROOT, values.results)}`);
    return 0;
  } finally {
    await browser?.disconnect();
    chrome?.kill();
    if (!options.stack) await stack.stop();
  }
}
