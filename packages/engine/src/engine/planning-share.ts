/**
 * Each user's share of the engine's own time: compiling a request into SQL runs on the one event
 * loop every request shares (a new 60-alias request took 70 to 100 ms on a busy 2-core machine;
 * its cached plan afterwards a fraction of a millisecond, and plans are shared by every user of a
 * role, so the app's documents are compiled once per engine). One user's requests are planned
 * one at a time, and a user whose planning exceeds `msPerSecond` on average, beyond a burst of
 * `burstMs` (a screen's new documents), waits before the next one. What a user owes is capped at
 * `maxOwedMs`, so one expensive request (a tool's full introspection) costs its user at most a
 * second and a half's wait, while a flood of new 100-alias requests gets about a tenth of the loop.
 */
export class PlanningShare {
  private readonly spent = new Map<string, { ms: number; at: number }>();
  /** The last planning of each user, which the next one waits for. */
  private readonly lines = new Map<string, Promise<void>>();

  constructor(
    private readonly msPerSecond = 250,
    private readonly burstMs = 100,
    private readonly maxOwedMs = 500,
  ) {}

  /** Runs `plan` in `key`'s turn (at once when `key` is undefined: the admin) and charges its time. */
  async run<T>(key: string | undefined, plan: () => T): Promise<T> {
    if (key === undefined) return plan();
    const before = this.lines.get(key) ?? Promise.resolve();
    let done!: () => void;
    const turn = new Promise<void>((resolve) => {
      done = resolve;
    });
    const mine = before.then(() => turn);
    this.lines.set(key, mine);
    await before;
    try {
      const wait = this.waitMs(key);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const started = performance.now();
      try {
        return plan();
      } finally {
        this.charge(key, performance.now() - started);
      }
    } finally {
      done();
      if (this.lines.get(key) === mine) this.lines.delete(key);
    }
  }

  /** The time `key` has used and not yet paid back, now. */
  private owed(key: string, now: number): number {
    const entry = this.spent.get(key);
    if (!entry) return 0;
    const left = entry.ms - ((now - entry.at) * this.msPerSecond) / 1000;
    if (left <= 0) {
      this.spent.delete(key);
      return 0;
    }
    return left;
  }

  /** How long `key` must wait before planning again (0: at once). */
  waitMs(key: string): number {
    const over = this.owed(key, performance.now()) - this.burstMs;
    return over > 0 ? (over * 1000) / this.msPerSecond : 0;
  }

  private charge(key: string, ms: number): void {
    const now = performance.now();
    // Users who left owing a little are forgotten now and then (owed() drops paid-up ones).
    if (this.spent.size > 10_000) for (const other of [...this.spent.keys()]) this.owed(other, now);
    this.spent.set(key, { ms: Math.min(this.maxOwedMs, this.owed(key, now) + ms), at: now });
  }
}
