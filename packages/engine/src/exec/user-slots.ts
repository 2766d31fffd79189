/**
 * A fair share of the database per user: at most `perUser` statements (or transactions) of one
 * user run at once; the user's others wait in that user's own line, in order, without holding a
 * pooled connection. One user's sixty-alias request then fills `perUser` connections, not the
 * pool, and every other user's statement still finds one free.
 *
 * Hand-written rather than a map of `p-limit`s: the per-key bookkeeping (a line per user, dropped
 * when it empties) is the whole of it either way.
 */
export class UserSlots {
  private readonly users = new Map<string, { running: number; waiting: Array<() => void> }>();

  constructor(private readonly perUser: number | undefined) {}

  /** Runs `work` in one of `key`'s slots (at once when `key` is undefined: admin, or no limit). */
  async run<T>(key: string | undefined, work: () => Promise<T>): Promise<T> {
    if (key === undefined || !this.perUser) return work();
    let user = this.users.get(key);
    if (!user) {
      user = { running: 0, waiting: [] };
      this.users.set(key, user);
    }
    if (user.running < this.perUser) user.running += 1;
    else {
      const line = user.waiting;
      // The slot is handed over by `release`: `running` stays as it is.
      await new Promise<void>((resolve) => line.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = user.waiting.shift();
      if (next) next();
      else {
        user.running -= 1;
        if (user.running === 0) this.users.delete(key);
      }
    }
  }

  /** Statements running and waiting for `key` (for tests and diagnostics). */
  load(key: string): { running: number; waiting: number } {
    const user = this.users.get(key);
    return { running: user?.running ?? 0, waiting: user?.waiting.length ?? 0 };
  }
}
