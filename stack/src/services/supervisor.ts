import type { Logger } from '../log.ts';

/** When a crashed process is started again, and when the stack gives up on it. */
export interface RestartPolicy {
  /** Wait before the first restart; each further restart within the window waits twice as long. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Restarts allowed within `windowMs`; one more crash stops the whole stack. 0: never restart. */
  maxRestarts: number;
  windowMs: number;
}

/** 0.5 s, 1 s, 2 s, 4 s, 8 s; a sixth crash within a minute stops everything. */
export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  firstDelayMs: 500,
  maxDelayMs: 8000,
  maxRestarts: 5,
  windowMs: 60_000,
};

/** One run of a supervised process. */
export interface Run {
  /** Resolves with how it ended ("code 1", "signal SIGKILL"), asked to or not. */
  exited: Promise<string>;
  /** Stops it (escalating to SIGKILL); resolves once it is gone. */
  stop(): Promise<void>;
  /** SIGKILL at once: the last resort of a shutdown that takes too long. */
  kill(): void;
  /** Its last output lines, when it has any (a child process): shown when it keeps crashing. */
  lastLines?(): string[];
}

export interface SupervisorOptions {
  /** As people read it in the log: "engine", "PostgreSQL". */
  name: string;
  launch(): Promise<Run>;
  policy: RestartPolicy;
  log: Logger;
  /** Called once when the process crashed once too often (or before it ever became healthy). */
  giveUp(reason: string): void;
  /** What to do when it keeps crashing, after its last lines (a sentence or two). */
  whenItKeepsCrashing?: string;
}

/** What to do about any service that keeps crashing, after the service's own advice. */
export const GENERAL_ADVICE =
  'Fix the cause those lines name and start again; `npm ci` reinstalls the dependencies, `npm run reset` starts with fresh data (it deletes DATA_DIR).';

const seconds = (ms: number) => `${ms / 1000} s`;

/**
 * Keeps one process running: a crash is logged and the process started again after a growing
 * delay; a process that keeps crashing (more than `maxRestarts` within `windowMs`), or that dies
 * before it was ever ready, makes the stack stop with a message saying so.
 */
export class Supervisor {
  private current: Run | undefined;
  private launching: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private restarts: number[] = [];
  private stopping = false;
  private ready = false;
  private note: string | null = null;

  constructor(private readonly options: SupervisorOptions) {}

  /** Starts the first run (or adopts one already started). */
  async start(run?: Run): Promise<Run> {
    const first = run ?? (await this.options.launch());
    this.watch(first);
    return first;
  }

  /** From now on a crash means a restart (before, it means start-up failed). */
  markReady(): void {
    this.ready = true;
  }

  /** Why it is not running, while it is waiting for or in a restart; else null. */
  get restarting(): string | null {
    return this.note;
  }

  private watch(run: Run): void {
    this.current = run;
    void run.exited.then((how) => {
      if (!this.stopping && this.current === run) this.crashed(how);
    });
  }

  private crashed(how: string): void {
    const { name, policy, log } = this.options;
    const now = Date.now();
    this.restarts = this.restarts.filter((at) => now - at < policy.windowMs);
    const message = `${name} exited unexpectedly (${how})`;
    if (!this.ready || this.restarts.length >= policy.maxRestarts) {
      this.note = null;
      const why = !this.ready
        ? ''
        : policy.maxRestarts > 0
          ? ` (restarted ${this.restarts.length} times in the last ${seconds(policy.windowMs)})`
          : '';
      this.options.giveUp(this.explain(`${message}; stopping everything${why}`));
      return;
    }
    this.restarts.push(now);
    const count = this.restarts.length;
    const delay = Math.min(policy.firstDelayMs * 2 ** (count - 1), policy.maxDelayMs);
    const window = policy.windowMs === 60_000 ? 'the last minute' : `the last ${seconds(policy.windowMs)}`;
    this.note = `restarting after a crash (${how}; restart ${count} of ${policy.maxRestarts} in ${window})`;
    log.error(
      `${message}; restarting in ${seconds(delay)} (restart ${count} of ${policy.maxRestarts} in ${window})`,
    );
    this.timer = setTimeout(() => {
      this.launching = this.relaunch();
    }, delay);
  }

  /** The reason to give up, with the crashed run's last lines and what to do. */
  private explain(reason: string): string {
    const lines = this.current?.lastLines?.() ?? [];
    const parts = [reason];
    if (lines.length) parts.push(`Its last lines:`, ...lines.map((line) => `  | ${line}`));
    parts.push(`What to do: ${[this.options.whenItKeepsCrashing, GENERAL_ADVICE].filter(Boolean).join(' ')}`);
    return parts.join('\n');
  }

  private async relaunch(): Promise<void> {
    if (this.stopping) return;
    let run: Run;
    try {
      run = await this.options.launch();
    } catch (error) {
      this.crashed(`could not start again: ${(error as Error).message}`);
      return;
    }
    if (this.stopping) {
      await run.stop();
      return;
    }
    this.note = null;
    this.options.log(`${this.options.name} restarted`);
    this.watch(run);
  }

  /** Stops the current run, and any restart that is waiting or under way. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.launching;
    await this.current?.stop();
  }

  kill(): void {
    this.stopping = true;
    clearTimeout(this.timer);
    this.current?.kill();
  }
}
