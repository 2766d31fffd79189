import { z } from 'zod';
import { callerOf, requirePracticeFlag } from '../../services/practices/practice-access.ts';
import {
  parsePracticeForm,
  updatePracticeDetails,
  withPracticeFormErrors,
} from '../../services/practices/practice-details-writes.ts';
import { defineAction } from '../define-action.ts';

/**
 * `savePracticeDetails(practiceId, details)` (/Practice/Details/:id): the practice form saved
 * over the practice, its organisation and its physical address in one transaction, creating the
 * address when the practice has none. Checked with the form's schema; needs
 * practice.changePractice (the practice's manager, QAM, admin).
 */
export const savePracticeDetails = defineAction({
  name: 'savePracticeDetails',
  input: z.object({ practiceId: z.number().int().positive(), details: z.unknown() }),
  async handle({ app, session, input }) {
    const caller = callerOf(session);
    await requirePracticeFlag(app.db, caller, input.practiceId, (f) => f.practice.changePractice);
    const values = parsePracticeForm(input.details);
    const addressId = await app.db.transaction(
      (tx) => withPracticeFormErrors(() => updatePracticeDetails(tx, input.practiceId, values)),
      caller.actor,
    );
    return { id: input.practiceId, addressId };
  },
});
