import { z } from 'zod';
import { signConfidentialityAgreement as run } from '../../services/assessments/sign-confidentiality-agreement.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `signConfidentialityAgreement(assessmentId)` (web.assessment/{id}/sign/): see the service. */
export const signConfidentialityAgreement = defineAction({
  name: 'signConfidentialityAgreement',
  input: z.object({ assessmentId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
