import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ZRowIdParam } from '../../lib/route-params.ts';
import { getEditionTransition, setEditionTransition } from '../../services/editions/transition-window.ts';
import { adminRouteHooks } from './admin-route-setup.ts';

const ZEditionParams = z.object({ id: ZRowIdParam });

/** A window's dates are two short days: anything longer is not one. */
const BODY_LIMIT = 1024;

/**
 * /api/admin/editions/:id/transition: the transition window from the current edition to this one
 * (docs/editions/README.md, "The transition window"). GET reads it, PUT `{opensOn, closesOn}`
 * opens it or moves its dates. A bearer token; the caller is re-read as an active provider admin
 * on every request.
 */
const transitionRoutes: FastifyPluginAsync = async (app) => {
  adminRouteHooks(app);
  app.get('/:id/transition', async (request) =>
    getEditionTransition(app, request.user.id, ZEditionParams.parse(request.params).id),
  );
  app.put('/:id/transition', { bodyLimit: BODY_LIMIT }, async (request) =>
    setEditionTransition(app, request.user.id, ZEditionParams.parse(request.params).id, request.body),
  );
};
export default transitionRoutes;
