import type { Logger } from './log.ts';

/** Thrown inside start-up when a stop was requested meanwhile. */
export class StopRequested extends Error {}

interface Resource {
  name: string;
  stop(): Promise<void>;
  /** SIGKILL at once, for a stop that takes too long. */
  kill?(): void;
  /** Stopped before everything else (the gateway: no new requests while services stop). */
  first?: boolean;
  /** Neighbours with the same group stop together (the services: their grace periods overlap). */
  group?: string;
}

/** How long a whole stop may take before whatever is left gets SIGKILL. */
export const STOP_DEADLINE_MS = 9000;

/**
 * Everything the stack started, stopped in reverse order (so PostgreSQL, started first,
 * stops last), the gateway first of all. Something added after a stop began is stopped at once.
 */
export class Resources {
  private readonly items: Resource[] = [];
  private readonly killers: Resource[] = [];
  closing = false;

  constructor(private readonly log: Logger) {}

  async add(resource: Resource): Promise<void> {
    this.items.push(resource);
    this.killers.push(resource);
    if (this.closing) {
      await this.stopAll();
      throw new StopRequested();
    }
  }

  /**
   * Stops everything in order; whatever is still running after `deadlineMs` gets SIGKILL, so a
   * stop always ends in time, whatever state the processes are in.
   */
  async stopAll(deadlineMs = STOP_DEADLINE_MS): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), deadlineMs);
    });
    const outcome = await Promise.race([this.stopInOrder(), late]);
    clearTimeout(timer);
    if (outcome === 'late') {
      this.log.error(`stopping took longer than ${deadlineMs / 1000} s; killing what is left`);
      for (const item of this.killers) item.kill?.();
    }
  }

  private async stopInOrder(): Promise<void> {
    const firsts = this.items.filter((item) => item.first);
    this.items.splice(0, this.items.length, ...this.items.filter((item) => !item.first), ...firsts);
    while (this.items.length) {
      const batch = [this.items.pop()!];
      while (batch[0]!.group && this.items.at(-1)?.group === batch[0]!.group) batch.push(this.items.pop()!);
      await Promise.all(batch.map((item) => this.stopOne(item)));
    }
  }

  private async stopOne(item: Resource): Promise<void> {
    try {
      await item.stop();
      if (item.name !== 'lock') this.log(`stopped ${item.name}`);
    } catch (error) {
      this.log.error(`stopping ${item.name} failed: ${(error as Error).message}`);
    }
  }
}
