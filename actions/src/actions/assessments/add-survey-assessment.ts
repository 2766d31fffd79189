import { VISIT_TYPES } from '@portal/domain';
import { z } from 'zod';
import { addSurveyAssessment as run } from '../../services/assessments/add-survey-assessment.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `addSurveyAssessment(practiceId, surveyVisitId, visitDate?, visitType?, copyTicks?)` (Add assessment): see the service. */
export const addSurveyAssessment = defineAction({
  name: 'addSurveyAssessment',
  input: z.object({
    practiceId: z.number().int().positive(),
    surveyVisitId: z.number().int().positive(),
    visitDate: z.iso.date().nullish(),
    visitType: z
      .enum(VISIT_TYPES)
      .nullish()
      .transform((v) => v ?? 'ACCREDITATION'),
    copyTicks: z
      .boolean()
      .nullish()
      .transform((v) => v ?? true),
  }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
