import Fastify, { type FastifyInstance } from 'fastify';
import type { ActionHandler } from './actions/define-action.ts';
import type { AppConfig } from './config/load-config.ts';
import accounts from './plugins/app/accounts.ts';
import auth from './plugins/app/auth.ts';
import configPlugin from './plugins/app/config.ts';
import db from './plugins/app/db.ts';
import errorHandler from './plugins/app/error-handler.ts';
import housekeeping from './plugins/app/housekeeping.ts';
import outbox from './plugins/app/outbox.ts';
import requestGuard, { BODY_LIMIT_BYTES } from './plugins/app/request-guard.ts';
import scheduler from './plugins/app/scheduler.ts';
import singleSignOn from './plugins/app/single-sign-on.ts';
import storage from './plugins/app/storage.ts';
import cookie from './plugins/external/cookie.ts';
import jwt from './plugins/external/jwt.ts';
import multipart from './plugins/external/multipart.ts';
import postgres from './plugins/external/postgres.ts';
import rateLimit from './plugins/external/rate-limit.ts';
import actionRoutes from './routes/actions/index.ts';
import adminConsoleRoutes from './routes/admin-console/index.ts';
import adminJobRoutes from './routes/admin-jobs/index.ts';
import adminUserRoutes from './routes/admin-users/index.ts';
import assessmentRoutes from './routes/assessments/index.ts';
import auditRoutes from './routes/audit/index.ts';
import authRoutes from './routes/auth/index.ts';
import certificateRoutes from './routes/certificates/index.ts';
import configRoutes from './routes/config/index.ts';
import devRoutes from './routes/dev/index.ts';
import digestRoutes from './routes/digests/index.ts';
import documentRoutes from './routes/documents/index.ts';
import editionRoutes, { editionSchemaRoute } from './routes/editions/index.ts';
import { mappingRoutes, moveRoutes } from './routes/editions/mappings.ts';
import editionTransitionRoutes from './routes/editions/transitions.ts';
import healthRoutes from './routes/health/index.ts';
import invitationRoutes from './routes/invitations/index.ts';
import practiceRoutes from './routes/practices/index.ts';
import reportRoutes from './routes/reports/index.ts';
import staticRoutes from './routes/static/index.ts';
import surveyVisitRoutes from './routes/survey-visits/index.ts';
import userRoutes from './routes/user/index.ts';
import utilRoutes from './routes/utils/index.ts';
import type { ScheduledJob } from './services/scheduler/scheduled-job.ts';

/** Secrets and credentials never reach the logs, whatever logs a request or an error. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'req.headers["x-actions-secret"]',
  'req.headers["x-hasura-admin-secret"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
  '*.invitationToken',
];

/**
 * TRUST_PROXY as Fastify takes it. Fastify reads a bare hop count as "trust nobody", so a count
 * becomes a function trusting that many hops nearest the socket: only safe when the service
 * cannot be reached except through those proxies.
 */
function fastifyTrustProxy(trust: AppConfig['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * Builds the actions service: external plugins, then app plugins (typed decorators), then
 * the route folders under /api. Not listening; `main.ts` listens, tests use `app.inject`.
 */
export async function buildApp(
  config: AppConfig,
  options: {
    logStream?: { write(line: string): void };
    /** Handlers answered besides the production ones (test-only wiring such as `ping`). */
    extraActions?: readonly ActionHandler[];
    /** Scheduled jobs besides the production ones (test-only wiring). */
    extraJobs?: readonly ScheduledJob[];
    /** The clock of jobs added by hand (tests run a job "on" a fixed day). */
    clock?: () => Date;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // JSON bodies are small (BODY_LIMIT_BYTES); the avatar route raises its own limit.
    bodyLimit: BODY_LIMIT_BYTES,
  });

  await app.register(configPlugin, { config });
  await app.register(errorHandler);
  await app.register(requestGuard);

  await app.register(cookie);
  await app.register(jwt);
  await app.register(multipart);
  await app.register(postgres);
  // Its counters are in PostgreSQL.
  await app.register(rateLimit);

  await app.register(db);
  await app.register(storage);
  await app.register(outbox);
  await app.register(housekeeping);
  await app.register(auth);
  await app.register(accounts);
  await app.register(singleSignOn);
  await app.register(scheduler, { extraJobs: options.extraJobs, clock: options.clock });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(configRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(userRoutes, { prefix: '/api/user' });
  await app.register(utilRoutes, { prefix: '/api/utils' });
  await app.register(staticRoutes, { prefix: '/api/static' });
  await app.register(invitationRoutes, { prefix: '/api/invitations' });
  await app.register(practiceRoutes, { prefix: '/api/practices' });
  await app.register(assessmentRoutes, { prefix: '/api/assessments' });
  await app.register(surveyVisitRoutes, { prefix: '/api/survey-visits' });
  await app.register(documentRoutes, { prefix: '/api/documents' });
  await app.register(certificateRoutes, { prefix: '/api/certificates' });
  await app.register(digestRoutes, { prefix: '/api/digests' });
  await app.register(reportRoutes, { prefix: '/api/reports' });
  await app.register(auditRoutes, { prefix: '/api/audit' });
  await app.register(adminConsoleRoutes, { prefix: '/api/admin-console' });
  await app.register(adminUserRoutes, { prefix: '/api/admin/users' });
  await app.register(adminJobRoutes, { prefix: '/api/admin/jobs' });
  await app.register(editionRoutes, { prefix: '/api/admin/editions' });
  await app.register(mappingRoutes, { prefix: '/api/admin/editions/mappings' });
  await app.register(moveRoutes, { prefix: '/api/admin/editions/moves' });
  await app.register(editionTransitionRoutes, { prefix: '/api/admin/editions' });
  await app.register(editionSchemaRoute, { prefix: '/api/editions' });
  await app.register(actionRoutes, { prefix: '/api/actions', extraActions: options.extraActions ?? [] });
  if (config.devPages) await app.register(devRoutes, { prefix: '/api/dev' });

  return app;
}
