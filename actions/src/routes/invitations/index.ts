import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sql } from '../../db/sql.ts';
import {
  findInvitation,
  INVITATION_STATE_MESSAGES,
  invitationState,
} from '../../services/invitations/claim-invitation.ts';

const ZBody = z.object({ token: z.string().trim().min(1).max(200) });

/**
 * POST /api/invitations/details `{token}`: what the public invite page (/Practice/Invite/:token) shows
 * before anyone signs in: whether the token can be used (VALID, EXPIRED, USED, INVALID), and
 * for a known token the practice's name and the invited address (the token holder got both in
 * the e-mail). Unknown and revoked tokens say nothing more. Tokens are 256-bit random values,
 * so answering this cannot be used to find one. A POST, so the token stays out of URLs and
 * request logs (bodies are not logged, and `*.token` is redacted anyway).
 */
const invitations: FastifyPluginAsync = async (app) => {
  app.post('/details', async (request) => {
    const { token } = ZBody.parse(request.body);
    const invitation = await findInvitation(app.db, token);
    const state = invitationState(invitation);
    if (!invitation || state === 'INVALID') {
      return { state, message: INVITATION_STATE_MESSAGES.INVALID, practiceName: null, email: null };
    }
    const practice = await app.db.one<{ name: string }>(
      sql`select name from public.organisations where id = ${invitation.practice_id}`,
    );
    return {
      state,
      message: state === 'VALID' ? null : INVITATION_STATE_MESSAGES[state],
      practiceName: practice.name,
      email: invitation.email,
    };
  });
};
export default invitations;
