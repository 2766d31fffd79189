import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  renderCertificatePdf,
  type TCertificatePdf,
} from '../../../actions/src/services/certificates/certificate-pdf.ts';
import { type Summary, summarize } from '../lib/stats.ts';

/**
 * `npm run bench -- pdf`: how long the PDFs the actions service makes take to render, in this
 * process, one after another after a warm-up. Each case is one entry of PDF_CASES (a name, a
 * target p95 and a render function), so other documents (the 150-indicator assessment report) are
 * added as cases without touching the runner.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const DEFAULT_RESULTS = path.join(REPO_ROOT, 'bench/results/pdf.json');

/** One document to time. */
export interface PdfCase {
  name: string;
  /** What it renders, for the table. */
  description: string;
  /** The p95 it must stay under (ms). */
  targetP95Ms: number;
  /** Prepares once (data, fonts), then answers a render function. */
  prepare(): Promise<() => Promise<Uint8Array>>;
}

/** A certificate with eight locations and a condition: the most a certificate holds. */
const CERTIFICATE: TCertificatePdf = {
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

/** Issue 17's target: a certificate renders in under 300 ms. */
const CERTIFICATE_TARGET_MS = 300;

export const PDF_CASES: PdfCase[] = [
  {
    name: 'certificate_a3',
    description: 'certificate, A3 landscape, 8 locations, QR code',
    targetP95Ms: CERTIFICATE_TARGET_MS,
    prepare: async () => () => renderCertificatePdf(CERTIFICATE, 'A3'),
  },
  {
    name: 'certificate_a4',
    description: 'certificate, A4 landscape, 8 locations, QR code',
    targetP95Ms: CERTIFICATE_TARGET_MS,
    prepare: async () => () => renderCertificatePdf(CERTIFICATE, 'A4'),
  },
];

export async function runPdfBench(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      runs: { type: 'string', default: '50' },
      warmup: { type: 'string', default: '5' },
      only: { type: 'string' },
      results: { type: 'string', default: DEFAULT_RESULTS },
    },
  });
  const runs = Number(values.runs);
  const warmup = Number(values.warmup);
  const cases = PDF_CASES.filter((c) => !values.only || values.only.split(',').includes(c.name));
  const results: Record<string, Summary & { bytes: number; target_p95_ms: number; met: boolean }> = {};
  for (const pdfCase of cases) {
    const render = await pdfCase.prepare();
    for (let i = 0; i < warmup; i++) await render();
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      bytes = (await render()).length;
      samples.push(performance.now() - started);
    }
    const summary = summarize(samples);
    results[pdfCase.name] = {
      ...summary,
      bytes,
      target_p95_ms: pdfCase.targetP95Ms,
      met: summary.p95_ms < pdfCase.targetP95Ms,
    };
  }
  const result = {
    bench: 'pdf',
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, load_average: os.loadavg().map((l) => Math.round(l * 100) / 100) },
    runs,
    warmup,
    cases: results,
  };
  mkdirSync(path.dirname(values.results), { recursive: true });
  writeFileSync(values.results, `${JSON.stringify(result, null, 2)}\n`);

  console.log(`\npdf: ${runs} renders per case after ${warmup} warm-up renders, one after another`);
  console.log(
    `${'case'.padEnd(18)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'target p95'.padStart(12)}  size`,
  );
  for (const pdfCase of cases) {
    const r = results[pdfCase.name]!;
    console.log(
      `${pdfCase.name.padEnd(18)} ${`${r.median_ms} ms`.padStart(10)} ${`${r.p95_ms} ms`.padStart(10)} ${`< ${r.target_p95_ms} ms`.padStart(12)}  ${Math.round(r.bytes / 1024)} KB  ${r.met ? 'met' : 'MISSED'}`,
    );
  }
  console.log(`\nwrote ${path.relative(process.cwd(), values.results)}`);
  // A missed target shows in the table and the JSON, not as a failure (bench/README.md).
  return 0;
}
