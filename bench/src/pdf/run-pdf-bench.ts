import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getActionPlanReport } from '@portal/actions/get-action-plan-report';
import { getAssessmentReport } from '@portal/actions/get-assessment-report';
import { callerOfUser } from '@portal/actions/practice-access';
import { renderCertificatePdf, type TCertificatePdf } from '@portal/pdf';
import { createRatedSurvey, migratedDatabase } from '@portal/testkit/rated-survey';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { startRunInfo } from '../lib/run-info.ts';
import { type Summary, summarize } from '../lib/stats.ts';

/**
 * `npm run bench -- pdf`: how long the PDFs the actions service makes take, and how big they are:
 * the certificate (rendered in this process) and the 150-indicator survey assessment report and its
 * action plan report (through their services on a real database: access, SQL, rendering), each
 * made `warmup` times unmeasured, then `runs` times one after another. Each case is one entry of
 * PDF_CASES (a name, its targets and a render function prepared once).
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const DEFAULT_RESULTS = path.join(REPO_ROOT, 'bench/results/pdf.json');

/** What the cases share and prepare once: the reports' database, started by the first case that needs it. */
export interface PdfBenchContext {
  /** The test stack on a throwaway database with one fully rated survey of `indicators` indicators. */
  reports(): Promise<{ stack: TestStack; assessmentId: number; userId: number; notMet: number }>;
  indicators: number;
}

/** One document to time. */
export interface PdfCase {
  name: string;
  /** What it renders, for the table (may depend on the data). */
  description: string;
  /** The p95 it must stay under (ms), and the size (bytes) when the issue sets one. */
  targetP95Ms: number;
  targetBytes?: number;
  /** Renders per case unless `--runs` / `--warmup` say otherwise. */
  runs: number;
  warmup: number;
  /** Prepares once (data, fonts), then answers a render function. */
  prepare(context: PdfBenchContext): Promise<() => Promise<Uint8Array>>;
}

/** A certificate with eight locations and a condition: the most a certificate holds. */
export const BENCH_CERTIFICATE: TCertificatePdf = {
  id: 123,
  type: 'ACCREDITATION',
  name: 'Harbourside Family Medical',
  tradingName: 'Harbourside Family Medical Centre',
  legalEntityName: 'Harbourside Family Medical Pty Ltd',
  locations: Array.from({ length: 8 }, (_, i) => `${i + 10} Crown Street, Surry Hills NSW 2010`),
  standards: 'General Practice Standards, 6th edition',
  issuingProvider: 'Demo Accreditation Provider',
  certificationDate: '2026-11-28',
  issueDate: '2026-11-28',
  commencementDate: '2026-12-01',
  expiryDate: '2029-11-28',
  condition: 'Until the surveillance visit confirms the cold chain log is kept daily.',
  certifiedBy: 'Alex Admin',
  certificateNumber: 'ACC-2026-000123',
  verificationCode: 'ABCD-EFGH-JK23',
  verifyUrl: 'https://portal.example.org/verify/ABCD-EFGH-JK23',
};

/**
 * The PDF targets (bench/GUIDE.md): a certificate under 300 ms; the 150-indicator report under
 * 2 s and 2 MB.
 */
const CERTIFICATE_TARGET_MS = 300;
const REPORT_TARGET_MS = 2000;
const REPORT_TARGET_BYTES = 2 * 1024 * 1024;

export const PDF_CASES: PdfCase[] = [
  {
    name: 'certificate_a3',
    description: 'certificate, A3 landscape, 8 locations, a condition, QR code',
    targetP95Ms: CERTIFICATE_TARGET_MS,
    runs: 50,
    warmup: 5,
    prepare: async () => () => renderCertificatePdf(BENCH_CERTIFICATE, 'A3'),
  },
  {
    name: 'certificate_a4',
    description: 'certificate, A4 landscape, 8 locations, a condition, QR code',
    targetP95Ms: CERTIFICATE_TARGET_MS,
    runs: 50,
    warmup: 5,
    prepare: async () => () => renderCertificatePdf(BENCH_CERTIFICATE, 'A4'),
  },
  {
    name: 'assessment_report',
    description: 'survey assessment report, 150 indicators, every field filled (through its service)',
    targetP95Ms: REPORT_TARGET_MS,
    targetBytes: REPORT_TARGET_BYTES,
    runs: 10,
    warmup: 2,
    prepare: async (context) => {
      const { stack, assessmentId, userId } = await context.reports();
      const caller = callerOfUser({ id: userId, role: 'user' });
      return async () => (await getAssessmentReport(stack.app.db, caller, { assessmentId })).pdf;
    },
  },
  {
    name: 'action_plan_report',
    description: 'action plan report, 40 non-conformities x 3 activities (through its service)',
    targetP95Ms: REPORT_TARGET_MS,
    targetBytes: REPORT_TARGET_BYTES,
    runs: 10,
    warmup: 2,
    prepare: async (context) => {
      const { stack, assessmentId, userId } = await context.reports();
      const caller = callerOfUser({ id: userId, role: 'user' });
      return async () => (await getActionPlanReport(stack.app.db, caller, { assessmentId })).pdf;
    },
  },
];

/** Names `npm run bench -- pdf-reports` runs (the former separate bench). */
export const REPORT_CASES = ['assessment_report', 'action_plan_report'];

interface CaseResult extends Summary {
  description: string;
  bytes: number;
  target_p95_ms: number;
  target_bytes: number | null;
  met: boolean;
}

export interface PdfBenchOptions {
  /** A running test stack on a migrated database to make the reports' survey in (else a throwaway one is started and stopped). */
  stack?: TestStack;
}

export async function runPdfBench(args: string[], options: PdfBenchOptions = {}): Promise<number> {
  const info = startRunInfo();
  const { values } = parseArgs({
    args,
    options: {
      runs: { type: 'string' },
      warmup: { type: 'string' },
      only: { type: 'string' },
      indicators: { type: 'string', default: '150' },
      results: { type: 'string', default: DEFAULT_RESULTS },
      /** A folder to keep the last PDF of each case in, to look at. */
      out: { type: 'string' },
    },
  });
  const only = values.only?.split(',');
  const cases = PDF_CASES.filter((c) => !only || only.includes(c.name));
  const loadBefore = os.loadavg().map((l) => Math.round(l * 100) / 100);
  const indicators = Number(values.indicators);
  let fixture: Awaited<ReturnType<PdfBenchContext['reports']>> | undefined;
  const context: PdfBenchContext = {
    indicators,
    reports: async () => {
      if (!fixture) {
        console.log(`pdf: a survey of ${indicators} indicators…`);
        const stack = options.stack ?? (await startTestStack({ database: await migratedDatabase() }));
        const survey = await createRatedSurvey(stack, { indicators, notMet: 40, activities: 3 });
        await stack.sql.query('analyze');
        fixture = { stack, assessmentId: survey.assessmentId, userId: survey.pm.id, notMet: survey.notMet };
      }
      return fixture;
    },
  };
  const results: Record<string, CaseResult> = {};
  try {
    for (const pdfCase of cases) {
      const runs = values.runs ? Number(values.runs) : pdfCase.runs;
      const warmup = values.warmup ? Number(values.warmup) : pdfCase.warmup;
      const render = await pdfCase.prepare(context);
      for (let i = 0; i < warmup; i++) await render();
      const samples: number[] = [];
      let last: Uint8Array = new Uint8Array();
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        last = await render();
        samples.push(performance.now() - started);
      }
      if (values.out) {
        mkdirSync(values.out, { recursive: true });
        writeFileSync(path.join(values.out, `${pdfCase.name}.pdf`), last);
      }
      const summary = summarize(samples);
      results[pdfCase.name] = {
        description: pdfCase.description,
        ...summary,
        bytes: last.byteLength,
        target_p95_ms: pdfCase.targetP95Ms,
        target_bytes: pdfCase.targetBytes ?? null,
        met:
          summary.p95_ms < pdfCase.targetP95Ms &&
          (pdfCase.targetBytes === undefined || last.byteLength < pdfCase.targetBytes),
      };
    }
  } finally {
    // Stopping the throwaway cluster ends its connections; a pooled one may say so after its pool
    // closed, which is no failure of the bench.
    if (fixture && !options.stack) {
      process.on('uncaughtException', (error: Error & { code?: string }) => {
        if (error.code !== '57P01') throw error;
      });
      await fixture.stack.close();
    }
  }
  const result = {
    bench: 'pdf',
    run: info.finish(),
    at: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      load_before: loadBefore,
      load_after: os.loadavg().map((l) => Math.round(l * 100) / 100),
    },
    fonts: 'embedded, subset: Inter (text), Source Serif 4 (certificate headings)',
    cases: results,
  };
  mkdirSync(path.dirname(values.results), { recursive: true });
  writeFileSync(values.results, `${JSON.stringify(result, null, 2)}\n`);

  console.log('\npdf: renders one after another after a warm-up (runs per case in the JSON)');
  console.log(
    `${'case'.padEnd(20)} ${'runs'.padStart(4)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'target p95'.padStart(12)} ${'size'.padStart(9)} ${'target size'.padStart(12)}`,
  );
  for (const [name, r] of Object.entries(results)) {
    const size = `${Math.round(r.bytes / 1024)} KB`;
    const sizeTarget = r.target_bytes ? `< ${r.target_bytes / 1024 / 1024} MB` : '';
    console.log(
      `${name.padEnd(20)} ${String(r.n).padStart(4)} ${`${r.median_ms} ms`.padStart(10)} ${`${r.p95_ms} ms`.padStart(10)} ${`< ${r.target_p95_ms} ms`.padStart(12)} ${size.padStart(9)} ${sizeTarget.padStart(12)}  ${r.met ? 'met' : 'MISSED'}`,
    );
  }
  console.log(`\nwrote ${path.relative(process.cwd(), values.results)}`);
  // A missed target shows in the table and the JSON, not as a failure (bench/GUIDE.md).
  return 0;
}
