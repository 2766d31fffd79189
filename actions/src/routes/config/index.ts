import type { FastifyPluginAsync } from 'fastify';
import { uploadLimitMb } from '../../services/choices/static-choices.ts';

/** How long browsers and proxies may keep the answer: a changed limit reaches every tab within this. */
export const PUBLIC_CONFIG_MAX_AGE_SECONDS = 300;

/** What the browser may know of the service's configuration before anyone signs in. */
export interface TPublicConfig {
  /** The largest upload, in decimal MB (spec 002 §9: the provider's setting, else MAX_FILE_SIZE_MB). */
  maxFileSizeMb: number;
  /**
   * The assessment bulk tools (Auto complete, Auto clear, Reopen) are on for everyone
   * (ASSESSMENT_BULK_TOOLS); when false only users with special access get them.
   */
  bulkTools: boolean;
  /** Single sign-on for provider staff: the words after "Sign in with"; absent when it is off. */
  singleSignOn?: { label: string };
}

/**
 * GET /api/config: the settings the web app needs up front: the upload limit, so a file too large
 * is refused before anything is asked, and the bulk tools switch, so the assessment screen shows
 * exactly the buttons the actions allow. Public and cacheable: it holds no secret and
 * is the same for every caller. Read per request, so it never disagrees with the actions that
 * enforce the same values.
 */
const config: FastifyPluginAsync = async (app) => {
  app.get('/config', async (_request, reply): Promise<TPublicConfig> => {
    reply.header('cache-control', `public, max-age=${PUBLIC_CONFIG_MAX_AGE_SECONDS}`);
    return {
      maxFileSizeMb: await uploadLimitMb(app.db, app.config.maxFileSizeMb),
      bulkTools: app.config.assessmentBulkTools,
      ...(app.config.oidc ? { singleSignOn: { label: app.config.oidc.buttonLabel } } : {}),
    };
  });
};
export default config;
