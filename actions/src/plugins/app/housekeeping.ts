import fp from 'fastify-plugin';
import { removeStaleRows } from '../../services/housekeeping/remove-stale-rows.ts';

const HOUR = 3_600_000;

/** Removes stale lockout counters, sessions, reset tokens and expired indicator locks once an hour (first run one minute after start). */
export default fp(
  async (app) => {
    let timer: NodeJS.Timeout | undefined;
    const run = () =>
      removeStaleRows(app.db)
        .then((removed) => app.log.debug(removed, 'housekeeping done'))
        .catch((error) => app.log.error({ err: error }, 'housekeeping failed'));
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
  { name: 'housekeeping', dependencies: ['db'] },
);
