import { AUDIT_MAX_OFFSET, AUDIT_SUBJECTS } from '@portal/domain';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { readAuditHistory } from '../../services/audit/read-audit-history.ts';
import { callerOfUser } from '../../services/practices/practice-access.ts';

const ZHistoryParams = z.object({
  subject: z.enum(AUDIT_SUBJECTS),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
const ZHistoryQuery = z.object({
  offset: z.coerce.number().int().min(0).max(AUDIT_MAX_OFFSET).default(0),
});

/**
 * /api/audit/*: the history panels (docs/decisions/audit-trail.md). A signed-in user (bearer token)
 * of the back office.
 *
 * GET /api/audit/:subject/:id?offset=n — one page (`TAuditPage`) of the history of a practice,
 * staff member, assessment or indicator response, newest first.
 */
const audit: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/:subject/:id', async (request, reply) => {
    const { subject, id } = ZHistoryParams.parse(request.params);
    const { offset } = ZHistoryQuery.parse(request.query);
    const page = await readAuditHistory(app.db, callerOfUser(request.user), { subject, id, offset });
    return reply.header('cache-control', 'no-store').send(page);
  });
};
export default audit;
