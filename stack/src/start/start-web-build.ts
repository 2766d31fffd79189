/** The production build of the web app, made current while the database starts. */
import { StopRequested } from '../lifecycle.ts';
import type { Logger } from '../log.ts';
import { ensureWebBuild } from '../web/web-build.ts';
import type { PlannedService, StartContext } from './start-context.ts';

/**
 * With WEB_SERVE=dist and WEB_BUILD=auto, makes the production build current, cancelled
 * by a stop. Resolves at once otherwise. A failed build fails the start with Vite's words.
 */
export async function startWebBuild(
  ctx: StartContext,
  services: PlannedService[],
  log: Logger,
): Promise<void> {
  const { config, resources } = ctx;
  if (config.web.serve !== 'dist' || config.web.build !== 'auto') return;
  if (services.some((s) => s.spec.name === 'web')) return;
  const abort = new AbortController();
  await resources.add({ name: 'web build', stop: async () => abort.abort() });
  try {
    await ensureWebBuild({ root: config.root, dist: config.web.dist, log, signal: abort.signal });
  } catch (error) {
    if (resources.closing) throw new StopRequested();
    throw new Error(
      `${(error as Error).message}\nFix the error above and start again; \`npm run dev\` serves the app without a build.`,
    );
  }
}
