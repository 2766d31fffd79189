/** PostgreSQL for the stack: the embedded server under a supervisor, or the database at DATABASE_URL. */
import type { Cluster } from '@portal/devdb';
import type { HasuraProject } from '@portal/engine';
import { type RunningDatabase, startDatabase } from '../data/database.ts';
import { describeExit } from '../services/child.ts';
import { type Run, Supervisor } from '../services/supervisor.ts';
import type { StartContext } from './start-context.ts';

/** How long PostgreSQL may take for a fast shutdown before an immediate one, then SIGKILL. */
const POSTGRES_GRACE_MS = 2500;

/** An embedded PostgreSQL server: one run of its supervisor. */
function clusterRun(cluster: Cluster): Run {
  return {
    exited: cluster.exited.then(describeExit),
    stop: () => cluster.stop(POSTGRES_GRACE_MS),
    kill: () => {
      if (cluster.pid) {
        try {
          process.kill(cluster.pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
    },
  };
}

/**
 * Starts (or connects to) the database, migrated and, on its first start, seeded. The embedded
 * server's supervisor is returned: the health checks say when it is restarting.
 */
export async function startPostgres(
  ctx: StartContext,
  project: HasuraProject,
): Promise<{ database: RunningDatabase; postgres: Supervisor | undefined }> {
  const { config, resources } = ctx;
  const pgLog = ctx.logger('postgres', 'yellow');
  pgLog(
    config.database.kind === 'embedded'
      ? `starting embedded PostgreSQL on 127.0.0.1:${config.database.port} (data in ${config.database.dataDir})`
      : 'using the database at DATABASE_URL',
  );
  const database = await startDatabase(config.database, project, pgLog);
  let postgres: Supervisor | undefined;
  if (database.embedded) {
    // A crashed server is started again (it recovers from its write-ahead log); the services
    // answer 503 meanwhile and /healthz names PostgreSQL.
    const { startAgain } = database.embedded;
    postgres = new Supervisor({
      name: 'PostgreSQL',
      launch: async () => clusterRun(await startAgain()),
      policy: ctx.policy,
      log: pgLog,
      giveUp: ctx.fail,
    });
    const supervisor = postgres;
    await resources.add({
      name: 'PostgreSQL',
      stop: () => supervisor.stop(),
      kill: () => supervisor.kill(),
    });
    await postgres.start(clusterRun(database.embedded.cluster));
    postgres.markReady();
  } else {
    await resources.add({ name: 'PostgreSQL', stop: database.stop });
  }
  pgLog('ready');
  return { database, postgres };
}
