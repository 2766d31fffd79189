import { z } from 'zod';
import { ASSISTANCE_REQUEST_MAX_LENGTH } from '../constants/assessments.ts';
import { ASSESSMENT_MESSAGES } from './assessment-messages.ts';

/** The Request Assistance form (spec 002 §1): the practice's question, required, at most ASSISTANCE_REQUEST_MAX_LENGTH. */
export const ZAssistanceRequestSchema = z.object({
  message: z
    .string({ error: ASSESSMENT_MESSAGES.assistanceEmpty })
    .trim()
    .min(1, ASSESSMENT_MESSAGES.assistanceEmpty)
    .max(ASSISTANCE_REQUEST_MAX_LENGTH, ASSESSMENT_MESSAGES.assistanceTooLong),
});
export type TAssistanceRequest = z.infer<typeof ZAssistanceRequestSchema>;

// The Assessment route lives with the app's other paths; named here too for the modules that
// import it from this file.
