import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ZRowIdParam } from '../../lib/route-params.ts';
import { sendAttachment } from '../../lib/send-attachment.ts';
import { callerOfUser } from '../../services/practices/practice-access.ts';
import { getSurveyConfirmationForm } from '../../services/survey-visits/survey-confirmation-form.ts';

const ZVisitParams = z.object({ id: ZRowIdParam });

/**
 * /api/survey-visits/*: survey visit downloads. Every route needs a signed-in user (bearer token).
 *
 * GET /api/survey-visits/:id/confirmation (spec 001 §7 GET web.surveyvisit/{id}/generate_confirmation_pdf/):
 * the visit's survey confirmation form as a PDF attachment, for whoever may read the visit, once
 * the form was sent.
 */
const surveyVisits: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/:id/confirmation', async (request, reply) => {
    const { id } = ZVisitParams.parse(request.params);
    const form = await getSurveyConfirmationForm(app.db, callerOfUser(request.user), {
      visitId: id,
      appOrigin: app.config.appOrigin,
    });
    return sendAttachment(reply, { contentType: 'application/pdf', fileName: form.fileName, body: form.pdf });
  });
};
export default surveyVisits;
