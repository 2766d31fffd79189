import fp from 'fastify-plugin';
import { removeStaleRows } from '../../services/housekeeping/remove-stale-rows.ts';
import { retireAbandonedUploads } from '../../services/housekeeping/retire-abandoned-uploads.ts';

const HOUR = 3_600_000;

/**
 * Once an hour (first run one minute after start): removes stale lockout counters, sessions,
 * reset tokens and expired indicator locks, and retires abandoned uploads when storage exists.
 */
export default fp(
  async (app) => {
    let timer: NodeJS.Timeout | undefined;
    const run = async () => {
      try {
        const removed = await removeStaleRows(app.db);
        const storage = app.storage;
        const abandonedUploads = storage
          ? await retireAbandonedUploads(app.db, storage, (key, error) =>
              app.log.warn({ err: error, key }, 'could not remove the object of an abandoned upload'),
            )
          : 0;
        app.log.debug({ ...removed, abandonedUploads }, 'housekeeping done');
      } catch (error) {
        app.log.error({ err: error }, 'housekeeping failed');
      }
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(function tick() {
        void run().finally(() => {
          timer = setTimeout(tick, HOUR);
          timer.unref();
        });
      }, 60_000);
      timer.unref();
    });
    app.addHook('onClose', async () => clearTimeout(timer));
  },
  { name: 'housekeeping', dependencies: ['db', 'storage'] },
);
