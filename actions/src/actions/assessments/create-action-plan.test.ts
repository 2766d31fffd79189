import {
  ACTION_PLAN_BUSINESS_DAYS,
  ACTION_PLAN_MESSAGES,
  ASSESSMENT_MESSAGES,
  assessmentPath,
  formatDisplayDate,
  type TIndicatorResponseFields,
} from '@portal/domain';
import {
  type CastMember,
  createAccreditation,
  createAssessmentCast,
  createResponse,
  createStandards,
  createSurveyVisit,
} from '@portal/testkit/assessment-factories';
import { callAs, refusal } from '@portal/testkit/assessment-test-kit';
import { createAssessment, createContact, createUser } from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// 'Action required' (createActionPlan) end to end, against the real engine and database: every
// test makes its own practice, standards, visit and survey assessment. Each refusal is shown to
// change nothing by reading back every row the action may write.

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
}, 60_000);
afterAll(() => stack?.close());

const CREATE = `mutation ($a: Int!) { createActionPlan(assessmentId: $a) { id status message actionPlanDue } }`;
type Created = { createActionPlan: { id: number; status: string; message: string; actionPlanDue: string } };

/**
 * A practice with its cast (its surveyor an accepted visitor of the visit), a nominated
 * accreditation contact, standards of 2 sets × 2 indicators and the survey visit assessment in
 * `status`, answered: MET, NOT_MET with a plan, NOT_MET (closed) with a plan, N/A.
 */
async function survey(
  status = 'UNDER_REVIEW',
  plans: Array<string | null> = ['Log twice daily.', 'Train staff.'],
) {
  const cast = await createAssessmentCast(stack.sql);
  const contact = await createContact(stack.sql, cast.practice.id, {
    email: `nominee-${cast.practice.id}@example.test`,
    first_name: 'Nina',
    type: 'ACCREDITATION',
  });
  const standards = await createStandards(stack.sql);
  const accreditationId = await createAccreditation(stack.sql, cast.practice.id, {
    surveyVersionId: standards.surveyVersionId,
    qamId: cast.qam.id,
  });
  await stack.sql.query('update accreditations set nominated_accreditation_contact_id = $1 where id = $2', [
    contact.id,
    accreditationId,
  ]);
  const visitId = await createSurveyVisit(stack.sql, accreditationId, [
    { userId: cast.surveyor.id, isLead: true },
  ]);
  const { id: assessmentId } = await createAssessment(stack.sql, accreditationId, {
    type: 'SURVEY_VISIT',
    status,
    survey_visit_id: visitId,
  });
  const answers: Array<Partial<TIndicatorResponseFields> & { date_closed?: string }> = [
    { compliance: 'MET', checklists: { '1': { '1': true } } },
    { compliance: 'NOT_MET', action_plan: plans[0] ?? null, non_compliance_statement: 'Fridge log gaps.' },
    {
      compliance: 'NOT_MET',
      action_plan: plans[1] ?? null,
      non_conformity_status: 'CLOSED',
      date_closed: '2026-01-05',
    },
    { compliance: 'NOT_APPLICABLE' },
  ];
  const responseIds: number[] = [];
  for (const [i, indicatorId] of standards.indicatorIds.entries())
    responseIds.push(await createResponse(stack.sql, assessmentId, indicatorId, answers[i]));
  const { rows: codes } = await stack.sql.query<{ code: string }>(
    'select code from indicators where id = any($1) order by id',
    [standards.indicatorIds],
  );
  return {
    ...cast,
    contact,
    standards,
    accreditationId,
    visitId,
    assessmentId,
    responseIds,
    codes: codes.map((c) => c.code),
  };
}

/** Everything createActionPlan may write, for before/after comparisons. */
async function state(assessmentId: number) {
  const q = async (text: string) => (await stack.sql.query(text, [assessmentId])).rows;
  return {
    assessment: await q(
      'select status, action_plan_due, last_updated_by_id, updated_at from assessments where id = $1',
    ),
    responses: await q('select * from indicator_responses where assessment_id = $1 order by id'),
    changes: await q('select * from assessment_status_changes where assessment_id = $1 order by id'),
    outbox: (await stack.sql.query('select count(*)::int as n from email_outbox')).rows,
  };
}

/** The day `days` business days after `start`, counted here (weekdays not in `holidays`). */
function businessDaysAfter(start: string, days: number, holidays: ReadonlySet<string>): string {
  const day = new Date(`${start}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    const wire = day.toISOString().slice(0, 10);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6 && !holidays.has(wire)) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}

const create = (who: CastMember, assessmentId: number) =>
  callAs<Created>(stack, who, CREATE, { a: assessmentId });

describe('createActionPlan', () => {
  it('makes the survey ACTION_REQUIRED, due 65 business days on (a public holiday skipped), reopens every non-conformity, records it and e-mails the practice', async () => {
    const w = await survey();
    // A holiday of our own on a weekday inside the window: the due date moves one business day on.
    const { rows } = await stack.sql.query<{ today: string; holiday: string }>(`
      select public.portal_today()::text as today,
             (select d::date::text from generate_series(public.portal_today() + 10, public.portal_today() + 20, interval '1 day') d
               where extract(isodow from d) < 6
                 and not exists (select 1 from public_holidays h where h.day = d::date)
               order by d limit 1) as holiday`);
    const { today, holiday } = rows[0]!;
    await stack.sql.query(
      `insert into public_holidays (day, name) values ($1, 'Test holiday') on conflict (day) do nothing`,
      [holiday],
    );
    const { rows: holidayRows } = await stack.sql.query<{ day: string }>(
      'select day::text as day from public_holidays',
    );
    const holidays = new Set(holidayRows.map((h) => h.day));
    const expected = businessDaysAfter(today, ACTION_PLAN_BUSINESS_DAYS, holidays);
    holidays.delete(holiday);
    expect(businessDaysAfter(today, ACTION_PLAN_BUSINESS_DAYS, holidays) < expected).toBe(true);

    const result = await create(w.qam, w.assessmentId);
    expect(result.errors).toBeUndefined();
    expect(result.data?.createActionPlan).toEqual({
      id: w.assessmentId,
      status: 'ACTION_REQUIRED',
      message: ACTION_PLAN_MESSAGES.created(formatDisplayDate(expected)),
      actionPlanDue: expected,
    });

    const after = await state(w.assessmentId);
    expect(after.assessment).toEqual([
      expect.objectContaining({ status: 'ACTION_REQUIRED', last_updated_by_id: w.qam.id }),
    ]);
    const { rows: due } = await stack.sql.query(
      'select action_plan_due::text as due from assessments where id = $1',
      [w.assessmentId],
    );
    expect(due[0]).toEqual({ due: expected });
    expect(after.responses.map((r) => [r.compliance, r.non_conformity_status, r.date_closed])).toEqual([
      ['MET', 'OPEN', null],
      ['NOT_MET', 'OPEN', null],
      ['NOT_MET', 'OPEN', null],
      ['NOT_APPLICABLE', 'OPEN', null],
    ]);
    expect(after.changes).toEqual([
      expect.objectContaining({
        from_status: 'UNDER_REVIEW',
        to_status: 'ACTION_REQUIRED',
        changed_by_id: w.qam.id,
        detail: { actionPlanDue: expected, businessDays: 65, notMet: 2, recipients: 2 },
      }),
    ]);

    const { rows: mails } = await stack.sql.query<{ to_address: string; subject: string; text_body: string }>(
      `select to_address, subject, text_body from email_outbox where template = 'action-plan-created'
         and to_address = any($1) order by to_address`,
      [[w.pm.email, w.contact.email]],
    );
    expect(mails.map((m) => m.to_address).sort()).toEqual([w.pm.email, w.contact.email].sort());
    for (const mail of mails) {
      expect(mail.subject).toContain(`action plan due ${formatDisplayDate(expected)}`);
      expect(mail.text_body).toContain(assessmentPath(w.practice.id, w.assessmentId));
      expect(mail.text_body).toContain(`${w.codes[1]} `);
      expect(mail.text_body).toContain('Action: Log twice daily.');
      expect(mail.text_body).toContain('Action: Train staff.');
      expect(mail.text_body).not.toContain(`${w.codes[0]} `);
    }
  });

  it('is refused while a Not met indicator has no action plan (none, or only spaces), naming them; nothing changes', async () => {
    const w = await survey('UNDER_REVIEW', [null, '  \n ']);
    const before = await state(w.assessmentId);
    const result = await create(w.qam, w.assessmentId);
    expect(refusal(result)).toEqual({
      code: 'invalid_input',
      message: ACTION_PLAN_MESSAGES.missingPlans([w.codes[1]!, w.codes[2]!]),
    });
    expect(await state(w.assessmentId)).toEqual(before);

    // One plan entered is not enough.
    await stack.sql.query(`update indicator_responses set action_plan = 'Fix it.' where id = $1`, [
      w.responseIds[1],
    ]);
    const still = await state(w.assessmentId);
    expect(refusal(await create(w.admin, w.assessmentId))?.message).toBe(
      ACTION_PLAN_MESSAGES.missingPlans([w.codes[2]!]),
    );
    expect(await state(w.assessmentId)).toEqual(still);
  });

  it('is refused in any other status, and the second time; nothing changes', async () => {
    for (const status of ['IN_PROGRESS', 'PARTIALLY_SUBMITTED', 'APPROVED', 'CERTIFIED']) {
      const w = await survey(status);
      const before = await state(w.assessmentId);
      expect([status, refusal(await create(w.qam, w.assessmentId))]).toEqual([
        status,
        { code: 'invalid_transition', message: ACTION_PLAN_MESSAGES.notUnderReview },
      ]);
      expect(await state(w.assessmentId)).toEqual(before);
    }

    const w = await survey();
    expect((await create(w.qam, w.assessmentId)).errors).toBeUndefined();
    const once = await state(w.assessmentId);
    expect(refusal(await create(w.admin, w.assessmentId))).toEqual({
      code: 'invalid_transition',
      message: ACTION_PLAN_MESSAGES.notUnderReview,
    });
    expect(await state(w.assessmentId)).toEqual(once);
  });

  it('refuses the practice manager and the surveyor (forbidden), a stranger (not found), a self assessment; nothing changes', async () => {
    const w = await survey();
    const before = await state(w.assessmentId);
    expect(refusal(await create(w.pm, w.assessmentId))?.code).toBe('forbidden');
    expect(refusal(await create(w.surveyor, w.assessmentId))?.code).toBe('forbidden');
    expect(refusal(await create(w.stranger, w.assessmentId))).toEqual({
      code: 'not_found',
      message: ASSESSMENT_MESSAGES.noSuchAssessment,
    });
    expect(refusal(await create(w.qam, 2_000_000_000))?.code).toBe('not_found');
    expect(await state(w.assessmentId)).toEqual(before);

    const { id: self } = await createAssessment(stack.sql, w.accreditationId, { status: 'UNDER_REVIEW' });
    const selfBefore = await state(self);
    expect(refusal(await create(w.qam, self))).toEqual({
      code: 'invalid_input',
      message: ACTION_PLAN_MESSAGES.surveyOnly,
    });
    expect(await state(self)).toEqual(selfBefore);
  });

  it('another QAM, not the practice’s own, may require action (the back office sees every practice)', async () => {
    const w = await survey();
    const otherQam: CastMember = { ...(await createUser(stack.sql, { isQam: true })), role: 'qam' };
    const result = await create(otherQam, w.assessmentId);
    expect(result.errors).toBeUndefined();
    expect(result.data?.createActionPlan.status).toBe('ACTION_REQUIRED');
  });
});
