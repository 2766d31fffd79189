import { TO_PLAN, VISIT_STATUSES } from '@portal/domain';
import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { listSurveyPlanning } from '../../services/survey-planning/list-survey-planning.ts';
import { defineAction } from '../define-action.ts';

/** `surveyPlanning(state, qamId, dueMonth, status)`: the planning list (see the service). */
export const surveyPlanning = defineAction({
  name: 'surveyPlanning',
  input: z.object({
    state: z
      .string()
      .regex(/^[A-Z]{2,3}$/)
      .nullish(),
    qamId: z.number().int().positive().nullish(),
    dueMonth: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .nullish(),
    status: z.enum([...VISIT_STATUSES, TO_PLAN]).nullish(),
  }),
  handle: ({ app, session, input }) => listSurveyPlanning(app.db, callerOf(session), input),
});
