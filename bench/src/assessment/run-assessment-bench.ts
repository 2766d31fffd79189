import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { launchBrowser, newContext, signIn, waitForAppShell } from '@portal/e2e/support/browser';
import { type E2eStack, startE2eStack } from '@portal/e2e/support/stack';
import type { Browser, Request } from 'playwright-core';
import { REPO_ROOT } from '../data/scale-database.ts';
import { startRunInfo } from '../lib/run-info.ts';
import { summarize } from '../lib/stats.ts';
import { type BenchAssessment, createBenchAssessment } from './assessment-data.ts';
import {
  featureOperations,
  type GraphqlOperation,
  GraphqlTraffic,
  type OperationKind,
  tally,
} from './graphql-traffic.ts';
import {
  goInAppScript,
  type InteractiveAt,
  keystrokesScript,
  navigateInAppScript,
  resetSavedScript,
  savedShownScript,
  saveWatchScript,
  waitInteractiveScript,
} from './page-probes.ts';
import {
  type AssessmentBenchResult,
  type NavigationRun,
  type OperationTally,
  ops,
  printReport,
} from './report.ts';
import { RequestLog, waterfall } from './request-log.ts';
import { AssetLoads, chunkSizes, totalGzip } from './route-chunks.ts';

const DEFAULT_RESULTS = path.join(REPO_ROOT, 'bench/results/assessment.json');
/** Waits in this bench: generous, the machine may be shared and loaded. */
const TIMEOUT_MS = 30_000;
/** The bench's own waits (`--quiet-ms`, `--key-delay-ms`). */
interface Pacing {
  /** After the screen's subscriptions are sent, the traffic counts as settled after this much quiet (1,000 ms). */
  quietMs: number;
  /** Each key of an edit is held this long (40 ms: about 150 characters a minute faster than a quick typist). */
  keyDelayMs: number;
}

/** The subscriptions the self assessment screen opens (the bench waits for them before the quiet second). */
const SELF_ASSESSMENT_SUBSCRIPTIONS = ['AssessmentResponses', 'IndicatorLocks'];

const TARGETS = {
  interactiveMs: 1_000,
  /** The screen's data queries: the assessment's own and its edition's standards. */
  screenQueries: { GetAssessment: 1, GetEditionStandards: 1 } as Record<string, number>,
  /** Back on an assessment of an edition the session has read: the standards come from the cache. */
  returnQueries: { GetAssessment: 1 } as Record<string, number>,
  /** The assessment's own data (GetAssessment's JSON). */
  ownDataBytes: 100_000,
  routeJsGzipBytes: 150_000,
  saveP95Ms: 1_600,
  /** Each keystroke's input delay (Event Timing `keydown` duration), p95. */
  inputDelayP95Ms: 50,
};

/**
 * Queries of the assessment features that refresh the device's copy (assessment-offline: its
 * comments and summaries, after the screen's data arrived), not the screen's data: listed apart.
 */
const DEVICE_COPY_QUERIES = new Set(['GetAssessmentComments', 'GetSurveyorSummaries']);
const dataQueries = (t: Record<string, number>) =>
  Object.fromEntries(Object.entries(t).filter(([name]) => !DEVICE_COPY_QUERIES.has(name)));
const copyQueries = (t: Record<string, number>) =>
  Object.fromEntries(Object.entries(t).filter(([name]) => DEVICE_COPY_QUERIES.has(name)));

/** Sentences typed into 'Opportunities for improvement', one per edit (a number added). */
const EDITS = [
  'Reception now records the interpreter booking in the clinical file.',
  'Review the after-hours message and the leaflet together each year.',
  'Consent for minor procedures is recorded on the new template.',
  'The cold chain log is checked by the nurse on duty every morning.',
  'Add the response rate to the survey summary next time.',
];

/** The commit the web app is built from, and whether what the build reads (web, domain) had changes. */
function gitState(): { commit: string; dirty: boolean } {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    return {
      commit: git('rev-parse', 'HEAD'),
      dirty: git('status', '--porcelain', 'web', 'packages/domain') !== '',
    };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}

const load = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

/** A signed-in page of a fresh browser profile on the practice overview (Staff tab) with the shell settled. */
async function signedInPage(browser: Browser, stack: E2eStack, data: BenchAssessment, pacing: Pacing) {
  const context = await newContext(browser, stack.url);
  context.setDefaultTimeout(TIMEOUT_MS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const traffic = new GraphqlTraffic(page);
  const assets = new AssetLoads(page);
  const requests = new RequestLog(page);
  // The renderer main thread's CPU time, which a loaded machine stretches far less than wall time.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const threadTime = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000;
  };
  const landed = await signIn(page, data.pm.email, { password: data.pm.password });
  if (landed !== `/PracticeOverview/${data.practiceId}/Staff`) throw new Error(`signed in to ${landed}`);
  await waitForAppShell(page, data.pm.name);
  await page.getByRole('button', { name: 'Add staff' }).waitFor();
  // Whatever the shell fetches, or preloads once idle, is part of the shell.
  await requests.quiet(pacing.quietMs, () => traffic.operations.length);
  return { context, page, traffic, assets, requests, errors, threadTime, pacing };
}

type SignedInPage = Awaited<ReturnType<typeof signedInPage>>;

/** Waits until the screen's traffic is over: its subscriptions sent, then a quiet second. */
async function waitSettled(s: SignedInPage, since: number, subscriptions: string[]) {
  await s.traffic.waitFor(
    since,
    (ops) => subscriptions.every((name) => ops.some((o) => o.kind === 'subscription' && o.name === name)),
    TIMEOUT_MS,
  );
  await s.requests.quiet(s.pacing.quietMs, () => s.traffic.operations.length);
}

/** Marks in a page's logs, taken before a navigation. */
const marks = (s: SignedInPage) => ({
  at: performance.now(),
  assets: s.assets.requests.length,
  requests: s.requests.requests.length,
});

/** What a navigation sent since its marks. */
const sentSince = (s: SignedInPage, m: ReturnType<typeof marks>) => ({
  ops: s.traffic.since(m.at),
  assets: s.assets.requests.slice(m.assets),
  requests: s.requests.requests.slice(m.requests),
});

/** When a request's response had fully arrived, in the page's clock (null if unknown). */
async function responseDone(request: Request | undefined, timeOrigin: number): Promise<number | null> {
  if (!request) return null;
  await request.response();
  const t = request.timing();
  return t.responseEnd < 0 ? null : Math.round(t.startTime + t.responseEnd - timeOrigin);
}

function split(ops: GraphqlOperation[], screenNames: Map<string, OperationKind>) {
  return {
    screen: tally(ops.filter((o) => screenNames.has(o.name))),
    shell: tally(ops.filter((o) => !screenNames.has(o.name))),
  };
}

/** The size of a request's response body (bytes), null if unknown. */
async function bodyBytes(request: Request | undefined): Promise<number | null> {
  const response = await request?.response();
  // (A body the browser no longer holds, after a full load elsewhere, is unknown.)
  return response
    ? response.body().then(
        (body) => body.length,
        () => null,
      )
    : null;
}

async function navigationRun(
  timeOrigin: number,
  sent: { ops: GraphqlOperation[]; assets: Request[] },
  screenNames: Map<string, OperationKind>,
  start: number,
  at: InteractiveAt,
  cpuMs: number,
): Promise<NavigationRun> {
  const since = (t: number | null) => (t === null ? null : Math.round(t - start));
  const done = async (name: string) =>
    since(await responseDone(sent.ops.find((o) => o.name === name)?.request, timeOrigin));
  const assetsDone = await Promise.all(sent.assets.map((r) => responseDone(r, timeOrigin)));
  return {
    interactive_ms: Math.round(at.interactive - start),
    present_ms: Math.round(at.present - start),
    main_thread_cpu_ms: Math.round(cpuMs),
    assets_done_ms: assetsDone.length ? since(Math.max(...assetsDone.map((t) => t ?? 0))) : null,
    open_assessment_done_ms: await done('OpenAssessment'),
    get_assessment_done_ms: await done('GetAssessment'),
    get_assessment_bytes: await bodyBytes(sent.ops.find((o) => o.name === 'GetAssessment')?.request),
    standards_bytes: await bodyBytes(sent.ops.find((o) => o.name === 'GetEditionStandards')?.request),
    ...split(sent.ops, screenNames),
  };
}

/**
 * Back to the assessment in the same tab, in-app, by way of the practice overview's Staff tab:
 * the assessment's own query goes again, its edition's standards are in the cache (keyed by the
 * edition, as for another assessment of it).
 */
async function returnRun(
  s: SignedInPage,
  overviewPath: string,
  screenPath: string,
  screenNames: Map<string, OperationKind>,
  subscriptions: string[],
): Promise<NavigationRun> {
  await s.page.evaluate(goInAppScript(overviewPath));
  await s.page.getByRole('button', { name: 'Add staff' }).waitFor();
  await s.requests.quiet(s.pacing.quietMs, () => s.traffic.operations.length);
  const mark = marks(s);
  const cpu = await s.threadTime();
  const back = (await s.page.evaluate(navigateInAppScript(screenPath))) as InteractiveAt & { start: number };
  const backCpu = (await s.threadTime()) - cpu;
  await waitSettled(s, mark.at, subscriptions);
  const timeOrigin = (await s.page.evaluate('performance.timeOrigin')) as number;
  return navigationRun(timeOrigin, sentSince(s, mark), screenNames, back.start, back, backCpu);
}

/** The same tally in every run: that tally; else the first, marked inconsistent. */
function agreed(runs: NavigationRun[]): {
  screen: OperationTally;
  shell: OperationTally;
  consistent: boolean;
} {
  const first = runs[0]!;
  return {
    screen: first.screen,
    shell: first.shell,
    consistent: runs.every(
      (r) => isDeepStrictEqual(r.screen, first.screen) && isDeepStrictEqual(r.shell, first.shell),
    ),
  };
}

/** `npm run bench -- assessment [--runs 10] [--warmup 1] [--edits 20] [--quiet-ms 1000] [--key-delay-ms 40]`. */
export async function runAssessmentBench(
  argv: string[],
  options: { /** A running product to measure (else one is started and stopped). */ stack?: E2eStack } = {},
): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '1' },
      edits: { type: 'string', default: '20' },
      sets: { type: 'string', default: '10' },
      'indicators-per-set': { type: 'string', default: '15' },
      'quiet-ms': { type: 'string', default: '1000' },
      'key-delay-ms': { type: 'string', default: '40' },
      results: { type: 'string', default: DEFAULT_RESULTS },
      echo: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const runs = Number(values.runs);
  const warmup = Number(values.warmup);
  const edits = Number(values.edits);
  const pacing: Pacing = { quietMs: Number(values['quiet-ms']), keyDelayMs: Number(values['key-delay-ms']) };
  const log = (line: string) => console.log(`bench assessment: ${line}`);
  const loadBefore = load();
  // Taken now: the build is made from the tree as it is at the start.
  const built = gitState();
  log(
    `load average ${loadBefore.join(', ')} on ${os.cpus().length} CPUs; building the web app and starting the stack`,
  );

  const info = startRunInfo();
  const [stack, browser] = await Promise.all([
    options.stack ?? startE2eStack({ database: 'embedded', echo: values.echo }),
    launchBrowser(),
  ]);
  try {
    const data = await createBenchAssessment(stack.sql, {
      sets: Number(values.sets),
      indicatorsPerSet: Number(values['indicators-per-set']),
    });
    log(
      `assessment ${data.assessmentId}: ${data.counts.indicators} indicators, ${data.counts.items} checklist items, ` +
        `${data.counts.answered} answered, ${data.counts.comments} comments`,
    );
    const screenNames = featureOperations(REPO_ROOT);
    // What the self assessment screen subscribes to once its query has answered (the survey
    // visit's own, such as GeneralComments, open only on a survey assessment).
    const subscriptions = SELF_ASSESSMENT_SUBSCRIPTIONS.filter(
      (name) => screenNames.get(name) === 'subscription',
    );
    if (subscriptions.length !== SELF_ASSESSMENT_SUBSCRIPTIONS.length)
      throw new Error(`the assessment features no longer define ${SELF_ASSESSMENT_SUBSCRIPTIONS.join(', ')}`);
    const screenPath = `/PracticeOverview/${data.practiceId}/Accreditation/Assessment/${data.assessmentId}`;

    const deepLinkRuns: NavigationRun[] = [];
    const inAppRuns: NavigationRun[] = [];
    const returnRuns: NavigationRun[] = [];
    const overviewPath = `/PracticeOverview/${data.practiceId}/Staff`;
    let shellFiles: string[] = [];
    let routeFiles: string[] = [];
    const waterfalls: AssessmentBenchResult['navigation']['waterfalls'] = { deep_link: [], in_app: [] };
    for (let run = -warmup; run < runs; run++) {
      const s = await signedInPage(browser, stack, data, pacing);
      try {
        // In-app: from the overview's Staff tab, as following a link does (cold cache for the route).
        const shellCount = s.assets.files.length;
        let mark = marks(s);
        let cpu = await s.threadTime();
        const inApp = (await s.page.evaluate(navigateInAppScript(screenPath))) as InteractiveAt & {
          start: number;
        };
        const inAppCpu = (await s.threadTime()) - cpu;
        await waitSettled(s, mark.at, subscriptions);
        let sent = sentSince(s, mark);
        let timeOrigin = (await s.page.evaluate('performance.timeOrigin')) as number;
        const inAppRun = await navigationRun(timeOrigin, sent, screenNames, inApp.start, inApp, inAppCpu);
        if (run === -warmup) {
          shellFiles = s.assets.files.slice(0, shellCount);
          routeFiles = s.assets.after(shellCount);
        }
        if (run === runs - 1) waterfalls.in_app = await waterfall(sent.requests, timeOrigin, inApp.start);
        // Deep link: the address loaded in the same tab (signed in, the shell's files cached).
        mark = marks(s);
        cpu = await s.threadTime();
        await s.page.goto(screenPath, { waitUntil: 'commit' });
        const deepLink = (await s.page.evaluate(waitInteractiveScript())) as InteractiveAt;
        const after = await s.threadTime();
        // A new renderer process (a cross-process navigation) starts its count at zero.
        const deepLinkCpu = after >= cpu ? after - cpu : after;
        await waitSettled(s, mark.at, subscriptions);
        sent = sentSince(s, mark);
        timeOrigin = (await s.page.evaluate('performance.timeOrigin')) as number;
        const deepLinkRun = await navigationRun(timeOrigin, sent, screenNames, 0, deepLink, deepLinkCpu);
        if (run === runs - 1) waterfalls.deep_link = await waterfall(sent.requests, timeOrigin, 0);
        const backRun = await returnRun(s, overviewPath, screenPath, screenNames, subscriptions);
        if (s.errors.length) throw new Error(`errors in the page: ${s.errors.join('; ')}`);
        if (run >= 0) {
          inAppRuns.push(inAppRun);
          deepLinkRuns.push(deepLinkRun);
          returnRuns.push(backRun);
        }
        log(
          `${run < 0 ? 'warm-up' : `run ${run + 1}/${runs}`}: deep link ${deepLinkRun.interactive_ms} ms, ` +
            `in-app ${inAppRun.interactive_ms} ms`,
        );
      } finally {
        await s.context.close();
      }
    }

    const save = await measureSaves(browser, stack, data, screenPath, { edits, ...pacing }, log);

    const shell = chunkSizes(stack.webDist, shellFiles);
    const route = chunkSizes(stack.webDist, routeFiles);
    const deepLink = summarize(deepLinkRuns.map((r) => r.interactive_ms));
    const inApp = summarize(inAppRuns.map((r) => r.interactive_ms));
    const requests = {
      deep_link: agreed(deepLinkRuns),
      in_app: agreed(inAppRuns),
      return: agreed(returnRuns),
    };
    const count = (t: Record<string, number>) => Object.values(t).reduce((n, x) => n + x, 0);
    const names = (t: Record<string, number>) => ops(t) || 'none';
    const screenOf = (r: NavigationRun[]) => r.map((x) => x.screen);
    const queriesPass =
      [...screenOf(deepLinkRuns), ...screenOf(inAppRuns)].every((t) =>
        isDeepStrictEqual(dataQueries(t.query), TARGETS.screenQueries),
      ) && screenOf(returnRuns).every((t) => isDeepStrictEqual(dataQueries(t.query), TARGETS.returnQueries));
    const sizes = [...deepLinkRuns, ...inAppRuns];
    const ownBytes = Math.max(...sizes.map((r) => r.get_assessment_bytes ?? Number.POSITIVE_INFINITY));
    const standardsBytes = Math.max(...sizes.map((r) => r.standards_bytes ?? 0));
    const stored = summarize(save.stored);
    const keys = summarize(save.keystrokes);
    const routeJs = totalGzip(route);
    const cpus = os.cpus();
    const result: AssessmentBenchResult = {
      run: info.finish(),
      date: new Date().toISOString(),
      ...built,
      machine: {
        cpus: cpus.length,
        cpu: cpus[0]?.model ?? '?',
        node: process.version,
        chromium: browser.version(),
        load_before: loadBefore,
        load_after: load(),
      },
      settings: {
        runs,
        warmup,
        edits,
        viewport: '1280x860',
        quiet_ms: pacing.quietMs,
        key_delay_ms: pacing.keyDelayMs,
      },
      data: data.counts,
      navigation: {
        deep_link: deepLink,
        in_app: inApp,
        deep_link_runs: deepLinkRuns,
        in_app_runs: inAppRuns,
        return_runs: returnRuns,
        waterfalls,
      },
      requests,
      chunks: {
        shell,
        shell_js_gzip_bytes: totalGzip(shell),
        route,
        route_js_gzip_bytes: routeJs,
        route_css_gzip_bytes: totalGzip(route, '.css'),
      },
      save: {
        edits,
        last_keystroke_to_stored: stored,
        last_keystroke_to_saved_shown: summarize(save.shown),
        keystroke_to_paint: keys,
        keystrokes_over_16ms: save.keystrokes.filter((d) => d > 16).length,
        typing_cpu_per_key_ms: Math.round(save.cpuPerKeyMs * 10) / 10,
      },
      targets: [
        {
          target: 'page.goto of the assessment → interactive, median under 1 s',
          measured: `${deepLink.median_ms} ms (p95 ${deepLink.p95_ms} ms)`,
          pass: deepLink.median_ms < TARGETS.interactiveMs,
        },
        {
          target: 'in-app navigation from the practice overview → interactive (information)',
          measured: `${inApp.median_ms} ms (p95 ${inApp.p95_ms} ms)`,
          pass: null,
        },
        {
          target:
            'GraphQL queries for the screen’s data: the assessment’s own and its edition’s standards (every run, ' +
            'deep link and in-app); back on an assessment of that edition in the same session, the standards from the cache',
          measured:
            `${count(dataQueries(requests.deep_link.screen.query))} (${names(dataQueries(requests.deep_link.screen.query))}); ` +
            `back again ${count(dataQueries(requests.return.screen.query))} (${names(dataQueries(requests.return.screen.query))}); ` +
            `the device copy's ${names(copyQueries(requests.deep_link.screen.query))}; ` +
            `subscriptions ${count(requests.deep_link.screen.subscription)} (${names(requests.deep_link.screen.subscription)}); ` +
            `mutations ${count(requests.deep_link.screen.mutation)} (${names(requests.deep_link.screen.mutation)})`,
          pass: queriesPass,
        },
        {
          target: 'the assessment’s own data (GetAssessment’s JSON) under 100 kB',
          measured:
            `${(ownBytes / 1000).toFixed(1)} kB; the edition’s standards (GetEditionStandards) ` +
            `${(standardsBytes / 1000).toFixed(1)} kB, once per edition`,
          pass: ownBytes < TARGETS.ownDataBytes,
        },
        {
          target: 'route JS beyond the shell, gzipped, under 150 kB',
          measured: `${(routeJs / 1000).toFixed(1)} kB in ${route.filter((c) => c.file.endsWith('.js')).length} files`,
          pass: routeJs < TARGETS.routeJsGzipBytes,
        },
        {
          target: 'last keystroke → stored answer, p95 under 1.6 s (1 s debounce included)',
          measured: `${stored.p95_ms} ms (p50 ${stored.median_ms} ms, ${stored.n} edits)`,
          pass: stored.p95_ms < TARGETS.saveP95Ms,
        },
        {
          target: 'input delay: each keystroke in a textarea → the next paint, p95 under 50 ms',
          measured:
            `p95 ${keys.p95_ms} ms (p50 ${keys.median_ms} ms, max ${keys.max_ms} ms; ` +
            `${save.keystrokes.filter((d) => d > 16).length} of ${save.keystrokes.length} over 16 ms; ` +
            `main-thread CPU while typing ${save.cpuPerKeyMs.toFixed(1)} ms a key)`,
          pass: keys.p95_ms < TARGETS.inputDelayP95Ms,
        },
      ],
    };
    printReport(result);
    mkdirSync(path.dirname(values.results!), { recursive: true });
    writeFileSync(values.results!, `${JSON.stringify(result, null, 2)}\n`);
    log(`results written to ${path.relative(process.cwd(), values.results!)}`);
    // A benchmark reports; a missed target is in the table and the JSON, not in the exit code.
    return 0;
  } catch (error) {
    console.error(`bench assessment: the services' last lines:\n${stack.logs()}`);
    throw error;
  } finally {
    await browser.close();
    if (!options.stack) await stack.stop();
  }
}

/**
 * Types into 'Opportunities for improvement' of the first set's first indicators in turn (they
 * start blank): selects the text, types a sentence with real key presses, and times from the last
 * keystroke (its `input` event in the page) to the UpdateIndicatorResponse response carrying that
 * text, and to the indicator's 'Saved'. Each stored value is checked in the database.
 */
async function measureSaves(
  browser: Browser,
  stack: E2eStack,
  data: BenchAssessment,
  screenPath: string,
  { edits, ...pacing }: Pacing & { edits: number },
  log: (line: string) => void,
): Promise<{ stored: number[]; shown: number[]; keystrokes: number[]; cpuPerKeyMs: number }> {
  const s = await signedInPage(browser, stack, data, pacing);
  try {
    const { page } = s;
    const targets = data.firstSet.filter((r) => r.observation === null).slice(0, 4);
    await page.goto(`${screenPath}/${data.setIds[0]}/${targets[0]!.indicatorId}`);
    await page.evaluate(waitInteractiveScript());
    await page.evaluate(saveWatchScript);
    const textarea = (indicatorId: number) =>
      page.locator(`#indicator-${indicatorId}`).getByLabel('Opportunities for improvement');
    for (const t of targets.slice(1)) {
      await page.locator(`#indicator-${t.indicatorId} button`).first().click();
      await textarea(t.indicatorId).waitFor();
    }
    await textarea(targets[0]!.indicatorId).waitFor();
    const timeOrigin = (await page.evaluate('performance.timeOrigin')) as number;
    const stored: number[] = [];
    const shown: number[] = [];
    let typed = 0;
    let typingCpu = 0;
    for (let e = 0; e < edits; e++) {
      const target = targets[e % targets.length]!;
      const text = `${EDITS[e % EDITS.length]} (${e + 1})`;
      const field = textarea(target.indicatorId);
      await field.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.evaluate(resetSavedScript(target.indicatorId));
      const saved = page.waitForEvent('requestfinished', {
        predicate: (request) => {
          const body = request.postDataJSON() as {
            operationName?: string;
            variables?: { id?: number; set?: { observation?: string } };
          } | null;
          return (
            body?.operationName === 'UpdateIndicatorResponse' &&
            body.variables?.id === target.responseId &&
            body.variables.set?.observation === text
          );
        },
        timeout: TIMEOUT_MS,
      });
      const cpuBefore = await s.threadTime();
      await page.keyboard.type(text, { delay: pacing.keyDelayMs });
      typingCpu += (await s.threadTime()) - cpuBefore;
      typed += text.length;
      const request = await saved;
      const response = await request.response();
      const body = (await response?.json()) as {
        data?: { update_indicator_responses_by_pk?: { observation?: string } };
      };
      if (body?.data?.update_indicator_responses_by_pk?.observation !== text)
        throw new Error(`edit ${e + 1}: the save did not store the text: ${JSON.stringify(body)}`);
      const { rows } = await stack.sql.query<{ observation: string | null }>(
        'select observation from public.indicator_responses where id = $1',
        [target.responseId],
      );
      if (rows[0]?.observation !== text)
        throw new Error(`edit ${e + 1}: the database has ${rows[0]?.observation}`);
      const onScreen = await page.waitForFunction(savedShownScript(target.indicatorId), undefined, {
        timeout: TIMEOUT_MS,
      });
      const { lastInput, savedAt } = (await onScreen.jsonValue()) as { lastInput: number; savedAt: number };
      const timing = request.timing();
      stored.push(timing.startTime + timing.responseEnd - timeOrigin - lastInput);
      shown.push(savedAt - lastInput);
    }
    if (s.errors.length) throw new Error(`errors in the page: ${s.errors.join('; ')}`);
    log(`${edits} edits saved and checked in the database`);
    // Keystrokes Chromium did not report took under 16 ms: counted as 16, an upper bound.
    const slow = (await page.evaluate(keystrokesScript)) as number[];
    const keystrokes = [...slow, ...Array.from({ length: Math.max(0, typed - slow.length) }, () => 16)];
    return { stored, shown, keystrokes, cpuPerKeyMs: typed ? typingCpu / typed : 0 };
  } finally {
    await s.context.close();
  }
}
