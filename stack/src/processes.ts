import { readdirSync, readFileSync } from 'node:fs';

/**
 * The pid of the process that runs `entry` with `variable` (`NAME=value`) in its environment: one
 * replica of a service of a running stack (each replica has its own port variable), for the tests
 * and benchmarks that kill one.
 */
export function pidOfService(entry: string, variable: string): number {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(entry)) continue;
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(variable)) return Number(pid);
    } catch {
      // Gone meanwhile.
    }
  }
  throw new Error(`no process runs ${entry} with ${variable}`);
}

/** Whether a process has ended (gone, or a zombie its parent has not reaped yet). */
export function hasEnded(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}
