import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase, startCluster, withDatabase } from '@portal/devdb';
import { applyMigrations, loadProject } from '@portal/engine';
import { getActionPlanReport } from '../../../actions/src/services/assessments/get-action-plan-report.ts';
import { getAssessmentReport } from '../../../actions/src/services/assessments/get-assessment-report.ts';
import { callerOfUser } from '../../../actions/src/services/practices/practice-access.ts';
import { addPracticeRole, createPractice, createUser } from '../../../actions/src/test-support/factories.ts';
import {
  createAccreditation,
  createActivity,
  createAssessment,
  createComments,
  createGeneralComment,
  createResponse,
  createStandards,
  createSurveyVisit,
} from '../../../actions/src/test-support/report-factories.ts';
import { startTestStack, type TestStack } from '../../../actions/src/test-support/test-stack.ts';
import { REPO_ROOT } from '../data/scale-database.ts';
import { type Summary, summarize } from '../lib/stats.ts';

/**
 * `npm run bench -- pdf-reports`: the survey visit's assessment report of 150 indicators, every
 * field filled (ticks, observations, the non-compliance details of 40 Not met, comments, three
 * surveyor summaries), and the action plan report of the same survey (40 non-conformities with 3
 * activities each), each made through its service (access, SQL, rendering) as the route makes it:
 * p50/p95 over the runs after a warm-up and the size of the file, against the targets
 * (under 2 s and under 2 MB for the assessment report).
 */

const DEFAULT_RESULTS = path.join(REPO_ROOT, 'bench/results/pdf-reports.json');
const TARGET_MS = 2000;
const TARGET_BYTES = 2 * 1024 * 1024;

const LONG =
  'The practice keeps a current, documented and regularly reviewed process for this part of care, and every member of the team can explain it when asked.';

/** A throwaway embedded PostgreSQL with every migration applied (no demo data), removed by `drop`. */
async function migratedDatabase() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pdf-'));
  chmodSync(dir, 0o755);
  const cluster = await startCluster({ dataDir: path.join(dir, 'data'), durable: false });
  await createDatabase(cluster.url(), 'portal');
  const url = withDatabase(cluster.url(), 'portal');
  await applyMigrations({ project: loadProject(path.join(REPO_ROOT, 'hasura')), databaseUrl: url });
  return {
    name: 'portal',
    url,
    drop: async () => {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A practice with a fully rated survey visit of `indicators` indicators, `notMet` of them Not met. */
async function createRatedSurvey(
  stack: TestStack,
  shape: { indicators: number; notMet: number; activities: number },
) {
  const { sql } = stack;
  const pm = await createUser(sql, { firstName: 'Pat', lastName: 'Manager' });
  const surveyors = [
    await createUser(sql, { firstName: 'Lee', lastName: 'Zhang', isSurveyor: true }),
    await createUser(sql, { firstName: 'Ana', lastName: 'Bell', isSurveyor: true }),
    await createUser(sql, { firstName: 'Sam', lastName: 'Okafor', isSurveyor: true }),
  ];
  const practice = await createPractice(sql, { name: 'Harbour Road Family Practice' });
  await addPracticeRole(sql, practice.id, pm.id, 'PM');
  const perSet = 15;
  const standards = await createStandards(sql, {
    sets: Math.ceil(shape.indicators / perSet),
    indicatorsPerSet: perSet,
    questionsPerIndicator: 2,
    itemsPerQuestion: 3,
    indicatorName: (s, i) => `Indicator ${s}.${i}: ${LONG}`,
  });
  const accreditation = await createAccreditation(sql, practice.id, standards.surveyVersionId);
  const visit = await createSurveyVisit(sql, accreditation, {
    visitorIds: surveyors.map((s) => s.id),
    lead: true,
    startTime: '08:30',
    endTime: '17:00',
  });
  const assessmentId = await createAssessment(sql, accreditation, {
    surveyVisitId: visit,
    status: 'ACTION_REQUIRED',
    actionPlanDue: '2027-03-01',
  });
  const ticks = { '1': { '1': true, '2': true, '3': true }, '2': { '1': true, '2': true, '3': false } };
  const levels = ['LOW', 'MODERATE', 'HIGH'] as const;
  const indicators = standards.indicators.slice(0, shape.indicators);
  // Every stride-th indicator is Not met, `notMet` of them spread over the standards.
  const stride = Math.max(1, Math.floor(indicators.length / shape.notMet));
  for (const [index, indicator] of indicators.entries()) {
    const notMet = index % stride === 0 && index / stride < shape.notMet;
    const responseId = await createResponse(sql, assessmentId, indicator.id, {
      compliance: notMet ? 'NOT_MET' : 'MET',
      checklists: ticks,
      reviewed: index % 2 === 0,
      observation: `Observation on ${indicator.code}: ${LONG}`,
      ...(notMet && {
        nonComplianceStatement: `On ${indicator.code} the practice could not show the evidence the indicator asks for. ${LONG}`,
        nonComplianceType: 'Process',
        riskType: 'Patient safety',
        riskLikelihood: levels[(index / stride) % 3],
        riskImpact: levels[Math.floor(index / stride / 3) % 3],
        actionPlan: `Write the procedure for ${indicator.code}, train the team in it and audit it monthly for three months.`,
        nonConformityStatus: index % 4 === 0 ? ('CLOSED' as const) : ('OPEN' as const),
        referToCa: index % 7 === 0,
      }),
    });
    await createComments(sql, practice.id, responseId, 3);
    if (notMet) {
      for (let a = 1; a <= shape.activities; a++) {
        await createActivity(sql, responseId, {
          description: `Activity ${a} for ${indicator.code}: update the procedure and brief every member of the team.`,
          responsible: 'Practice manager',
          dueDate: '2027-02-15',
          ...(a === 1 && { closedOn: '2026-11-20' }),
        });
      }
    }
  }
  for (const surveyor of surveyors) {
    await createGeneralComment(sql, assessmentId, surveyor.id, `${LONG}\n${LONG}\n${LONG}`);
  }
  const { rows } = await sql.query<{ n: number }>(
    `select count(*)::int as n from indicator_responses where assessment_id = $1 and compliance = 'NOT_MET'`,
    [assessmentId],
  );
  return { assessmentId, pm, notMet: rows[0]!.n };
}

/** Makes `make()` `warmup` times unmeasured, then `runs` times; durations and the last file size. */
async function measure(
  runs: number,
  warmup: number,
  make: () => Promise<{ pdf: Uint8Array; fileName: string }>,
  outDir?: string,
) {
  let bytes = 0;
  for (let i = 0; i < warmup; i++) await make();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const { pdf } = await make();
    samples.push(performance.now() - started);
    bytes = pdf.byteLength;
    if (outDir && i === runs - 1) writeFileSync(path.join(outDir, (await make()).fileName), pdf);
  }
  return { time: summarize(samples), bytes };
}

interface Case {
  name: string;
  time: Summary;
  bytes: number;
  time_ratio_to_target: number;
  size_ratio_to_target: number;
  pass: boolean;
}

/** `npm run bench -- pdf-reports [--runs 10] [--warmup 2] [--indicators 150] [--results FILE] [--out DIR]`. */
export async function runPdfReportsBench(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      runs: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      indicators: { type: 'string', default: '150' },
      results: { type: 'string', default: DEFAULT_RESULTS },
      /** A folder to keep the last PDF of each case in, to look at. */
      out: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  const warmup = Number(values.warmup);
  const indicators = Number(values.indicators);
  const loadBefore = os.loadavg().map((x) => Math.round(x * 100) / 100);
  console.log(`pdf-reports bench: ${indicators} indicators, ${runs} runs after ${warmup} warm-up`);
  const stack = await startTestStack({ database: await migratedDatabase() });
  try {
    const survey = await createRatedSurvey(stack, { indicators, notMet: 40, activities: 3 });
    await stack.sql.query('analyze');
    const caller = callerOfUser({ id: survey.pm.id, role: 'user' });
    const input = { assessmentId: survey.assessmentId };
    const report = await measure(
      runs,
      warmup,
      () => getAssessmentReport(stack.app.db, caller, input),
      values.out,
    );
    const actionPlan = await measure(
      runs,
      warmup,
      () => getActionPlanReport(stack.app.db, caller, input),
      values.out,
    );
    const cases: Case[] = [
      { name: `assessment report, survey of ${indicators} indicators`, ...report },
      { name: `action plan report, ${survey.notMet} non-conformities x 3 activities`, ...actionPlan },
    ].map((c) => ({
      ...c,
      time_ratio_to_target: Math.round((c.time.p95_ms / TARGET_MS) * 100) / 100,
      size_ratio_to_target: Math.round((c.bytes / TARGET_BYTES) * 100) / 100,
      pass: c.time.p95_ms < TARGET_MS && c.bytes < TARGET_BYTES,
    }));
    const result = {
      bench: 'pdf-reports',
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        load_before: loadBefore,
        load_after: os.loadavg().map((x) => Math.round(x * 100) / 100),
        node: process.version,
      },
      settings: { runs, warmup, indicators, not_met: survey.notMet, activities_per_not_met: 3 },
      targets: { time_ms: TARGET_MS, bytes: TARGET_BYTES },
      cases,
    };
    writeFileSync(values.results, `${JSON.stringify(result, null, 2)}\n`);
    console.log('');
    console.log(
      'case                                                   p50 ms   p95 ms   p95/2s   size KB   size/2MB',
    );
    for (const c of cases) {
      console.log(
        `${c.name.padEnd(54)} ${c.time.median_ms.toFixed(0).padStart(6)} ${c.time.p95_ms.toFixed(0).padStart(8)} ` +
          `${c.time_ratio_to_target.toFixed(2).padStart(8)} ${(c.bytes / 1024).toFixed(0).padStart(9)} ` +
          `${c.size_ratio_to_target.toFixed(2).padStart(10)}  ${c.pass ? 'ok' : 'MISSED'}`,
      );
    }
    console.log(`\nwritten ${path.relative(REPO_ROOT, values.results)}`);
    return 0;
  } finally {
    await stack.close();
  }
}
