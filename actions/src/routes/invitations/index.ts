import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { getInvitationDetails } from '../../services/invitations/get-invitation-details.ts';

const ZBody = z.object({ token: z.string().trim().min(1).max(200) });

/**
 * POST /api/invitations/details `{token}`: what the public invite page (/Practice/Invite/:token) shows
 * before anyone signs in: whether the token can be used (VALID, EXPIRED, USED, INVALID), and
 * for a known token the practice's name, the invited address (the token holder got both in
 * the e-mail) and the name of whoever sent it. Unknown and revoked tokens say nothing more. Tokens are 256-bit random values,
 * so answering this cannot be used to find one. A POST, so the token stays out of URLs and
 * request logs (bodies are not logged, and `*.token` is redacted anyway).
 */
const invitations: FastifyPluginAsync = async (app) => {
  app.post('/details', async (request) => {
    const { token } = ZBody.parse(request.body);
    return getInvitationDetails(app.db, token);
  });
};
export default invitations;
