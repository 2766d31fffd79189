import { z } from 'zod';
import { certifySurveyAssessment as run } from '../../services/certificates/certify-survey-assessment.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `certifySurveyAssessment` (Issue certificate): the form is checked by the service with the domain's schema. */
export const certifySurveyAssessment = defineAction({
  name: 'certifySurveyAssessment',
  input: z.looseObject({ assessmentId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
