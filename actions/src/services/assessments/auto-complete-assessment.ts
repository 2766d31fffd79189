import { ASSESSMENT_MESSAGES, autoCompletedResponse } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import type { Caller } from '../practices/practice-access.ts';
import {
  createMissingResponses,
  loadChecklistItems,
  loadResponses,
  runBulkTool,
  touchAssessment,
} from './assessment-responses.ts';

/**
 * `autoCompleteAssessment(assessmentId)` (spec 001 §4 Auto complete, a bulk tool): every
 * indicator not yet answered becomes answered as `autoCompletedResponse` says (marked complete;
 * MET on a survey visit; its must-have items ticked), creating the missing responses first.
 * Needs the Auto complete button (special access or ASSESSMENT_BULK_TOOLS) and
 * `canChangeAssessmentInputs`. One transaction: all indicators or none ('Failed updating all
 * indicators').
 */
export async function autoCompleteAssessment(
  app: Pick<FastifyInstance, 'db' | 'config' | 'log'>,
  caller: Caller,
  input: { assessmentId: number },
) {
  return runBulkTool(app, caller, { ...input, button: 'autoComplete' }, async (tx, assessment) => {
    await createMissingResponses(tx, assessment);
    const items = await loadChecklistItems(tx, assessment);
    const changes = (await loadResponses(tx, assessment.id)).flatMap((response) => {
      const done = autoCompletedResponse(assessment.type, response, items.get(response.indicator_id) ?? []);
      return done
        ? [
            {
              id: response.id,
              compliance: done.compliance,
              is_marked_complete: done.is_marked_complete,
              checklists: done.checklists,
            },
          ]
        : [];
    });
    if (changes.length > 0) {
      await tx.many(sql`
          update public.indicator_responses r
             set compliance = v.compliance, is_marked_complete = v.is_marked_complete,
                 checklists = v.checklists, last_updated_by_id = ${caller.userId}
            from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb)
                   as v(id integer, compliance text, is_marked_complete boolean, checklists jsonb)
           where r.id = v.id`);
      await touchAssessment(tx, assessment.id, caller.actor);
    }
    return {
      id: assessment.id,
      status: assessment.status,
      updated: changes.length,
      message: ASSESSMENT_MESSAGES.bulkDone,
    };
  });
}
