import type { CastMember } from './assessment-factories.ts';
import type { GraphQLResult, TestStack } from './test-stack.ts';

/**
 * What the assessment action tests share: calling as a member of the cast, the operations, and
 * snapshots of the rows an action may change, to prove a refused call changed nothing.
 */

export const START = `mutation ($p: Int!) { startSelfAssessment(practiceId: $p) { accreditationId assessmentId } }`;
export const OPEN = `mutation ($a: Int!) { openAssessment(assessmentId: $a) { id releasedLocks createdResponses } }`;
export const SUBMIT = `mutation ($a: Int!) { submitSelfAssessment(assessmentId: $a) { id status message } }`;
export const COMPLETE = `mutation ($a: Int!) { completeSelfAssessment(assessmentId: $a) { id status message } }`;
export const REOPEN = `mutation ($a: Int!) { reopenAssessment(assessmentId: $a, reason: "Reopened by the test") { id status message } }`;
export const REOPEN_BECAUSE = `mutation ($a: Int!, $r: String!) { reopenAssessment(assessmentId: $a, reason: $r) { id status message } }`;
export const REOPEN_FROM = `mutation ($a: Int!, $r: String!, $s: String) { reopenAssessment(assessmentId: $a, reason: $r, fromStatus: $s) { id status message } }`;
export const APPROVE = `mutation ($a: Int!) { approveSurveyAssessment(assessmentId: $a) { id status message repeatAssessmentRequired } }`;
export const NOTIFY_REVIEWED = `mutation ($a: Int!) { sendNcReviewedEmail(assessmentId: $a) { detail sentTo sentAt } }`;
export const AUTO_COMPLETE = `mutation ($a: Int!) { autoCompleteAssessment(assessmentId: $a) { id status updated message } }`;
export const AUTO_CLEAR = `mutation ($a: Int!) { autoClearAssessment(assessmentId: $a) { id status updated message } }`;
export const ASSIST = `mutation ($a: Int!, $m: String!) { requestAssistance(assessmentId: $a, message: $m) { message } }`;

/** Calls the engine as the member (signed in with their own password, with their role). */
export async function callAs<T = Record<string, unknown>>(
  stack: TestStack,
  who: CastMember,
  query: string,
  variables: Record<string, unknown>,
): Promise<GraphQLResult<T>> {
  await stack.tokenFor(who.email, who.password);
  return stack.gql<T>({ email: who.email, role: who.role }, query, variables);
}

/** The refusal of a call: its code and message (undefined when it succeeded). */
export function refusal(result: GraphQLResult) {
  const error = result.errors?.[0];
  return error ? { code: error.extensions?.code, message: error.message } : undefined;
}

/** Everything an assessment action may change about one assessment, for before/after comparisons. */
export async function assessmentState(stack: TestStack, assessmentId: number) {
  const q = async (text: string) => (await stack.sql.query(text, [assessmentId])).rows;
  return {
    assessment: await q(
      'select status, last_updated_by_id, updated_at, accreditation_id, repeat_assessment_required from assessments where id = $1',
    ),
    accreditation: await q(
      `select acc.is_first_view from accreditations acc join assessments a on a.accreditation_id = acc.id
        where a.id = $1`,
    ),
    submissions: await q(
      'select id, user_id, withdrawn_at, withdrawn_by_id from assessment_submissions where assessment_id = $1 order by id',
    ),
    responses: await q('select * from indicator_responses where assessment_id = $1 order by id'),
    statusChanges: await q('select * from assessment_status_changes where assessment_id = $1 order by id'),
    reviewHistory: await q('select * from review_history where assessment_id = $1 order by id'),
    locks: await q('select id, user_id from indicator_locks where assessment_id = $1 order by id'),
    outbox: (await stack.sql.query('select count(*)::int as n from email_outbox')).rows,
  };
}
