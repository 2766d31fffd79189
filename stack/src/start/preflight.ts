/** The checks before a stack starts anything: one stack per data directory, entry files, free ports. */
import type { StackConfig } from '../config/config.ts';
import { stopLeftoverPostgres } from '../data/leftover-postgres.ts';
import { acquireLock } from '../lock.ts';
import { findBusyPorts, type PortClaim } from '../ports.ts';
import { describeMissingEntries, missingEntry } from '../services/table.ts';
import type { PlannedService, StartContext } from './start-context.ts';

/**
 * Takes the data directory's lock, stops a PostgreSQL an earlier killed start left running, and
 * throws when a service's entry file is missing or a port is taken.
 */
export async function preflight(ctx: StartContext, services: PlannedService[]): Promise<void> {
  const { config, log, resources } = ctx;
  const lock = acquireLock(config.dataDir);
  await resources.add({ name: 'lock', stop: async () => lock.release() });

  if (config.database.kind === 'embedded') {
    const leftover = await stopLeftoverPostgres(config.database.dataDir);
    if (leftover !== null)
      log(`stopped a PostgreSQL that an earlier, killed start left running (pid ${leftover})`);
  }

  // A service without its entry file is an error, never a silent "skip": a stack that starts
  // without its actions service looks healthy until the first sign-in fails.
  const missing = services.flatMap(({ spec }) => {
    const file = missingEntry(spec, config.root);
    return file === null ? [] : [{ spec, file }];
  });
  if (missing.length) throw new Error(describeMissingEntries(missing));

  const busy = await findBusyPorts(portClaims(config, services));
  if (busy.length) throw new Error(`cannot start:\n${busy.map((b) => `  - ${b}`).join('\n')}`);
}

/** Every port the stack will listen on, checked before anything starts. */
function portClaims(config: StackConfig, services: PlannedService[]): PortClaim[] {
  const claims: PortClaim[] = [{ port: config.port, host: config.host, env: 'PORT', service: 'gateway' }];
  if (config.database.kind === 'embedded') {
    claims.push({ port: config.database.port, host: '127.0.0.1', env: 'PGPORT', service: 'PostgreSQL' });
  }
  if (config.s3.kind === 'embedded') {
    claims.push({ port: config.s3.port, host: '127.0.0.1', env: 'S3_PORT', service: 's3rver' });
  }
  for (const { spec, name, port } of services) {
    const env =
      port === spec.port(config)
        ? spec.portEnv
        : `${spec.portEnv} (+${port - spec.port(config)} for ${name})`;
    claims.push({ port, host: '127.0.0.1', env, service: name });
  }
  return claims;
}
