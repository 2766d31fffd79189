import { readFileSync } from 'node:fs';
import path from 'node:path';

function cmdline(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return null;
  }
}

/**
 * A PostgreSQL still running on our data directory although no stack holds it: what is left
 * when the stack itself was killed (SIGKILL leaves no chance to stop it). Identified by the
 * server's own postmaster.pid and checked against the process's command line.
 */
export function leftoverPostgresPid(pgDataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const command = cmdline(pid);
  return command?.includes('postgres') && command.includes(path.resolve(pgDataDir)) ? pid : null;
}

/** Stops such a leftover server (fast shutdown); resolves with its pid, or null if there was none. */
export async function stopLeftoverPostgres(pgDataDir: string, timeoutMs = 15_000): Promise<number | null> {
  const pid = leftoverPostgresPid(pgDataDir);
  if (pid === null) return null;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + timeoutMs;
  while (cmdline(pid) !== null) {
    if (Date.now() > deadline)
      throw new Error(`PostgreSQL left over from an earlier start (pid ${pid}) does not stop`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return pid;
}
