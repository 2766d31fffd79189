import {
  ASSESSMENT_MESSAGES,
  ASSESSMENT_REOPEN,
  ASSESSMENT_STATUSES,
  assessmentButtons,
  canChangeAssessmentInputs,
  derivePermissionFlags,
  STATUSES_OF_TYPE,
} from '@portal/domain';
import {
  type CastMember,
  createAccreditation,
  createAssessmentCast,
  createResponse,
  createStandards,
  createSubmission,
  createSurveyVisit,
} from '@portal/testkit/assessment-factories';
import {
  AUTO_CLEAR,
  AUTO_COMPLETE,
  assessmentState,
  callAs,
  REOPEN,
  refusal,
  SUBMIT,
} from '@portal/testkit/assessment-test-kit';
import { createAssessment } from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Reopen, Auto complete and Auto clear with the ASSESSMENT_BULK_TOOLS switch on (spec 001 §4 'a
// build flag'), so the buttons are everyone's and the other rules decide. Without the switch
// only special access has them: see self-assessment-actions.test.ts.

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated', env: { ASSESSMENT_BULK_TOOLS: 'true' } });
}, 60_000);
afterAll(() => stack?.close());

const NOT_FOUND = { code: 'not_found', message: ASSESSMENT_MESSAGES.noSuchAssessment };
const NOT_ALLOWED = { code: 'invalid_transition', message: ASSESSMENT_MESSAGES.notAllowed };

/**
 * A cast with a self assessment (or, with `survey`, a survey visit on which the cast's surveyor
 * is an accepted visitor) in `status`, on standards of three indicators: the first with two
 * questions (must-haves 1.1 and 2.2), the others with one question [must-have, optional].
 */
async function world(status = 'IN_PROGRESS', options: { survey?: boolean } = {}) {
  const cast = await createAssessmentCast(stack.sql);
  const standards = await createStandards(stack.sql, {
    indicators: [
      {
        questions: [
          [true, false],
          [false, true],
        ],
      },
      {},
      {},
    ],
  });
  const accreditationId = await createAccreditation(stack.sql, cast.practice.id, {
    surveyVersionId: standards.surveyVersionId,
  });
  const visitId = options.survey
    ? await createSurveyVisit(stack.sql, accreditationId, [{ userId: cast.surveyor.id }])
    : null;
  const { id: assessmentId } = await createAssessment(stack.sql, accreditationId, {
    status,
    type: options.survey ? 'SURVEY_VISIT' : 'PRESURVEY',
    survey_visit_id: visitId,
  });
  return { ...cast, standards, accreditationId, visitId, assessmentId };
}

/** The user signs the assessment's confidentiality agreement (as signConfidentialityAgreement does). */
const sign = (assessmentId: number, userId: number) =>
  stack.sql.query('insert into confidentiality_signs (assessment_id, user_id) values ($1, $2)', [
    assessmentId,
    userId,
  ]);

const responsesOf = async (assessmentId: number) =>
  (
    await stack.sql.query(
      `select indicator_id, compliance, is_marked_complete, checklists, observation, last_updated_by_id
         from indicator_responses where assessment_id = $1 order by indicator_id`,
      [assessmentId],
    )
  ).rows;

/**
 * Makes the update of one response fail inside the database, as a fault would part-way through a
 * bulk tool (after its earlier statements, such as creating the missing responses, succeeded).
 */
async function failingOn(responseIndicatorId: number, work: () => Promise<void>) {
  await stack.sql.query(`
    create or replace function pg_temp_fail_bulk() returns trigger language plpgsql as $$
    begin
      if new.indicator_id = ${Number(responseIndicatorId)} then raise exception 'fault injected by the test'; end if;
      return new;
    end $$`);
  await stack.sql.query(
    'create trigger zz_fail_bulk before update on indicator_responses for each row execute function pg_temp_fail_bulk()',
  );
  try {
    await work();
  } finally {
    await stack.sql.query('drop trigger zz_fail_bulk on indicator_responses');
    await stack.sql.query('drop function pg_temp_fail_bulk()');
  }
}

describe('reopenAssessment', () => {
  it('takes a completed self assessment back to in progress, withdrawing (not deleting) its submission', async () => {
    const w = await world('COMPLETED');
    const submission = await createSubmission(stack.sql, w.assessmentId, w.pm.id);
    const result = await callAs(stack, w.qam, REOPEN, { a: w.assessmentId });
    expect(result.data).toEqual({
      reopenAssessment: { id: w.assessmentId, status: 'IN_PROGRESS', message: ASSESSMENT_MESSAGES.reopened },
    });
    const after = await assessmentState(stack, w.assessmentId);
    expect(after.assessment[0]).toMatchObject({ status: 'IN_PROGRESS', last_updated_by_id: w.qam.id });
    expect(after.submissions).toEqual([
      { id: submission, user_id: w.pm.id, withdrawn_at: expect.any(Date), withdrawn_by_id: w.qam.id },
    ]);

    // It can be submitted again: the withdrawn submission no longer counts.
    const again = await callAs(stack, w.pm, SUBMIT, { a: w.assessmentId });
    expect(again.data).toMatchObject({ submitSelfAssessment: { status: 'UNDER_REVIEW' } });
    const { submissions } = await assessmentState(stack, w.assessmentId);
    expect(submissions.map((s) => [s.user_id, s.withdrawn_at === null])).toEqual([
      [w.pm.id, false],
      [w.pm.id, true],
    ]);
  });

  it("gives a survey visit's visitors their inputs back once their submissions are withdrawn", async () => {
    const w = await world('UNDER_REVIEW', { survey: true });
    const response = await createResponse(stack.sql, w.assessmentId, w.standards.indicatorIds[0]!);
    // They signed the confidentiality agreement before submitting (submitSurveyAssessment needs it).
    await stack.sql.query('insert into confidentiality_signs (assessment_id, user_id) values ($1, $2)', [
      w.assessmentId,
      w.surveyor.id,
    ]);
    await createSubmission(stack.sql, w.assessmentId, w.surveyor.id);
    expect((await callAs(stack, w.admin, REOPEN, { a: w.assessmentId })).errors).toBeUndefined();
    const update = await callAs<{ update_indicator_responses: { affected_rows: number } }>(
      stack,
      w.surveyor,
      `mutation ($id: Int!) { update_indicator_responses(where: {id: {_eq: $id}}, _set: {observation: "again"}) { affected_rows } }`,
      { id: response },
    );
    expect(update.data?.update_indicator_responses.affected_rows).toBe(1);
  });

  it('refuses the statuses it cannot start from, per ASSESSMENT_REOPEN, changing nothing', async () => {
    const outcomes: string[] = [];
    for (const type of ['PRESURVEY', 'SURVEY_VISIT'] as const) {
      for (const status of ASSESSMENT_STATUSES.filter(
        (s) =>
          STATUSES_OF_TYPE[type].includes(s) && !(ASSESSMENT_REOPEN.from as readonly string[]).includes(s),
      )) {
        const w = await world(status, { survey: type === 'SURVEY_VISIT' });
        const before = await assessmentState(stack, w.assessmentId);
        expect([type, status, refusal(await callAs(stack, w.admin, REOPEN, { a: w.assessmentId }))]).toEqual([
          type,
          status,
          { code: 'invalid_transition', message: ASSESSMENT_MESSAGES.notReopenable },
        ]);
        expect(await assessmentState(stack, w.assessmentId)).toEqual(before);
        outcomes.push(`${type} ${status}`);
      }
    }
    expect(outcomes).toEqual(['PRESURVEY IN_PROGRESS', 'SURVEY_VISIT IN_PROGRESS']);
  });

  it('follows the Reopen button for everyone on the practice, and answers others not_found', async () => {
    const w = await world('UNDER_REVIEW');
    const members = { pm: w.pm, surveyor: w.surveyor, qam: w.qam, admin: w.admin };
    for (const [name, who] of Object.entries(members)) {
      await stack.sql.query(`update assessments set status = 'UNDER_REVIEW' where id = $1`, [w.assessmentId]);
      const { reopen } = assessmentButtons({
        type: 'PRESURVEY',
        status: 'UNDER_REVIEW',
        flags: derivePermissionFlags({
          practiceRoles: name === 'pm' ? ['PM'] : name === 'surveyor' ? ['SU'] : [],
          backOfficeRole: who.role === 'user' ? null : who.role,
          visitorOnSurveyVisitIds: [],
        }),
        hasSubmitted: false,
        isSurveyVisitor: false,
        bulkToolsEnabled: true,
      });
      const result = await callAs(stack, who, REOPEN, { a: w.assessmentId });
      expect([name, reopen, refusal(result)]).toEqual([name, true, undefined]);
    }
    expect(refusal(await callAs(stack, w.stranger, REOPEN, { a: w.assessmentId }))).toEqual(NOT_FOUND);
  });
});

describe('autoCompleteAssessment', () => {
  it('marks every unanswered self assessment indicator complete (no compliance), must-haves ticked', async () => {
    const w = await world();
    const [first, second, third] = w.standards.indicatorIds as [number, number, number];
    await createResponse(stack.sql, w.assessmentId, first, {
      checklists: { 1: { 2: true } },
      observation: 'note',
    });
    await createResponse(stack.sql, w.assessmentId, second, { compliance: 'NOT_APPLICABLE' });
    // The third has no response yet: it is created.
    const result = await callAs(stack, w.pm, AUTO_COMPLETE, { a: w.assessmentId });
    expect(result.data).toEqual({
      autoCompleteAssessment: {
        id: w.assessmentId,
        status: 'IN_PROGRESS',
        updated: 2,
        message: ASSESSMENT_MESSAGES.bulkDone,
      },
    });
    expect(await responsesOf(w.assessmentId)).toEqual([
      {
        indicator_id: first,
        compliance: null,
        is_marked_complete: true,
        checklists: { 1: { 1: true, 2: true }, 2: { 2: true } },
        observation: 'note',
        last_updated_by_id: w.pm.id,
      },
      {
        indicator_id: second,
        compliance: 'NOT_APPLICABLE',
        is_marked_complete: false,
        checklists: {},
        observation: null,
        last_updated_by_id: null,
      },
      {
        indicator_id: third,
        compliance: null,
        is_marked_complete: true,
        checklists: { 1: { 1: true } },
        observation: null,
        last_updated_by_id: w.pm.id,
      },
    ]);
    const counts = await stack.sql.query(
      'select total, complete from assessment_counts where assessment_id = $1',
      [w.assessmentId],
    );
    expect(counts.rows).toEqual([{ total: 3, complete: 3 }]);
    expect((await assessmentState(stack, w.assessmentId)).assessment[0]?.last_updated_by_id).toBe(w.pm.id);
  });

  it('sets every unanswered survey indicator MET and marked complete; a NOT_MET one stays', async () => {
    const w = await world('IN_PROGRESS', { survey: true });
    const [first, second, third] = w.standards.indicatorIds as [number, number, number];
    await createResponse(stack.sql, w.assessmentId, first, {
      compliance: 'NOT_MET',
      non_compliance_statement: 'No policy',
    });
    await createResponse(stack.sql, w.assessmentId, second, { checklists: { 1: { 1: false } } });
    await sign(w.assessmentId, w.surveyor.id);
    const result = await callAs(stack, w.surveyor, AUTO_COMPLETE, { a: w.assessmentId });
    expect(result.data).toMatchObject({ autoCompleteAssessment: { updated: 2 } });
    const rows = await responsesOf(w.assessmentId);
    expect(rows.map((r) => [r.indicator_id, r.compliance, r.is_marked_complete, r.checklists])).toEqual([
      [first, 'NOT_MET', false, {}],
      [second, 'MET', true, { 1: { 1: true } }],
      [third, 'MET', true, { 1: { 1: true } }],
    ]);
  });

  it('spec 001 §4: on an IN_PROGRESS survey, needs the caller to have signed the confidentiality agreement, changing nothing', async () => {
    const w = await world('IN_PROGRESS', { survey: true });
    await createResponse(stack.sql, w.assessmentId, w.standards.indicatorIds[0]!, { observation: 'x' });
    for (const who of [w.surveyor, w.qam]) {
      const before = await assessmentState(stack, w.assessmentId);
      for (const query of [AUTO_COMPLETE, AUTO_CLEAR])
        expect(refusal(await callAs(stack, who, query, { a: w.assessmentId }))).toEqual({
          code: 'forbidden',
          message: ASSESSMENT_MESSAGES.agreementFirst,
        });
      expect(await assessmentState(stack, w.assessmentId)).toEqual(before);
    }
    await sign(w.assessmentId, w.qam.id);
    expect((await callAs(stack, w.qam, AUTO_CLEAR, { a: w.assessmentId })).errors).toBeUndefined();
  });

  it('needs the right to change the answers, per canChangeAssessmentInputs, changing nothing', async () => {
    // A practice manager may not change a self assessment under review or completed, nor a
    // surveyor of the practice one in progress; nobody changes an approved or certified survey's
    // findings (the back office included).
    const cases = [
      { status: 'UNDER_REVIEW', survey: false, who: 'pm' },
      { status: 'COMPLETED', survey: false, who: 'pm' },
      { status: 'IN_PROGRESS', survey: false, who: 'surveyor' },
      { status: 'APPROVED', survey: true, who: 'qam' },
      { status: 'CERTIFIED', survey: true, who: 'admin' },
    ] as const;
    for (const c of cases) {
      const w = await world(c.status, { survey: c.survey });
      const who: CastMember = w[c.who];
      await createResponse(stack.sql, w.assessmentId, w.standards.indicatorIds[0]!, { observation: 'x' });
      const access = {
        practiceRoles: c.who === 'pm' ? (['PM'] as const) : c.who === 'surveyor' ? (['SU'] as const) : [],
        backOfficeRole: who.role === 'user' ? null : who.role,
        visitorOnSurveyVisitIds: [],
      };
      const allowed = canChangeAssessmentInputs({
        type: c.survey ? 'SURVEY_VISIT' : 'PRESURVEY',
        status: c.status,
        flags: derivePermissionFlags(access, { surveyVisitId: w.visitId }),
        hasSubmitted: false,
      });
      expect([c, allowed]).toEqual([c, false]);
      const before = await assessmentState(stack, w.assessmentId);
      for (const query of [AUTO_COMPLETE, AUTO_CLEAR]) {
        expect([c, refusal(await callAs(stack, who, query, { a: w.assessmentId }))]).toEqual([
          c,
          NOT_ALLOWED,
        ]);
      }
      expect(await assessmentState(stack, w.assessmentId)).toEqual(before);
    }
  });

  it('is all or nothing: a fault on the last indicator leaves every response (and the missing ones) as they were', async () => {
    const w = await world();
    const [first, second, third] = w.standards.indicatorIds as [number, number, number];
    await createResponse(stack.sql, w.assessmentId, first);
    await createResponse(stack.sql, w.assessmentId, third);
    const before = await assessmentState(stack, w.assessmentId);
    await failingOn(third, async () => {
      const result = await callAs(stack, w.pm, AUTO_COMPLETE, { a: w.assessmentId });
      expect(refusal(result)).toEqual({
        code: 'operation_failed',
        message: ASSESSMENT_MESSAGES.bulkUpdateFailed,
      });
    });
    // Not even the response of the second indicator, created by an earlier statement, was kept.
    expect(await assessmentState(stack, w.assessmentId)).toEqual(before);
    expect(before.responses.map((r) => r.indicator_id)).not.toContain(second);
    // Without the fault, the same call goes through.
    expect((await callAs(stack, w.pm, AUTO_COMPLETE, { a: w.assessmentId })).data).toMatchObject({
      autoCompleteAssessment: { updated: 3 },
    });
  });
});

describe('autoClearAssessment', () => {
  it('blanks every response, including closed non-conformities; the audit log keeps the old values', async () => {
    const w = await world('IN_PROGRESS', { survey: true });
    const [first, second, third] = w.standards.indicatorIds as [number, number, number];
    const answered = await createResponse(stack.sql, w.assessmentId, first, {
      compliance: 'NOT_MET',
      non_compliance_statement: 'No policy',
      non_compliance_type: 'Policy',
      risk_type: 'Clinical',
      risk_likelihood: 'HIGH',
      risk_impact: 'HIGH',
      risk_rating: 'CRITICAL',
      non_conformity_status: 'CLOSED',
      date_closed: '2026-01-31',
      refer_to_ca: true,
      reviewed: true,
      further_action_required: true,
      observation: 'Improve',
      checklists: { 1: { 1: true } },
    });
    await createResponse(stack.sql, w.assessmentId, second, { compliance: 'MET', is_marked_complete: true });
    await createResponse(stack.sql, w.assessmentId, third);
    await sign(w.assessmentId, w.qam.id);
    const result = await callAs(stack, w.qam, AUTO_CLEAR, { a: w.assessmentId });
    expect(result.data).toEqual({
      autoClearAssessment: {
        id: w.assessmentId,
        status: 'IN_PROGRESS',
        updated: 2,
        message: ASSESSMENT_MESSAGES.bulkDone,
      },
    });
    const { rows } = await stack.sql.query(
      `select compliance, is_marked_complete, further_action_required, reviewed, non_conformity_status, refer_to_ca,
              date_closed, non_compliance_statement, non_compliance_type, risk_type, risk_likelihood, risk_impact,
              risk_rating, observation, checklists, nc_status_created_by_id
         from indicator_responses where assessment_id = $1`,
      [w.assessmentId],
    );
    const blank = {
      compliance: null,
      is_marked_complete: false,
      further_action_required: false,
      reviewed: false,
      non_conformity_status: 'OPEN',
      refer_to_ca: false,
      date_closed: null,
      non_compliance_statement: null,
      non_compliance_type: null,
      risk_type: null,
      risk_likelihood: null,
      risk_impact: null,
      risk_rating: null,
      observation: null,
      checklists: {},
      nc_status_created_by_id: null,
    };
    expect(rows).toEqual([blank, blank, blank]);
    const audit = await stack.sql.query(
      `select old_data ->> 'non_compliance_statement' as statement, changed_by_id from audit_log
        where table_name = 'indicator_responses' and row_id = $1 and operation = 'UPDATE'`,
      [String(answered)],
    );
    expect(audit.rows).toEqual([{ statement: 'No policy', changed_by_id: w.qam.id }]);
  });

  it('is all or nothing: a fault on one response leaves them all as they were', async () => {
    const w = await world();
    for (const indicatorId of w.standards.indicatorIds) {
      await createResponse(stack.sql, w.assessmentId, indicatorId, {
        is_marked_complete: true,
        observation: 'kept',
      });
    }
    const before = await assessmentState(stack, w.assessmentId);
    await failingOn(w.standards.indicatorIds[1]!, async () => {
      expect(refusal(await callAs(stack, w.pm, AUTO_CLEAR, { a: w.assessmentId }))).toEqual({
        code: 'operation_failed',
        message: ASSESSMENT_MESSAGES.bulkUpdateFailed,
      });
    });
    expect(await assessmentState(stack, w.assessmentId)).toEqual(before);
  });

  it("answers another practice's assessment like a missing one", async () => {
    const w = await world();
    for (const query of [AUTO_CLEAR, AUTO_COMPLETE]) {
      expect(refusal(await callAs(stack, w.stranger, query, { a: w.assessmentId }))).toEqual(NOT_FOUND);
      expect(refusal(await callAs(stack, w.stranger, query, { a: 2_000_000_000 }))).toEqual(NOT_FOUND);
    }
  });
});
