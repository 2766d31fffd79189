import fp from 'fastify-plugin';
import { removeStaleRows } from '../../services/housekeeping/remove-stale-rows.ts';
import { retireAbandonedUploads } from '../../services/housekeeping/retire-abandoned-uploads.ts';

/** What one housekeeping run did. */
export interface HousekeepingResult {
  removed: Awaited<ReturnType<typeof removeStaleRows>>;
  abandonedUploads: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * One housekeeping run now (the timer calls it too): stale rows removed, abandoned uploads
     * retired. `now` moves the clock the age of a pending upload is measured from.
     */
    runHousekeeping(options?: { now?: Date }): Promise<HousekeepingResult>;
  }
}

/**
 * Every HOUSEKEEPING_INTERVAL_MINUTES (first run one minute after start, on an unref'd timer that
 * never keeps the process alive): removes stale lockout counters, sessions, reset tokens and
 * expired indicator locks, and retires uploads pending for over a day when storage exists.
 */
export default fp(
  async (app) => {
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    const runHousekeeping = async (options: { now?: Date } = {}): Promise<HousekeepingResult> => {
      const removed = await removeStaleRows(app.db);
      const storage = app.storage;
      const abandonedUploads = storage
        ? await retireAbandonedUploads(
            app.db,
            storage,
            (key, error) =>
              app.log.warn({ err: error, key }, 'could not remove the object of an abandoned upload'),
            options,
          )
        : 0;
      return { removed, abandonedUploads };
    };
    app.decorate('runHousekeeping', runHousekeeping);
    const run = async () => {
      try {
        const result = await runHousekeeping();
        app.log.debug({ ...result.removed, abandonedUploads: result.abandonedUploads }, 'housekeeping done');
      } catch (error) {
        app.log.error({ err: error }, 'housekeeping failed');
      }
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(function tick() {
        void run().finally(() => {
          if (closed) return;
          timer = setTimeout(tick, app.config.housekeepingIntervalMs);
          timer.unref();
        });
      }, 60_000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(timer);
    });
  },
  { name: 'housekeeping', dependencies: ['db', 'storage'] },
);
