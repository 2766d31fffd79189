import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Cluster, freePort } from './cluster.ts';

/** Where Debian installs a PostgreSQL major version's server binaries. */
export const debianBinDir = (major: number) => `/usr/lib/postgresql/${major}/bin`;

/** True when a PostgreSQL server of that major version is installed from Debian's packages. */
export const hasDebianPostgres = (major: number) => existsSync(path.join(debianBinDir(major), 'postgres'));

function asPostgresUser(command: string, args: string[]): [string, string[]] {
  // The server refuses to run as root; Debian's `postgres` user owns its data instead.
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/** As root, gives a data directory to Debian's `postgres` user, whom the server runs as. */
function ownedByPostgres(dir: string) {
  if (process.getuid?.() !== 0) return;
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  chownSync(dir, Number(id.stdout), Number(gid.stdout));
}

/**
 * Starts a cluster from an installed PostgreSQL (e.g. Debian's 15) with trust authentication
 * on 127.0.0.1, initialising `dataDir` on first use. Used to prove our SQL on older majors.
 */
export async function startSystemCluster(options: {
  binDir: string;
  dataDir: string;
  port?: number;
}): Promise<Cluster> {
  const dataDir = path.resolve(options.dataDir);
  const port = options.port || (await freePort());
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true });
    ownedByPostgres(dataDir);
    const [cmd, args] = asPostgresUser(path.join(options.binDir, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
    ]);
    const init = spawnSync(cmd, args, { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  }
  const [cmd, args] = asPostgresUser(path.join(options.binDir, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    dataDir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
  ]);
  const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // A standby says "ready to accept read-only connections".
      if (/ready to accept (read-only )?connections/.test(output)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`PostgreSQL exited (${code}): ${output}`)));
  });
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    // With runuser in between this is runuser's pid, and its exit the server's.
    pid: child.pid,
    exited: new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null)
        resolve({ code: child.exitCode, signal: child.signalCode });
      else child.once('exit', (code, signal) => resolve({ code, signal }));
    }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        // runuser does not pass signals on, so ask the server itself to stop.
        const [ctl, ctlArgs] = asPostgresUser(path.join(options.binDir, 'pg_ctl'), [
          '-D',
          dataDir,
          'stop',
          '-m',
          'fast',
        ]);
        spawnSync(ctl, ctlArgs, { stdio: 'ignore' });
      }),
  };
}

/**
 * A streaming replica of `primary` (a cluster started by `startSystemCluster` from the same
 * binaries): `pg_basebackup` copies it into `dataDir` with the standby settings (`-R`), and the
 * copy starts as a hot standby that applies the primary's changes as they come. Trust
 * authentication on 127.0.0.1 lets it connect for replication (initdb's default pg_hba.conf).
 */
export async function startSystemStandby(options: {
  binDir: string;
  primary: Cluster;
  dataDir: string;
}): Promise<Cluster> {
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  ownedByPostgres(dataDir);
  const [cmd, args] = asPostgresUser(path.join(options.binDir, 'pg_basebackup'), [
    '-D',
    dataDir,
    '-h',
    '127.0.0.1',
    '-p',
    String(options.primary.port),
    '-U',
    'postgres',
    '-X',
    'stream',
    '-R',
    '--checkpoint=fast',
  ]);
  const copied = spawnSync(cmd, args, { encoding: 'utf8' });
  if (copied.status !== 0) throw new Error(`pg_basebackup failed: ${copied.stderr || copied.stdout}`);
  return startSystemCluster({ binDir: options.binDir, dataDir });
}
