import { ASSESSMENT_MESSAGES, BLANK_RESPONSE, isBlankResponse } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import type { Caller } from '../practices/practice-access.ts';
import { loadResponses, RESPONSE_FIELDS, runBulkTool, touchAssessment } from './assessment-responses.ts';

/** `set` of every field of a response back to BLANK_RESPONSE, with the stamps a blank one has. */
const BLANK_SET = sql.join([
  ...RESPONSE_FIELDS.map((field) => sql`${sql.ident(field)} = ${BLANK_RESPONSE[field]}`),
  sql`date_closed = null`,
  sql`nc_status_created_by_id = null`,
]);

/**
 * `autoClearAssessment(assessmentId)` (spec 001 §4 Auto clear, a bulk tool): every response that
 * is not blank becomes BLANK_RESPONSE (the audit log keeps the old values). Needs the Auto clear
 * button (special access or ASSESSMENT_BULK_TOOLS) and `canChangeAssessmentInputs`. One
 * transaction: all indicators or none ('Failed updating all indicators').
 */
export async function autoClearAssessment(
  app: Pick<FastifyInstance, 'db' | 'config' | 'log'>,
  caller: Caller,
  input: { assessmentId: number },
) {
  return runBulkTool(app, caller, { ...input, button: 'autoClear' }, async (tx, assessment) => {
    const ids = (await loadResponses(tx, assessment.id)).filter((r) => !isBlankResponse(r)).map((r) => r.id);
    if (ids.length > 0) {
      await tx.many(sql`
          update public.indicator_responses
             set ${BLANK_SET}, last_updated_by_id = ${caller.userId}
           where id = any(${ids}::integer[])`);
      await touchAssessment(tx, assessment.id, caller.actor);
    }
    return {
      id: assessment.id,
      status: assessment.status,
      updated: ids.length,
      message: ASSESSMENT_MESSAGES.bulkDone,
    };
  });
}
