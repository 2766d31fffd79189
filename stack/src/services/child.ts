import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import readline from 'node:readline';
import type { Logger } from '../log.ts';

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ChildOptions {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  log: Logger;
}

/** How many of a child's last output lines are kept for the message when it keeps crashing. */
export const RECENT_LINES = 15;

const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((file) => existsSync(file));

export function describeExit(exit: ChildExit): string {
  return exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`;
}

/** Sends a signal to a whole process group; false when the group is gone. */
function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * A service run as a child process in its own process group, so that stopping it also
 * stops what it started (tsx, esbuild, ...) and a Ctrl-C in the terminal reaches only the
 * stack, which then stops everything in order. Output lines are prefixed with the name.
 */
export class Child {
  readonly exited: Promise<ChildExit>;
  private readonly process: ChildProcess;
  private stopping = false;
  private readonly recent: string[] = [];

  constructor(private readonly options: ChildOptions) {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(options.env)) if (value !== undefined) env[key] = value;
    // With setpriv (util-linux) the child gets SIGTERM if the stack itself is killed outright.
    const [command, args] = SETPRIV
      ? [SETPRIV, ['--pdeathsig', 'TERM', '--', options.command, ...options.args]]
      : [options.command, options.args];
    this.process = spawn(command, args, {
      cwd: options.cwd,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const onLine = (line: string) => {
      this.recent.push(line);
      if (this.recent.length > RECENT_LINES) this.recent.shift();
      options.log(line);
    };
    readline.createInterface({ input: this.process.stdout! }).on('line', onLine);
    readline.createInterface({ input: this.process.stderr! }).on('line', onLine);
    this.exited = new Promise((resolve) => {
      this.process.once('error', (error) => {
        options.log.error(`could not start: ${error.message}`);
        resolve({ code: -1, signal: null });
      });
      this.process.once('exit', (code, signal) => {
        // Whatever the service left behind in its group goes with it.
        if (this.process.pid) signalGroup(this.process.pid, 'SIGKILL');
        resolve({ code, signal });
      });
    });
  }

  /** The last lines it printed (at most RECENT_LINES), to say why it crashed. */
  lastLines(): string[] {
    return [...this.recent];
  }

  get name(): string {
    return this.options.name;
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  /** True once stop() was called: an exit after that is expected. */
  get isStopping(): boolean {
    return this.stopping;
  }

  /** Resolves with a description when the child exits without being asked to. */
  async unexpectedExit(): Promise<string> {
    const exit = await this.exited;
    return `${this.options.name} exited unexpectedly (${describeExit(exit)})`;
  }

  /** SIGKILL to the group at once. */
  kill(): void {
    this.stopping = true;
    if (this.process.pid !== undefined) signalGroup(this.process.pid, 'SIGKILL');
  }

  /** SIGTERM to the group, then SIGKILL after `graceMs`. */
  async stop(graceMs = 5000): Promise<void> {
    this.stopping = true;
    const pid = this.process.pid;
    if (pid === undefined || this.process.exitCode !== null || this.process.signalCode !== null) {
      await this.exited;
      return;
    }
    signalGroup(pid, 'SIGTERM');
    const timer = setTimeout(() => {
      this.options.log.error(`did not stop within ${graceMs} ms; killing it`);
      signalGroup(pid, 'SIGKILL');
    }, graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}
