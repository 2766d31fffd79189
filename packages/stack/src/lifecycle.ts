import type { Logger } from './log.ts';

/** Thrown inside start-up when a stop was requested meanwhile. */
export class StopRequested extends Error {}

interface Resource {
  name: string;
  stop(): Promise<void>;
  /** Stopped before everything else (the gateway: no new requests while services stop). */
  first?: boolean;
}

/**
 * Everything the stack started, stopped in reverse order (so PostgreSQL, started first,
 * stops last), the gateway first of all. Something added after a stop began is stopped at once.
 */
export class Resources {
  private readonly items: Resource[] = [];
  closing = false;

  constructor(private readonly log: Logger) {}

  async add(resource: Resource): Promise<void> {
    this.items.push(resource);
    if (this.closing) {
      await this.stopAll();
      throw new StopRequested();
    }
  }

  async stopAll(): Promise<void> {
    const firsts = this.items.filter((item) => item.first);
    this.items.splice(0, this.items.length, ...this.items.filter((item) => !item.first), ...firsts);
    while (this.items.length) {
      const item = this.items.pop()!;
      try {
        await item.stop();
        if (item.name !== 'lock') this.log(`stopped ${item.name}`);
      } catch (error) {
        this.log.error(`stopping ${item.name} failed: ${(error as Error).message}`);
      }
    }
  }
}
