import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Lock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a stack running on this data directory, if any. */
export function runningStackPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'stack.pid'), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** One stack per data directory: a second start names the pid of the first. */
export function acquireLock(dataDir: string): Lock {
  const running = runningStackPid(dataDir);
  if (running !== null) {
    throw new Error(
      `a stack is already running on ${dataDir} (pid ${running}); stop it first (Ctrl-C in its terminal)`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'stack.pid');
  writeFileSync(file, `${process.pid}\n`);
  return { release: () => rmSync(file, { force: true }) };
}
