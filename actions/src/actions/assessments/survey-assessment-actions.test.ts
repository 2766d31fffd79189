import {
  AGREEMENT_VERSION,
  ASSESSMENT_MESSAGES,
  SURVEY_SUBMIT_MESSAGES,
  surveySubmitProblemFields,
  surveySubmitProblems,
  type TIndicatorResponseFields,
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
import { callAs, refusal } from '@portal/testkit/assessment-test-kit';
import { addPracticeRole, createAssessment, createUser } from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE } from '../../plugins/app/request-guard.ts';

// The survey visit assessment's actions end to end, against the real engine and database: every
// test makes its own practice, surveyors, standards, visit and assessment. Each refusal is shown to
// change nothing by comparing everything the actions may write before and after.

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
}, 60_000);
afterAll(() => stack?.close());

const ADD = `mutation ($p: Int!, $v: Int!, $d: String, $t: String, $c: Boolean) {
  addSurveyAssessment(practiceId: $p, surveyVisitId: $v, visitDate: $d, visitType: $t, copyTicks: $c) {
    id surveyVisitId status createdResponses copiedFromAssessmentId copiedTicks message } }`;
const SIGN = `mutation ($a: Int!) { signConfidentialityAgreement(assessmentId: $a) { id agreementVersion signedAt message } }`;
const SUBMIT = `mutation ($a: Int!, $s: String!, $e: String!, $b: String!, $f: String!, $c: Boolean!) {
  submitSurveyAssessment(assessmentId: $a, actualStartTime: $s, actualEndTime: $e, hoursWorkedBeforeVisit: $b,
    hoursWorkedAfterVisit: $f, hoursWorkedConfirmed: $c) { id status message } }`;
const FORM = { s: '08:30', e: '16:45', b: '3.5', f: '2', c: true };

const NOT_FOUND = { code: 'not_found', message: ASSESSMENT_MESSAGES.noSuchAssessment };

/**
 * A practice with its cast, two more surveyors of the practice (SU) who ACCEPTED the visit (the
 * cast's own surveyor was only OFFERED it), standards of 2 sets × 2 indicators (one must-have and
 * one optional item each), and the visit.
 */
async function world() {
  const cast = await createAssessmentCast(stack.sql);
  const member = async (): Promise<CastMember> => ({
    ...(await createUser(stack.sql, { isSurveyor: true })),
    role: 'user',
  });
  const lead = await member();
  const second = await member();
  for (const who of [lead, second]) await addPracticeRole(stack.sql, cast.practice.id, who.id, 'SU');
  const standards = await createStandards(stack.sql);
  const accreditationId = await createAccreditation(stack.sql, cast.practice.id, {
    surveyVersionId: standards.surveyVersionId,
    qamId: cast.qam.id,
  });
  const visitId = await createSurveyVisit(stack.sql, accreditationId, [
    { userId: lead.id, isLead: true },
    { userId: second.id },
    { userId: cast.surveyor.id, status: 'OFFERED' },
  ]);
  return { ...cast, lead, second, standards, accreditationId, visitId };
}
type World = Awaited<ReturnType<typeof world>>;

/** A world with its survey visit assessment in `status`, a blank response per indicator. */
async function survey(status = 'IN_PROGRESS') {
  const w = await world();
  const { id: assessmentId } = await createAssessment(stack.sql, w.accreditationId, {
    type: 'SURVEY_VISIT',
    status,
    survey_visit_id: w.visitId,
  });
  const responseIds = [];
  for (const indicatorId of w.standards.indicatorIds)
    responseIds.push(await createResponse(stack.sql, assessmentId, indicatorId));
  return { ...w, assessmentId, responseIds };
}

async function sign(assessmentId: number, userId: number) {
  await stack.sql.query('insert into confidentiality_signs (assessment_id, user_id) values ($1, $2)', [
    assessmentId,
    userId,
  ]);
}

async function writeSummary(assessmentId: number, userId: number, text: string) {
  await stack.sql.query('insert into general_comments (assessment_id, user_id, text) values ($1, $2, $3)', [
    assessmentId,
    userId,
    text,
  ]);
}

/** Every response answered so that nothing stops a submission (MET with its must-have, NOT_MET complete, N/A). */
async function answerAll(w: Awaited<ReturnType<typeof survey>>) {
  const answers: Partial<TIndicatorResponseFields>[] = [
    { compliance: 'MET', checklists: { '1': { '1': true } } },
    {
      compliance: 'NOT_MET',
      non_compliance_statement: 'The log has gaps.',
      non_compliance_type: 'Process',
      risk_type: 'Clinical',
      risk_likelihood: 'HIGH',
      risk_impact: 'HIGH',
      risk_rating: 'CRITICAL',
    },
    { compliance: 'NOT_APPLICABLE' },
    { compliance: 'MET', checklists: { '1': { '1': true, '2': true } } },
  ];
  for (const [i, id] of w.responseIds.entries()) {
    const fields = answers[i]!;
    const sets = Object.keys(fields).map((k, n) => `"${k}" = $${n + 2}`);
    await stack.sql.query(`update indicator_responses set ${sets.join(', ')} where id = $1`, [
      id,
      ...Object.values(fields).map((v) => (typeof v === 'object' ? JSON.stringify(v) : v)),
    ]);
  }
}

/** A survey whose two visitors have signed, answered everything and written their summaries. */
async function ready(status = 'IN_PROGRESS') {
  const w = await survey(status);
  await answerAll(w);
  for (const who of [w.lead, w.second]) {
    await sign(w.assessmentId, who.id);
    await writeSummary(w.assessmentId, who.id, `Summary by ${who.id}.`);
  }
  return w;
}

/** Everything the survey actions may change, for before/after comparisons. */
async function surveyState(w: { assessmentId: number; visitId: number; practice: { id: number } }) {
  const q = async (text: string, params: unknown[]) => (await stack.sql.query(text, params)).rows;
  return {
    assessments: await q(
      `select a.id, a.status, a.survey_visit_id, a.copied_from_assessment_id, a.last_updated_by_id, a.updated_at
         from assessments a join accreditations acc on acc.id = a.accreditation_id
        where acc.practice_id = $1 order by a.id`,
      [w.practice.id],
    ),
    visit: await q('select type, date::text, status from survey_visits where id = $1', [w.visitId]),
    visitors: await q('select * from survey_visitors where survey_visit_id = $1 order by id', [w.visitId]),
    submissions: await q('select * from assessment_submissions where assessment_id = $1 order by id', [
      w.assessmentId,
    ]),
    signs: await q('select * from confidentiality_signs where assessment_id = $1 order by id', [
      w.assessmentId,
    ]),
    responses: await q('select * from indicator_responses where assessment_id = $1 order by id', [
      w.assessmentId,
    ]),
    summaries: await q('select * from general_comments where assessment_id = $1 order by id', [
      w.assessmentId,
    ]),
  };
}

const submit = (w: { assessmentId: number }, who: CastMember, form: Partial<typeof FORM> = {}) =>
  callAs<{ submitSurveyAssessment: { id: number; status: string; message: string } }>(stack, who, SUBMIT, {
    a: w.assessmentId,
    ...FORM,
    ...form,
  });

describe('signConfidentialityAgreement', () => {
  it('an accepted visitor signs, stamped with the agreement version; signing again keeps the first signature', async () => {
    const w = await survey();
    const first = await callAs<{ signConfidentialityAgreement: { signedAt: string } }>(stack, w.lead, SIGN, {
      a: w.assessmentId,
    });
    expect(first.errors).toBeUndefined();
    expect(first.data?.signConfidentialityAgreement).toEqual({
      id: w.assessmentId,
      agreementVersion: AGREEMENT_VERSION,
      signedAt: expect.any(String),
      message: SURVEY_SUBMIT_MESSAGES.signed,
    });
    const again = await callAs(stack, w.lead, SIGN, { a: w.assessmentId });
    expect(again.data).toEqual(first.data);
    const { rows } = await stack.sql.query(
      'select user_id, agreement_version from confidentiality_signs where assessment_id = $1',
      [w.assessmentId],
    );
    expect(rows).toEqual([{ user_id: w.lead.id, agreement_version: AGREEMENT_VERSION }]);
  });

  it('the back office may sign too', async () => {
    const w = await survey();
    for (const who of [w.qam, w.admin]) {
      const result = await callAs(stack, who, SIGN, { a: w.assessmentId });
      expect(result.errors).toBeUndefined();
    }
    const { rows } = await stack.sql.query(
      'select user_id from confidentiality_signs where assessment_id = $1 order by id',
      [w.assessmentId],
    );
    expect(rows).toEqual([{ user_id: w.qam.id }, { user_id: w.admin.id }]);
  });

  it('refuses the practice manager, a surveyor only offered the visit and anyone outside the practice; nothing changes', async () => {
    const w = await survey();
    const before = await surveyState(w);
    const forbidden = { code: 'forbidden', message: SURVEY_SUBMIT_MESSAGES.signNotAllowed };
    expect(refusal(await callAs(stack, w.pm, SIGN, { a: w.assessmentId }))).toEqual(forbidden);
    expect(refusal(await callAs(stack, w.surveyor, SIGN, { a: w.assessmentId }))).toEqual(forbidden);
    expect(refusal(await callAs(stack, w.stranger, SIGN, { a: w.assessmentId }))).toEqual(NOT_FOUND);
    expect(refusal(await callAs(stack, w.lead, SIGN, { a: 2_000_000_000 }))).toEqual(NOT_FOUND);
    // The accepted visitor of another practice's survey: as if this one did not exist.
    const other = await survey();
    expect(refusal(await callAs(stack, other.lead, SIGN, { a: w.assessmentId }))).toEqual(NOT_FOUND);
    expect(await surveyState(w)).toEqual(before);
  });

  it('only while the survey is in progress, and never on a self assessment', async () => {
    for (const status of ['PARTIALLY_SUBMITTED', 'UNDER_REVIEW', 'ACTION_REQUIRED']) {
      const w = await survey(status);
      const before = await surveyState(w);
      expect(refusal(await callAs(stack, w.lead, SIGN, { a: w.assessmentId }))).toEqual({
        code: 'invalid_transition',
        message: SURVEY_SUBMIT_MESSAGES.signNotInProgress,
      });
      expect(await surveyState(w)).toEqual(before);
    }
    const w = await world();
    const { id: selfAssessment } = await createAssessment(stack.sql, w.accreditationId);
    expect(refusal(await callAs(stack, w.admin, SIGN, { a: selfAssessment }))).toEqual({
      code: 'invalid_input',
      message: SURVEY_SUBMIT_MESSAGES.surveyOnly,
    });
    const { rows } = await stack.sql.query(
      'select count(*)::int as n from confidentiality_signs where assessment_id = $1',
      [selfAssessment],
    );
    expect(rows).toEqual([{ n: 0 }]);
  });
});

describe('addSurveyAssessment', () => {
  /** An earlier survey assessment of the practice on a visit of its own, its responses as given. */
  async function earlierSurvey(
    w: World,
    accreditationId: number,
    indicatorIds: number[],
    fields: (i: number) => Partial<TIndicatorResponseFields>,
  ) {
    const visit = await createSurveyVisit(stack.sql, accreditationId, [{ userId: w.lead.id }]);
    const { id } = await createAssessment(stack.sql, accreditationId, {
      type: 'SURVEY_VISIT',
      status: 'CERTIFIED',
      survey_visit_id: visit,
    });
    for (const [i, indicatorId] of indicatorIds.entries())
      await createResponse(stack.sql, id, indicatorId, fields(i));
    return id;
  }

  it('creates the assessment IN_PROGRESS with a response per indicator, copying only the ticks of the latest survey of the same edition', async () => {
    const w = await world();
    const ids = w.standards.indicatorIds;
    const oldCycle = await createAccreditation(stack.sql, w.practice.id, {
      surveyVersionId: w.standards.surveyVersionId,
      status: 'CLOSED',
    });
    await earlierSurvey(w, oldCycle, ids, () => ({ checklists: { '1': { '1': false, '2': true } } }));
    const latest = await earlierSurvey(
      w,
      oldCycle,
      ids,
      (i): Partial<TIndicatorResponseFields> =>
        i === 0
          ? {
              compliance: 'NOT_MET',
              checklists: { '1': { '2': true } },
              non_compliance_statement: 'Gaps.',
              non_compliance_type: 'Process',
              risk_type: 'Clinical',
              risk_likelihood: 'LOW',
              risk_impact: 'LOW',
              risk_rating: 'LOW',
              observation: 'Keep going.',
            }
          : i === 3
            ? { compliance: 'NOT_APPLICABLE' }
            : { compliance: 'MET', checklists: { '1': { '1': true, '2': i === 1 } } },
    );
    // A later survey of the practice on another edition of the standards is not a source.
    const otherEdition = await createStandards(stack.sql, { sets: 1, indicatorsPerSet: 1 });
    const otherCycle = await createAccreditation(stack.sql, w.practice.id, {
      surveyVersionId: otherEdition.surveyVersionId,
      status: 'CLOSED',
    });
    await earlierSurvey(w, otherCycle, otherEdition.indicatorIds, () => ({
      checklists: { '1': { '1': true } },
    }));

    const result = await callAs<{ addSurveyAssessment: { id: number } }>(stack, w.admin, ADD, {
      p: w.practice.id,
      v: w.visitId,
      d: '2026-12-03',
    });
    expect(result.errors).toBeUndefined();
    const added = result.data!.addSurveyAssessment;
    expect(added).toEqual({
      id: expect.any(Number),
      surveyVisitId: w.visitId,
      status: 'IN_PROGRESS',
      createdResponses: 4,
      copiedFromAssessmentId: latest,
      copiedTicks: 3,
      message: SURVEY_SUBMIT_MESSAGES.added,
    });
    const assessment = await stack.sql.query(
      `select type, status, accreditation_id, survey_visit_id, due_date::text, copied_from_assessment_id, last_updated_by_id
         from assessments where id = $1`,
      [added.id],
    );
    expect(assessment.rows).toEqual([
      {
        type: 'SURVEY_VISIT',
        status: 'IN_PROGRESS',
        accreditation_id: w.accreditationId,
        survey_visit_id: w.visitId,
        due_date: '2026-12-03',
        copied_from_assessment_id: latest,
        last_updated_by_id: w.admin.id,
      },
    ]);
    const visit = await stack.sql.query('select type, date::text from survey_visits where id = $1', [
      w.visitId,
    ]);
    expect(visit.rows).toEqual([{ type: 'ACCREDITATION', date: '2026-12-03' }]);
    const responses = await stack.sql.query(
      `select indicator_id, checklists, compliance, non_compliance_statement, risk_rating, observation
         from indicator_responses where assessment_id = $1 order by indicator_id`,
      [added.id],
    );
    const blank = { compliance: null, non_compliance_statement: null, risk_rating: null, observation: null };
    expect(responses.rows).toEqual([
      { indicator_id: ids[0], checklists: { '1': { '2': true } }, ...blank },
      { indicator_id: ids[1], checklists: { '1': { '1': true, '2': true } }, ...blank },
      { indicator_id: ids[2], checklists: { '1': { '1': true, '2': false } }, ...blank },
      { indicator_id: ids[3], checklists: {}, ...blank },
    ]);
  });

  it('copies the ticks of the latest survey on an older edition through the mapping to this one', async () => {
    const w = await world();
    const [b0, b1, b2, b3] = w.standards.indicatorIds as [number, number, number, number];
    const older = await createStandards(stack.sql, { sets: 1, indicatorsPerSet: 3 });
    const [a0, a1, a2] = older.indicatorIds as [number, number, number];
    const item = async (indicatorId: number, n: number) =>
      (
        await stack.sql.query<{ id: number }>(
          `select t.id from checklist_items t join checklists c on c.id = t.checklist_id
            where c.indicator_id = $1 and c.question_number = 1 and t.item_number = $2`,
          [indicatorId, n],
        )
      ).rows[0]!.id;
    // a0 is b0 (both items carry), a1 split into b1 and b2 (its first item goes to b2's first),
    // a2 retired; b3 is new.
    const client = await stack.sql.connect();
    try {
      await client.query('begin');
      const mapping = await client.query<{ id: number }>(
        'insert into edition_mappings (from_version_id, to_version_id) values ($1, $2) returning id',
        [older.surveyVersionId, w.standards.surveyVersionId],
      );
      const m = mapping.rows[0]!.id;
      for (const [from, kind, to, position] of [
        [a0, 'EQUIVALENT', b0, 1],
        [a1, 'SPLIT', b1, 1],
        [a1, 'SPLIT', b2, 2],
        [a2, 'RETIRED', null, 1],
      ] as const)
        await client.query(
          `insert into edition_indicator_mappings (mapping_id, from_indicator_id, kind, to_indicator_id, position)
           values ($1, $2, $3, $4, $5)`,
          [m, from, kind, to, position],
        );
      for (const [from, to] of [
        [await item(a0, 1), await item(b0, 1)],
        [await item(a0, 2), await item(b0, 2)],
        [await item(a1, 1), await item(b2, 1)],
      ])
        await client.query(
          'insert into edition_item_mappings (mapping_id, from_item_id, to_item_id) values ($1, $2, $3)',
          [m, from, to],
        );
      await client.query('commit');
    } finally {
      client.release();
    }
    const oldCycle = await createAccreditation(stack.sql, w.practice.id, {
      surveyVersionId: older.surveyVersionId,
      status: 'CLOSED',
    });
    const ticks: Array<Record<string, Record<string, boolean>>> = [
      { '1': { '1': true, '2': false } },
      { '1': { '1': true, '2': true } },
      { '1': { '1': true } },
    ];
    const latest = await earlierSurvey(w, oldCycle, older.indicatorIds, (i) => ({
      compliance: 'MET',
      observation: 'Carried? No: only ticks.',
      checklists: ticks[i]!,
    }));

    const result = await callAs<{ addSurveyAssessment: { id: number; copiedFromAssessmentId: number } }>(
      stack,
      w.admin,
      ADD,
      { p: w.practice.id, v: w.visitId },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.addSurveyAssessment).toMatchObject({
      copiedFromAssessmentId: latest,
      copiedTicks: 2,
    });
    const responses = await stack.sql.query(
      `select indicator_id, checklists, compliance, observation from indicator_responses
        where assessment_id = $1 order by indicator_id`,
      [result.data!.addSurveyAssessment.id],
    );
    const blank = { compliance: null, observation: null };
    expect(responses.rows).toEqual([
      { indicator_id: b0, checklists: { '1': { '1': true, '2': false } }, ...blank },
      { indicator_id: b1, checklists: {}, ...blank },
      { indicator_id: b2, checklists: { '1': { '1': true } }, ...blank },
      { indicator_id: b3, checklists: {}, ...blank },
    ]);
  });

  it('without copyTicks, with a type, and without a date: blank responses, the type set, the date kept', async () => {
    const w = await world();
    await stack.sql.query(`update survey_visits set date = '2026-11-30' where id = $1`, [w.visitId]);
    const oldCycle = await createAccreditation(stack.sql, w.practice.id, {
      surveyVersionId: w.standards.surveyVersionId,
      status: 'CLOSED',
    });
    await earlierSurvey(w, oldCycle, w.standards.indicatorIds, () => ({
      checklists: { '1': { '1': true } },
    }));
    const result = await callAs<{ addSurveyAssessment: { id: number; copiedTicks: number } }>(
      stack,
      w.qam,
      ADD,
      {
        p: w.practice.id,
        v: w.visitId,
        t: 'SURVEILLANCE',
        c: false,
      },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.addSurveyAssessment).toMatchObject({ copiedFromAssessmentId: null, copiedTicks: 0 });
    const visit = await stack.sql.query('select type, date::text from survey_visits where id = $1', [
      w.visitId,
    ]);
    expect(visit.rows).toEqual([{ type: 'SURVEILLANCE', date: '2026-11-30' }]);
    const { rows } = await stack.sql.query(
      `select count(*)::int as n, count(*) filter (where checklists = '{}'::jsonb)::int as blank
         from indicator_responses where assessment_id = $1`,
      [result.data!.addSurveyAssessment.id],
    );
    expect(rows).toEqual([{ n: 4, blank: 4 }]);
  });

  it('refuses another practice’s visit, a visit that has an assessment, bad input and anyone but the back office; nothing changes', async () => {
    const w = await world();
    const other = await world();
    const state = async () => ({
      mine: await surveyState({ ...w, assessmentId: 0 }),
      theirs: await surveyState({ ...other, assessmentId: 0 }),
    });
    const before = await state();
    const noVisit = { code: 'not_found', message: SURVEY_SUBMIT_MESSAGES.noSuchVisit };
    expect(refusal(await callAs(stack, w.admin, ADD, { p: w.practice.id, v: other.visitId }))).toEqual(
      noVisit,
    );
    expect(refusal(await callAs(stack, w.admin, ADD, { p: w.practice.id, v: 2_000_000_000 }))).toEqual(
      noVisit,
    );
    for (const bad of [{ d: '2026-02-30' }, { d: '03/12/2026' }, { t: 'PRESURVEY' }, { t: 'GAP\u0000' }])
      expect(
        refusal(await callAs(stack, w.admin, ADD, { p: w.practice.id, v: w.visitId, ...bad }))?.code,
      ).toBe('invalid_input');
    // Role user may call the action (the app's schema has it), but only the back office may add.
    for (const who of [w.pm, w.lead, w.stranger])
      expect(refusal(await callAs(stack, who, ADD, { p: w.practice.id, v: w.visitId }))?.code).toBe(
        'forbidden',
      );
    expect(await state()).toEqual(before);

    const first = await callAs(stack, w.admin, ADD, { p: w.practice.id, v: w.visitId });
    expect(first.errors).toBeUndefined();
    const afterFirst = await state();
    expect(refusal(await callAs(stack, w.qam, ADD, { p: w.practice.id, v: w.visitId, t: 'GAP' }))).toEqual({
      code: 'invalid_transition',
      message: SURVEY_SUBMIT_MESSAGES.visitHasAssessment,
    });
    expect(await state()).toEqual(afterFirst);
  });
});

describe('submitSurveyAssessment', () => {
  it('the first visitor makes it PARTIALLY_SUBMITTED, with their times and hours, and can no longer change the findings', async () => {
    const w = await ready();
    const result = await submit(w, w.lead);
    expect(result.errors).toBeUndefined();
    expect(result.data?.submitSurveyAssessment).toEqual({
      id: w.assessmentId,
      status: 'PARTIALLY_SUBMITTED',
      message: SURVEY_SUBMIT_MESSAGES.partiallySubmitted,
    });
    const visitors = await stack.sql.query(
      `select user_id, actual_start_time::text, actual_end_time::text, hours_worked_before_visit::float as before,
              hours_worked_after_visit::float as after, hours_worked_confirmed
         from survey_visitors where survey_visit_id = $1 and status = 'ACCEPTED' order by id`,
      [w.visitId],
    );
    expect(visitors.rows).toEqual([
      {
        user_id: w.lead.id,
        actual_start_time: '08:30:00',
        actual_end_time: '16:45:00',
        before: 3.5,
        after: 2,
        hours_worked_confirmed: true,
      },
      {
        user_id: w.second.id,
        actual_start_time: null,
        actual_end_time: null,
        before: null,
        after: null,
        hours_worked_confirmed: false,
      },
    ]);
    const submissions = await stack.sql.query(
      'select user_id from assessment_submissions where assessment_id = $1',
      [w.assessmentId],
    );
    expect(submissions.rows).toEqual([{ user_id: w.lead.id }]);

    // Locked out: their writes match no row, while the surveyor still to submit may write.
    const UPDATE = `mutation ($id: Int!) { update_indicator_responses_by_pk(pk_columns: {id: $id}, _set: {observation: "Later."}) { id } }`;
    const SUMMARY = `mutation ($a: Int!, $u: Int!, $t: String!) {
      update_general_comments(where: {assessment_id: {_eq: $a}, user_id: {_eq: $u}}, _set: {text: $t}) { affected_rows } }`;
    const locked = await callAs(stack, w.lead, UPDATE, { id: w.responseIds[0] });
    expect(locked.data).toEqual({ update_indicator_responses_by_pk: null });
    const lockedSummary = await callAs(stack, w.lead, SUMMARY, {
      a: w.assessmentId,
      u: w.lead.id,
      t: 'Changed.',
    });
    expect(lockedSummary.data).toEqual({ update_general_comments: { affected_rows: 0 } });
    const open = await callAs(stack, w.second, UPDATE, { id: w.responseIds[0] });
    expect(open.data).toEqual({ update_indicator_responses_by_pk: { id: w.responseIds[0] } });
  });

  it('the last accepted visitor makes it UNDER_REVIEW; a second submit by either is refused and changes nothing', async () => {
    const w = await ready();
    expect((await submit(w, w.lead)).errors).toBeUndefined();
    const last = await submit(w, w.second, { s: '09:00', e: '17:00', b: '0', f: '999' });
    expect(last.errors).toBeUndefined();
    expect(last.data?.submitSurveyAssessment).toEqual({
      id: w.assessmentId,
      status: 'UNDER_REVIEW',
      message: SURVEY_SUBMIT_MESSAGES.submittedForReview,
    });
    // The cycle's QAM is told in the bell (the notification centre), opening the assessment.
    const { rows: told } = await stack.sql.query(
      `select user_id, kind, link from notifications where kind = 'SURVEY_SUBMITTED' and link like $1`,
      [`%/Assessment/${w.assessmentId}%`],
    );
    expect(told).toEqual([
      {
        user_id: w.qam.id,
        kind: 'SURVEY_SUBMITTED',
        link: expect.stringContaining(`/PracticeOverview/${w.practice.id}/`),
      },
    ]);
    const { rows: changes } = await stack.sql.query(
      `select from_status, to_status, changed_by_id, detail from assessment_status_changes
        where assessment_id = $1 order by id`,
      [w.assessmentId],
    );
    expect(changes).toEqual([
      {
        from_status: 'IN_PROGRESS',
        to_status: 'PARTIALLY_SUBMITTED',
        changed_by_id: w.lead.id,
        detail: { action: 'submit', waiting: 1 },
      },
      {
        from_status: 'PARTIALLY_SUBMITTED',
        to_status: 'UNDER_REVIEW',
        changed_by_id: w.second.id,
        detail: { action: 'submit', waiting: 0 },
      },
    ]);
    const before = await surveyState(w);
    // Under review, submitting again is refused for the status (it has moved on).
    for (const who of [w.lead, w.second])
      expect(refusal(await submit(w, who))).toEqual({
        code: 'invalid_transition',
        message: SURVEY_SUBMIT_MESSAGES.notSubmittable,
      });
    expect(await surveyState(w)).toEqual(before);
  });

  it("spec 001 §5: every surveyor's summary is checked: a submitted visitor's missing or blank one refuses the last submit", async () => {
    const w = await ready();
    expect((await submit(w, w.lead)).errors).toBeUndefined();
    // The lead's summary was archived after they submitted: missing now.
    await stack.sql.query(
      'update general_comments set archived = true where assessment_id = $1 and user_id = $2',
      [w.assessmentId, w.lead.id],
    );
    const name = async (id: number) =>
      (await stack.sql.query(`select first_name || ' ' || last_name as name from users where id = $1`, [id]))
        .rows[0].name as string;
    const before = await surveyState(w);
    const refused = await submit(w, w.second);
    expect(refusal(refused)).toMatchObject({ code: 'invalid_input' });
    expect(refused.errors?.[0]?.extensions?.fields).toEqual({
      [`summary.${w.lead.id}`]: SURVEY_SUBMIT_MESSAGES.otherSummaryMissing(await name(w.lead.id)),
    });
    expect(await surveyState(w)).toEqual(before);
    // Written again but blank (through the owner: the screen refuses an empty text): still refused.
    await writeSummary(w.assessmentId, w.lead.id, '   ');
    expect((await submit(w, w.second)).errors?.[0]?.extensions?.fields).toEqual({
      [`summary.${w.lead.id}`]: SURVEY_SUBMIT_MESSAGES.otherSummaryEmpty(await name(w.lead.id)),
    });
    await stack.sql.query(
      `update general_comments set text = 'Written.' where assessment_id = $1 and user_id = $2 and not archived`,
      [w.assessmentId, w.lead.id],
    );
    expect((await submit(w, w.second)).data?.submitSurveyAssessment).toMatchObject({
      status: 'UNDER_REVIEW',
    });
  });

  it('each visitor submits once: a second submit while others are still to submit is refused', async () => {
    const w = await ready();
    expect((await submit(w, w.lead)).errors).toBeUndefined();
    const before = await surveyState(w);
    expect(refusal(await submit(w, w.lead, { s: '07:00' }))).toEqual({
      code: 'invalid_transition',
      message: SURVEY_SUBMIT_MESSAGES.alreadySubmitted,
    });
    expect(await surveyState(w)).toEqual(before);
  });

  it('refuses with the list of surveySubmitProblems, indicator by indicator and the summary; nothing changes', async () => {
    const w = await survey();
    await sign(w.assessmentId, w.lead.id);
    await stack.sql.query(
      `update indicator_responses set compliance = 'MET', checklists = '{"1": {"2": true}}' where id = $1`,
      [w.responseIds[0]],
    );
    await stack.sql.query(
      `update indicator_responses set compliance = 'NOT_MET', non_compliance_statement = 'Gaps.' where id = $1`,
      [w.responseIds[1]],
    );
    await stack.sql.query(`update indicator_responses set compliance = 'NOT_APPLICABLE' where id = $1`, [
      w.responseIds[2],
    ]);
    const before = await surveyState(w);
    const result = await submit(w, w.lead);
    const ids = w.standards.indicatorIds;
    const expected = {
      [`indicator.${ids[0]}`]: `C1.1: ${SURVEY_SUBMIT_MESSAGES.mustHavesUnticked}`,
      [`indicator.${ids[1]}`]:
        'C1.2: Not met needs non-compliance type, impact, likelihood, risk rating, risk type',
      [`indicator.${ids[3]}`]: `C2.2: ${SURVEY_SUBMIT_MESSAGES.noCompliance}`,
      summary: SURVEY_SUBMIT_MESSAGES.summaryMissing,
    };
    expect(result.errors?.[0]).toMatchObject({
      message: SURVEY_SUBMIT_MESSAGES.submitRefused,
      extensions: { code: 'invalid_input', fields: expected },
    });
    // The same list the screen computes with the domain function on the same data.
    const responses = await stack.sql.query(
      `select r.*, i.code from indicator_responses r join indicators i on i.id = r.indicator_id
        where r.assessment_id = $1 order by r.id`,
      [w.assessmentId],
    );
    const domain = surveySubmitProblems({
      visitType: 'ACCREDITATION',
      indicators: responses.rows.map((r) => ({
        id: r.indicator_id,
        code: r.code,
        items: [
          { question: 1, item: 1, mustHave: true },
          { question: 1, item: 2, mustHave: false },
        ],
        response: r,
      })),
      summary: null,
    });
    expect(surveySubmitProblemFields(domain)).toEqual(expected);
    expect(await surveyState(w)).toEqual(before);

    // A blank summary is refused as empty.
    await writeSummary(w.assessmentId, w.lead.id, '  ');
    const blank = await submit(w, w.lead);
    expect(blank.errors?.[0]?.extensions?.fields).toMatchObject({
      summary: SURVEY_SUBMIT_MESSAGES.summaryEmpty,
    });
  });

  it('a Surveillance visit accepts untouched indicators but not a started checklist without a compliance', async () => {
    const w = await survey();
    await stack.sql.query(`update survey_visits set type = 'SURVEILLANCE' where id = $1`, [w.visitId]);
    await sign(w.assessmentId, w.lead.id);
    await writeSummary(w.assessmentId, w.lead.id, 'Checked the cold chain only.');
    await stack.sql.query(`update indicator_responses set checklists = '{"1": {"2": true}}' where id = $1`, [
      w.responseIds[1],
    ]);
    const refused = await submit(w, w.lead);
    expect(refused.errors?.[0]?.extensions?.fields).toEqual({
      [`indicator.${w.standards.indicatorIds[1]}`]: `C1.2: ${SURVEY_SUBMIT_MESSAGES.checklistNotRated}`,
    });
    await stack.sql.query(`update indicator_responses set compliance = 'NOT_APPLICABLE' where id = $1`, [
      w.responseIds[1],
    ]);
    const result = await submit(w, w.lead);
    expect(result.errors).toBeUndefined();
    expect(result.data?.submitSurveyAssessment.status).toBe('PARTIALLY_SUBMITTED');
  });

  it('refuses the form’s wrong values with the schema’s messages; nothing changes', async () => {
    const w = await ready();
    const before = await surveyState(w);
    const cases: Array<[Partial<typeof FORM>, Record<string, string>]> = [
      [{ s: '' }, { actualStartTime: 'Required.' }],
      [{ s: '8:30' }, { actualStartTime: SURVEY_SUBMIT_MESSAGES.timeFormat }],
      [{ e: '08:00' }, { actualEndTime: SURVEY_SUBMIT_MESSAGES.endBeforeStart }],
      [{ b: 'two' }, { hoursWorkedBeforeVisit: SURVEY_SUBMIT_MESSAGES.hoursFormat }],
      [{ f: '999.5' }, { hoursWorkedAfterVisit: SURVEY_SUBMIT_MESSAGES.hoursFormat }],
      // The service refuses control characters in any request, before the schema.
      [{ f: '1\u0000' }, { hoursWorkedAfterVisit: CONTROL_CHARACTER_MESSAGE }],
      [{ c: false }, { hoursWorkedConfirmed: SURVEY_SUBMIT_MESSAGES.confirmRequired }],
    ];
    for (const [form, fields] of cases) {
      const result = await submit(w, w.lead, form);
      expect(result.errors?.[0]?.extensions).toEqual({ code: 'invalid_input', fields });
    }
    const tooLong = await submit(w, w.lead, { b: '1'.repeat(10_000) });
    expect(tooLong.errors?.[0]?.extensions?.code).toBe('invalid_input');
    expect(await surveyState(w)).toEqual(before);
  });

  it('refuses anyone but an accepted visitor, and a visitor who has not signed while it is in progress; nothing changes', async () => {
    const w = await ready();
    await stack.sql.query('delete from confidentiality_signs where assessment_id = $1 and user_id = $2', [
      w.assessmentId,
      w.second.id,
    ]);
    const before = await surveyState(w);
    const notAVisitor = { code: 'forbidden', message: SURVEY_SUBMIT_MESSAGES.notAVisitor };
    for (const who of [w.pm, w.surveyor, w.qam, w.admin])
      expect(refusal(await submit(w, who))).toEqual(notAVisitor);
    expect(refusal(await submit(w, w.stranger))).toEqual(NOT_FOUND);
    const other = await ready();
    expect(refusal(await submit(w, other.lead))).toEqual(NOT_FOUND);
    expect(refusal(await submit(w, w.second))).toEqual({
      code: 'forbidden',
      message: SURVEY_SUBMIT_MESSAGES.notSigned,
    });
    expect(await surveyState(w)).toEqual(before);
  });

  it('refuses once the assessment has moved on, and on a self assessment; nothing changes', async () => {
    for (const status of ['UNDER_REVIEW', 'ACTION_REQUIRED', 'APPROVED', 'CERTIFIED']) {
      const w = await ready(status);
      const before = await surveyState(w);
      expect(refusal(await submit(w, w.lead))).toEqual({
        code: 'invalid_transition',
        message: SURVEY_SUBMIT_MESSAGES.notSubmittable,
      });
      expect(await surveyState(w)).toEqual(before);
    }
    const w = await world();
    const { id: selfAssessment } = await createAssessment(stack.sql, w.accreditationId);
    expect(refusal(await submit({ assessmentId: selfAssessment }, w.pm))).toEqual({
      code: 'invalid_input',
      message: SURVEY_SUBMIT_MESSAGES.surveyOnly,
    });
  });

  it('a visitor whose submission was withdrawn (reopened) submits again', async () => {
    const w = await ready();
    await createSubmission(stack.sql, w.assessmentId, w.lead.id, { withdrawn: true });
    const result = await submit(w, w.lead);
    expect(result.data?.submitSurveyAssessment.status).toBe('PARTIALLY_SUBMITTED');
  });

  it('two last submissions at once: both are kept and exactly one moves it to UNDER_REVIEW', async () => {
    const w = await ready();
    await Promise.all([
      stack.tokenFor(w.lead.email, w.lead.password),
      stack.tokenFor(w.second.email, w.second.password),
    ]);
    const results = await Promise.all([submit(w, w.lead), submit(w, w.second)]);
    expect(results.map((r) => r.errors)).toEqual([undefined, undefined]);
    expect(results.map((r) => r.data?.submitSurveyAssessment.status).sort()).toEqual([
      'PARTIALLY_SUBMITTED',
      'UNDER_REVIEW',
    ]);
    const audit = await stack.sql.query(
      `select count(*)::int as n from audit_log
        where table_name = 'assessments' and row_id = $1 and new_data ->> 'status' = 'UNDER_REVIEW'
          and old_data ->> 'status' <> 'UNDER_REVIEW'`,
      [String(w.assessmentId)],
    );
    expect(audit.rows).toEqual([{ n: 1 }]);
    const { rows } = await stack.sql.query('select status from assessments where id = $1', [w.assessmentId]);
    expect(rows).toEqual([{ status: 'UNDER_REVIEW' }]);
  });
});
