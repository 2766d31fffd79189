import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createDatabase, startCluster, withDatabase } from '@portal/devdb';
import { applyMigrations, loadProject } from '@portal/engine';
import pg from 'pg';
import { REPO_ROOT } from '../data/scale-database.ts';
import { startRunInfo } from '../lib/run-info.ts';

/**
 * `npm run bench -- documents`: a folder of 200 files totalling 1 GB in s3rver, zipped by
 * `GET /api/documents/zip` of the actions service, against reading the same objects straight
 * from S3; and uploads through a presigned PUT against a direct PUT. s3rver, the actions service
 * and this client each run in their own process; the actions service's RSS is sampled from /proc.
 */

const DEFAULT_RESULTS = path.join(REPO_ROOT, 'bench/results/documents.json');
const BUCKET = 'portal';
const JWT_KEY = 'bench-signing-key-of-at-least-32-characters!';
const ACTIONS_SECRET = 'bench-actions-secret-0123456789';
const TARGETS = { rssGrowthMb: 150, ttfbMs: 1000, throughputRatio: 0.8 };
const MB = 1_000_000;

const load = () => os.loadavg().map((x) => Math.round(x * 100) / 100);
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a TypeScript entry in a node process of its own (tsx loader). */
function startTs(entry: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

async function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const end = text.indexOf('\n');
      if (end >= 0) resolve(text.slice(0, end));
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before it was ready`)));
  });
}

async function waitHealthy(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the actions service exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

/** The process's resident set size in bytes, from /proc. */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** Samples a process's RSS every `everyMs` until stopped; answers the peak. */
function sampleRss(pid: number, everyMs = 20) {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, everyMs);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssOf(pid));
  };
}

/**
 * A GET with node:http, as the S3 client reads objects (the same kind of client on both sides of
 * the comparison; fetch's web streams cost more per chunk).
 */
function httpGet(url: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http.get(url, resolve).once('error', reject);
  });
}

/** Reads a response body to its end; answers its size, time to first byte and the last 64 KiB. */
async function drain(response: AsyncIterable<Uint8Array>, startedAt: number) {
  let bytes = 0;
  let firstByteMs = Number.NaN;
  // The last chunks, by reference (copying would cost the client CPU the servers need).
  const last: Uint8Array[] = [];
  let kept = 0;
  for await (const chunk of response) {
    if (bytes === 0) firstByteMs = performance.now() - startedAt;
    bytes += chunk.length;
    last.push(chunk);
    kept += chunk.length;
    while (last.length > 1 && kept - last[0]!.length >= 65_536) kept -= last.shift()!.length;
  }
  return { bytes, firstByteMs, tail: Buffer.concat(last) };
}

/** The number of entries in a zip's end-of-central-directory record (found in its last bytes). */
function zipEntryCount(tail: Buffer): number {
  const at = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (at < 0) throw new Error('no end of central directory in the zip');
  return tail.readUInt16LE(at + 10);
}

/** A migrated database of its own: a throwaway embedded cluster's, removed by `drop`. */
async function throwawayDatabase(work: string) {
  const cluster = await startCluster({ dataDir: path.join(work, 'pg'), durable: false });
  await createDatabase(cluster.url(), 'portal_bench_documents');
  const url = withDatabase(cluster.url(), 'portal_bench_documents');
  await applyMigrations({ project: loadProject(path.join(REPO_ROOT, 'hasura')), databaseUrl: url });
  return { url, drop: () => cluster.stop() };
}

export interface DocumentsBenchOptions {
  /** A migrated database to add the bench's practice to (else a throwaway cluster's is made and removed). */
  databaseUrl?: string;
}

export async function runDocumentsBench(
  args: string[],
  options: DocumentsBenchOptions = {},
): Promise<number> {
  const info = startRunInfo();
  const { values } = parseArgs({
    args,
    options: {
      files: { type: 'string', default: '200' },
      'total-mb': { type: 'string', default: '1000' },
      runs: { type: 'string', default: '3' },
      results: { type: 'string', default: DEFAULT_RESULTS },
    },
  });
  const files = Number(values.files);
  const fileBytes = Math.floor((Number(values['total-mb']) * MB) / files);
  const runs = Number(values.runs);
  const loadBefore = load();
  // The bench's data (1 GB of objects, a throwaway cluster) lives in the system's temp folder.
  const work = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-documents-'));
  chmodSync(work, 0o755);
  const children: ChildProcess[] = [];
  // s3rver, in its own process, starts while the database is made.
  mkdirSync(path.join(work, 's3'));
  const s3rver = startTs(
    'bench/src/documents/s3rver-process.ts',
    ['--directory', path.join(work, 's3'), '--bucket', BUCKET],
    {},
  );
  children.push(s3rver);
  const s3rverReady = firstLine(s3rver);
  s3rverReady.catch(() => {});
  let database: { url: string; drop(): Promise<void> } | undefined;
  try {
    // Database: migrated, one practice, its manager, one folder.
    database = options.databaseUrl
      ? { url: options.databaseUrl, drop: async () => {} }
      : await throwawayDatabase(work);
    const databaseUrl = database.url;
    const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const one = async (text: string, params: unknown[] = []) => (await db.query(text, params)).rows[0];
    const practiceId = (await one(`insert into organisations (name) values ('Bench Practice') returning id`))
      .id;
    await db.query(`insert into practices (organisation_id, active_status) values ($1, 'ACTIVE')`, [
      practiceId,
    ]);
    const userId = (
      await one(
        `insert into users (email, first_name, last_name, is_active) values ('bench@demo.test', 'Bench', 'Manager', true) returning id`,
      )
    ).id;
    await db.query(
      `insert into practice_users (practice_id, user_id, role, active) values ($1, $2, 'PM', true)`,
      [practiceId, userId],
    );
    const folderId = (
      await one(`insert into folders (practice_id, name) values ($1, 'Bench folder') returning id`, [
        practiceId,
      ])
    ).id;

    const { port: s3Port } = JSON.parse(await s3rverReady) as { port: number };
    const endpoint = `http://127.0.0.1:${s3Port}`;
    const s3 = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });

    // The actions service, in its own process (it reads from s3rver only when asked).
    const actionsPort = await freePort();
    const actions = startTs('actions/src/main.ts', [], {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(actionsPort),
      DATABASE_URL: databaseUrl,
      HASURA_GRAPHQL_JWT_SECRET: JSON.stringify({ type: 'HS256', key: JWT_KEY }),
      ACTIONS_SECRET,
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    children.push(actions);
    const actionsOrigin = `http://127.0.0.1:${actionsPort}`;
    // It starts while the files are uploaded; the zips wait for it.
    const actionsReady = waitHealthy(`${actionsOrigin}/api/health`, actions);
    actionsReady.catch(() => {});

    // The files: random bytes (incompressible, like the documents), half PUT directly, half
    // through presigned URLs as the browser does; each half timed.
    console.log(`uploading ${files} files of ${round(fileBytes / MB)} MB to s3rver …`);
    const base = randomBytes(fileBytes);
    const keys: string[] = [];
    const upload = { direct: { bytes: 0, ms: 0 }, presigned: { bytes: 0, ms: 0 } };
    for (let i = 0; i < files; i++) {
      const key = `practices/${practiceId}/documents/bench-${i}/file-${i}.pdf`;
      const body = Buffer.from(base);
      body.writeUInt32BE(i, 0);
      const presigned = i % 2 === 1;
      const started = performance.now();
      if (presigned) {
        const url = await getSignedUrl(
          s3,
          new PutObjectCommand({
            Bucket: BUCKET,
            Key: key,
            ContentType: 'application/pdf',
            ContentLength: body.length,
          }),
          { expiresIn: 900, signableHeaders: new Set(['content-type', 'content-length']) },
        );
        const put = await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body });
        if (!put.ok) throw new Error(`presigned PUT answered ${put.status}`);
      } else {
        await s3.send(
          new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body, ContentType: 'application/pdf' }),
        );
      }
      const target = presigned ? upload.presigned : upload.direct;
      target.ms += performance.now() - started;
      target.bytes += body.length;
      keys.push(key);
      await db.query(
        `insert into documents (practice_id, folder_id, name, storage_key, file_size, file_type, uploaded_at, created_by_id)
         values ($1, $2, $3, $4, $5, 'application/pdf', now(), $6)`,
        [practiceId, folderId, `Document ${String(i).padStart(3, '0')}.pdf`, key, body.length, userId],
      );
    }
    const totalBytes = fileBytes * files;
    await actionsReady;

    const zipLink = async () => {
      const response = await fetch(`${actionsOrigin}/api/actions/documentsZipUrl`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-actions-secret': ACTIONS_SECRET },
        body: JSON.stringify({
          action: { name: 'documentsZipUrl' },
          input: { practiceId, folderId },
          session_variables: { 'x-hasura-user-id': String(userId), 'x-hasura-role': 'user' },
        }),
      });
      const answer = (await response.json()) as { url?: string; count?: number; message?: string };
      if (!answer.url) throw new Error(`documentsZipUrl: ${JSON.stringify(answer)}`);
      return `${actionsOrigin}${answer.url}`;
    };
    const zipOnce = async () => {
      const url = await zipLink();
      const baseline = rssOf(actions.pid!);
      const stop = sampleRss(actions.pid!);
      const started = performance.now();
      const response = await httpGet(url);
      if (response.statusCode !== 200) throw new Error(`zip answered ${response.statusCode}`);
      const { bytes, firstByteMs, tail } = await drain(response, started);
      const ms = performance.now() - started;
      const peak = stop();
      const entries = zipEntryCount(tail);
      if (entries !== files) throw new Error(`the zip holds ${entries} entries, not ${files}`);
      return { ms, firstByteMs, zipBytes: bytes, rssGrowth: peak - baseline, baseline, peak };
    };
    const directOnce = async () => {
      const started = performance.now();
      let bytes = 0;
      for (const key of keys) {
        const answer = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
        for await (const chunk of answer.Body as AsyncIterable<Uint8Array>) bytes += chunk.length;
      }
      if (bytes !== totalBytes) throw new Error(`read ${bytes} bytes, not ${totalBytes}`);
      return { ms: performance.now() - started };
    };

    // Warm-up: the code paths of both, once.
    console.log('warming up …');
    await zipOnce();
    await directOnce();
    const zips: Awaited<ReturnType<typeof zipOnce>>[] = [];
    const directs: Awaited<ReturnType<typeof directOnce>>[] = [];
    for (let run = 0; run < runs; run++) {
      console.log(`run ${run + 1}/${runs} …`);
      directs.push(await directOnce());
      zips.push(await zipOnce());
    }
    await db.end();

    const mbps = (bytes: number, ms: number) => round(bytes / MB / (ms / 1000));
    const zipMbps = median(zips.map((z) => totalBytes / MB / (z.ms / 1000)));
    const directMbps = median(directs.map((d) => totalBytes / MB / (d.ms / 1000)));
    const result = {
      run: info.finish(),
      date: new Date().toISOString(),
      commit: gitCommit(),
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        load_before: loadBefore,
        load_after: load(),
      },
      settings: { files, file_bytes: fileBytes, total_bytes: totalBytes, runs },
      zip: {
        runs: zips.map((z) => ({
          ms: round(z.ms),
          first_byte_ms: round(z.firstByteMs),
          zip_bytes: z.zipBytes,
          rss_baseline_mb: round(z.baseline / 2 ** 20),
          rss_peak_mb: round(z.peak / 2 ** 20),
          rss_growth_mb: round(z.rssGrowth / 2 ** 20),
        })),
        first_byte_ms_median: round(median(zips.map((z) => z.firstByteMs))),
        throughput_mb_per_s: round(zipMbps),
        peak_rss_growth_mb: round(Math.max(...zips.map((z) => z.rssGrowth)) / 2 ** 20),
      },
      direct_s3: {
        runs: directs.map((d) => ({ ms: round(d.ms) })),
        throughput_mb_per_s: round(directMbps),
      },
      zip_vs_direct_ratio: round(zipMbps / directMbps, 3),
      upload: {
        files_each: files / 2,
        direct_put_mb_per_s: mbps(upload.direct.bytes, upload.direct.ms),
        presigned_put_mb_per_s: mbps(upload.presigned.bytes, upload.presigned.ms),
        presigned_vs_direct_ratio: round(
          upload.presigned.bytes / upload.presigned.ms / (upload.direct.bytes / upload.direct.ms),
          3,
        ),
      },
      targets: {
        peak_rss_growth_mb_below: TARGETS.rssGrowthMb,
        first_byte_ms_below: TARGETS.ttfbMs,
        zip_vs_direct_ratio_at_least: TARGETS.throughputRatio,
      },
      met: {} as Record<string, boolean>,
    };
    result.met = {
      peak_rss_growth: result.zip.peak_rss_growth_mb < TARGETS.rssGrowthMb,
      first_byte: result.zip.first_byte_ms_median < TARGETS.ttfbMs,
      throughput_ratio: result.zip_vs_direct_ratio >= TARGETS.throughputRatio,
    };
    mkdirSync(path.dirname(values.results), { recursive: true });
    writeFileSync(values.results, `${JSON.stringify(result, null, 2)}\n`);

    const row = (label: string, value: string, target: string, ok?: boolean) =>
      console.log(
        `${label.padEnd(44)} ${value.padStart(12)}   ${target.padEnd(10)} ${ok === undefined ? '' : ok ? 'met' : 'MISSED'}`,
      );
    console.log(`\ndocuments: ${files} files, ${round(totalBytes / MB)} MB, ${runs} runs (medians)`);
    row(
      'zip: peak RSS growth of the actions service',
      `${result.zip.peak_rss_growth_mb} MB`,
      '< 150 MB',
      result.met.peak_rss_growth,
    );
    row(
      'zip: time to first byte',
      `${result.zip.first_byte_ms_median} ms`,
      '< 1000 ms',
      result.met.first_byte,
    );
    row('zip: throughput', `${result.zip.throughput_mb_per_s} MB/s`, '');
    row('direct from S3: throughput', `${result.direct_s3.throughput_mb_per_s} MB/s`, '');
    row('zip / direct', `${result.zip_vs_direct_ratio}`, '>= 0.8', result.met.throughput_ratio);
    row('upload: direct PUT', `${result.upload.direct_put_mb_per_s} MB/s`, '');
    row('upload: presigned PUT', `${result.upload.presigned_put_mb_per_s} MB/s`, '');
    row('upload: presigned / direct', `${result.upload.presigned_vs_direct_ratio}`, '');
    console.log(`\nwrote ${path.relative(process.cwd(), values.results)}`);
    return 0;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) =>
        child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined,
      ),
    );
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  }
}
