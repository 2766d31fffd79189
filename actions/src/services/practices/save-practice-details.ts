import type { FastifyInstance } from 'fastify';
import { type Caller, requirePracticeFlag } from './practice-access.ts';
import {
  parsePracticeForm,
  updatePracticeDetails,
  withPracticeFormErrors,
} from './practice-details-writes.ts';

/**
 * `savePracticeDetails(practiceId, details)` (/Practice/Details/:id): the practice form saved
 * over the practice, its organisation and its physical address in one transaction, creating the
 * address when the practice has none. Checked with the form's schema; needs
 * practice.changePractice (the practice's manager, QAM, admin).
 */
export async function savePracticeDetails(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: { practiceId: number; details: unknown },
) {
  await requirePracticeFlag(app.db, caller, input.practiceId, (f) => f.practice.changePractice);
  const values = parsePracticeForm(input.details);
  const addressId = await app.db.transaction(
    (tx) => withPracticeFormErrors(() => updatePracticeDetails(tx, input.practiceId, values)),
    caller.actor,
  );
  return { id: input.practiceId, addressId };
}
