import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ZRowIdParam } from '../../lib/route-params.ts';
import { sendAttachment } from '../../lib/send-attachment.ts';
import { getActionPlanReport } from '../../services/assessments/get-action-plan-report.ts';
import { getAssessmentReport } from '../../services/assessments/get-assessment-report.ts';
import { callerOfUser } from '../../services/practices/practice-access.ts';

const ZAssessmentParams = z.object({ id: ZRowIdParam });

/**
 * /api/assessments/*: assessment downloads. Every route needs a signed-in user (bearer token).
 *
 * GET /api/assessments/:id/report (spec 001 §7 GET web.assessment/{id}/generate_assessment_report/):
 * the assessment report as a PDF attachment, for whoever may read the assessment's responses and
 * sees its Report button.
 *
 * GET /api/assessments/:id/action-plan-report (spec 001 §7 GET
 * web.assessment/{id}/generate_action_plan_report/): a survey visit's action plan report as a PDF
 * attachment, for whoever sees its 'Action plan' button and may read its findings.
 */
const assessments: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  /** One PDF download: the id from the path, the service with the caller, the file as an attachment. */
  const pdf = (path: string, make: typeof getAssessmentReport | typeof getActionPlanReport) =>
    app.get(path, async (request, reply) => {
      const { id } = ZAssessmentParams.parse(request.params);
      const report = await make(app.db, callerOfUser(request.user), { assessmentId: id });
      return sendAttachment(reply, {
        contentType: 'application/pdf',
        fileName: report.fileName,
        body: report.pdf,
      });
    });

  pdf('/:id/report', getAssessmentReport);
  pdf('/:id/action-plan-report', getActionPlanReport);
};
export default assessments;
