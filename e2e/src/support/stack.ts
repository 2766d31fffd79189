import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDatabase, freePort, startCluster, withDatabase } from '@portal/devdb';
import { buildWebApp, loadConfig, REPO_ROOT, type RunningStack, runStack, SERVICES } from '@portal/stack';
import pg from 'pg';

/** The whole product on free ports, as a browser test sees it. */
export interface E2eStack {
  /** The one origin (gateway): the built app at `/`, GraphQL at `/v1/graphql`, REST at `/api/`. */
  url: string;
  /** The application database (owner rights), for arranging and checking rows. */
  sql: pg.Pool;
  /** The production build the gateway serves (its `assets/` are the app's chunks); gone after `stop()`. */
  webDist: string;
  /** Opens the actions service's dev pages (`/api/dev/mailbox?key=…`), as the banner's link does. */
  devPagesKey: string;
  /** The last log lines of every service (printed when a test fails). */
  logs(): string;
  /** Stops the services, drops the database, deletes the temporary directory. */
  stop(): Promise<void>;
}

export interface E2eStackOptions {
  /**
   * `template` (default inside vitest): a clone of the test run's seeded template database, in
   * milliseconds. `embedded`: the stack starts its own embedded PostgreSQL in the temporary
   * directory and loads the demo seeds, as a first `npm start` does (for scripts outside vitest).
   */
  database?: 'template' | 'embedded';
  /** Echo every service log line to the console as it comes (debugging). */
  echo?: boolean;
  /**
   * How long the actions service's access tokens live, in seconds (ACCESS_TOKEN_SECONDS, 10 to
   * 3600; default 300): short, a test can let a token expire while the browser is offline.
   */
  accessTokenSeconds?: number;
  /** More of the stack's environment, e.g. OIDC_* for single sign-on (`startTestOidcProvider().env()`). */
  env?: Record<string, string>;
}

/** Written into the shared build's directory once it is complete. */
const BUILT_MARKER = '.built';

/**
 * This test run's production build of the web app, to read and not to change: the first test file
 * that asks builds it into the run's directory while the others wait (one build per run instead of
 * one per file, which cost two cores minutes of the suite). Only inside vitest.
 */
export async function sharedWebBuild(): Promise<string> {
  const { testRunDir, timedSetup } = await import('@portal/devdb/testing');
  const dir = path.join(testRunDir(), 'web-build');
  const failed = `${dir}.failed`;
  let builder = false;
  try {
    mkdirSync(`${dir}.lock`);
    builder = true;
  } catch (error) {
    // EEXIST: another test file builds it.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (builder) {
    try {
      await timedSetup('web build', () => buildWebApp(REPO_ROOT, dir));
      writeFileSync(path.join(dir, BUILT_MARKER), '');
    } catch (error) {
      writeFileSync(failed, (error as Error).message);
      throw error;
    }
    return dir;
  }
  const deadline = Date.now() + 5 * 60_000;
  while (!existsSync(path.join(dir, BUILT_MARKER))) {
    if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'));
    if (Date.now() > deadline)
      throw new Error(`the web app's build in ${dir} did not finish within 5 minutes`);
    await sleep(200);
  }
  return dir;
}

/**
 * A production build of the web app of one stack's own, in `outDir`: a copy of the run's shared
 * build inside vitest (a test may change it: a new service worker deployed), else its own build.
 */
async function webAppFor(outDir: string): Promise<void> {
  if (!process.env.VITEST) return buildWebApp(REPO_ROOT, outDir);
  const shared = await sharedWebBuild();
  cpSync(shared, outDir, { recursive: true, filter: (source) => path.basename(source) !== BUILT_MARKER });
}

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/**
 * Starts the product for one test file, the way `npm start` runs it but with a production build
 * of the web app: a fresh seeded database, s3rver, the GraphQL engine and the actions service as
 * child processes, and the gateway serving the built app, all on free ports. Call `stop()` once.
 */
export async function startE2eStack(options: E2eStackOptions = {}): Promise<E2eStack> {
  const mode = options.database ?? (process.env.VITEST ? 'template' : 'embedded');
  // Inside vitest, under the run's directory (removed when the run ends, whatever stops the stack).
  const parent = process.env.VITEST ? (await import('@portal/devdb/testing')).testRunDir() : os.tmpdir();
  const dir = mkdtempSync(path.join(parent, 'portal-e2e-'));
  // When we run as root, embedded PostgreSQL runs as `postgres`, which must enter this directory.
  chmodSync(dir, 0o755);
  const lines: string[] = [];
  const output = (line: string, stream: 'stdout' | 'stderr') => {
    lines.push(line);
    if (lines.length > 400) lines.splice(0, lines.length - 400);
    if (options.echo) process[stream].write(`${line}\n`);
  };

  let database: { url: string; drop(): Promise<void> } | null = null;
  let stack: RunningStack | null = null;
  let sql: pg.Pool | null = null;
  const cleanUp = async () => {
    if (stack) {
      stack.requestStop('the browser tests are over');
      await stack.done;
    }
    await sql?.end();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const webDist = path.join(dir, 'web-dist');
    const [, [port, enginePort, actionsPort, s3Port, webPort]] = await Promise.all([
      webAppFor(webDist),
      distinctFreePorts(5),
    ]);
    if (mode === 'template') {
      // Imported here: it reads the test run's provided values, which exist only inside vitest.
      const { createTestDatabase } = await import('@portal/devdb/testing');
      database = await createTestDatabase('seeded');
    } else {
      // An empty database of our own: the stack migrates and seeds it, as on a first start.
      // Thrown away after the run: crash safety (fsync and friends) off for speed.
      const cluster = await startCluster({ dataDir: path.join(dir, 'postgres', 'data'), durable: false });
      await createDatabase(cluster.url(), 'portal');
      database = { url: withDatabase(cluster.url(), 'portal'), drop: () => cluster.stop() };
    }
    // localhost, not 127.0.0.1: WebAuthn (passkeys) refuses an IP address as the relying party,
    // and the product's default PUBLIC_URL is localhost too. The gateway still binds 127.0.0.1.
    const url = `http://localhost:${port}`;
    const devPagesKey = randomBytes(16).toString('hex');
    const config = loadConfig(
      {
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: path.join(dir, 'data'),
        DATABASE_URL: database.url,
        S3_PORT: String(s3Port),
        HASURA_GRAPHQL_SERVER_PORT: String(enginePort),
        ACTIONS_PORT: String(actionsPort),
        WEB_PORT: String(webPort),
        WEB_BUILD: 'off',
        WEB_DIST: webDist,
        DEV_PAGES_KEY: devPagesKey,
        NO_COLOR: '1',
        ...(options.accessTokenSeconds ? { ACCESS_TOKEN_SECONDS: String(options.accessTokenSeconds) } : {}),
        ...options.env,
      },
      REPO_ROOT,
    );
    // No Vite dev server: the gateway serves the production build, as in docker-compose.
    stack = await runStack(config, { services: SERVICES.filter((s) => s.name !== 'web'), output });
    if (!(await stack.ready)) {
      await stack.done;
      stack = null;
      throw new Error(`the stack did not start:\n${lines.join('\n')}`);
    }
    sql = new pg.Pool({ connectionString: database.url, max: 2 });
    // `end()` resolves before its idle connections have closed; if the cluster stops first, one of
    // them hears "terminating connection due to administrator command", and a pool error nobody
    // listens to ends the process (it did, at the end of a benchmark).
    sql.on('error', (error) => output(`e2e pool: ${error.message}`, 'stderr'));
    return {
      url,
      sql,
      webDist,
      devPagesKey,
      logs: () => lines.join('\n'),
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
