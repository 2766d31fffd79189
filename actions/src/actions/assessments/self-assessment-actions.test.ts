import {
  ASSESSMENT_MESSAGES,
  ASSISTANCE_REQUESTS_PER_HOUR,
  assessmentButtons,
  derivePermissionFlags,
  SUPPORT_EMAIL,
  type TPracticeAccess,
} from '@portal/domain';
import {
  type CastMember,
  createAccreditation,
  createAssessmentCast,
  createIndicatorLock,
  createResponse,
  createStandards,
  createSurveyVisit,
} from '@portal/testkit/assessment-factories';
import {
  ASSIST,
  AUTO_CLEAR,
  AUTO_COMPLETE,
  assessmentState,
  COMPLETE,
  callAs,
  OPEN,
  REOPEN,
  refusal,
  START,
  SUBMIT,
} from '@portal/testkit/assessment-test-kit';
import { createAssessment, createUser } from '@portal/testkit/factories';
import { TEST_ACTIONS_SECRET } from '@portal/testkit/test-app';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE } from '../../plugins/app/request-guard.ts';

// The self assessment end to end, against the real engine and database (ASSESSMENT_BULK_TOOLS
// off, as in production): every test makes its own practice, people, standards and assessment.

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
}, 60_000);
afterAll(() => stack?.close());

type Cast = Awaited<ReturnType<typeof createAssessmentCast>>;

/** A cast with an accreditation of the practice on fresh standards (4 indicators), its QAM the cast's. */
async function world(overrides: { selfAssessmentDue?: string; qam?: boolean } = {}) {
  const cast = await createAssessmentCast(stack.sql);
  const standards = await createStandards(stack.sql);
  const accreditationId = await createAccreditation(stack.sql, cast.practice.id, {
    surveyVersionId: standards.surveyVersionId,
    qamId: overrides.qam === false ? null : cast.qam.id,
    selfAssessmentDue: overrides.selfAssessmentDue ?? '2026-09-30',
  });
  return { ...cast, standards, accreditationId };
}

/** A world with its self assessment in the given status. */
async function selfAssessment(status = 'IN_PROGRESS', options: { qam?: boolean } = {}) {
  const w = await world(options);
  const { id: assessmentId } = await createAssessment(stack.sql, w.accreditationId, { status });
  return { ...w, assessmentId };
}

const NOT_FOUND = { code: 'not_found', message: ASSESSMENT_MESSAGES.noSuchAssessment };
const FORBIDDEN = { code: 'forbidden', message: 'You do not have permission to do that.' };
const everyone = (w: Cast) => [w.pm, w.surveyor, w.qam, w.admin, w.stranger];
const nameOf = (w: Cast, who: CastMember) =>
  (['pm', 'surveyor', 'qam', 'admin', 'stranger'] as const).find((k) => w[k] === who)!;

/** The domain's answer for a member of the cast on a self assessment in this status. */
function buttonsOf(w: Cast, who: CastMember, status: 'IN_PROGRESS' | 'UNDER_REVIEW' | 'COMPLETED') {
  const access: TPracticeAccess = {
    practiceRoles: who === w.pm ? ['PM'] : who === w.surveyor ? ['SU'] : [],
    backOfficeRole: who.role === 'user' ? null : who.role,
    visitorOnSurveyVisitIds: [],
  };
  return assessmentButtons({
    type: 'PRESURVEY',
    status,
    flags: derivePermissionFlags(access, { surveyVisitId: null }),
    hasSubmitted: false,
    isSurveyVisitor: false,
    bulkToolsEnabled: false,
  });
}

describe('startSelfAssessment', () => {
  it('ends the first view and creates the self assessment, due when the accreditation says; again, the same', async () => {
    const w = await world({ selfAssessmentDue: '2026-10-15' });
    const result = await callAs(stack, w.pm, START, { p: w.practice.id });
    expect(result.errors).toBeUndefined();
    const { startSelfAssessment } = result.data as { startSelfAssessment: { assessmentId: number } };
    expect(startSelfAssessment).toEqual({
      accreditationId: w.accreditationId,
      assessmentId: expect.any(Number),
    });
    const { rows } = await stack.sql.query(
      `select a.type, a.status, a.due_date::text, a.last_updated_by_id, acc.is_first_view
         from assessments a join accreditations acc on acc.id = a.accreditation_id where a.id = $1`,
      [startSelfAssessment.assessmentId],
    );
    expect(rows).toEqual([
      {
        type: 'PRESURVEY',
        status: 'IN_PROGRESS',
        due_date: '2026-10-15',
        last_updated_by_id: w.pm.id,
        is_first_view: false,
      },
    ]);
    const audit = await stack.sql.query(
      `select changed_by_id, changed_by_role from audit_log where table_name = 'assessments' and row_id = $1`,
      [String(startSelfAssessment.assessmentId)],
    );
    expect(audit.rows).toEqual([{ changed_by_id: w.pm.id, changed_by_role: 'user' }]);

    const before = await assessmentState(stack, startSelfAssessment.assessmentId);
    const again = await callAs(stack, w.qam, START, { p: w.practice.id });
    expect(again.data).toEqual(result.data);
    expect(await assessmentState(stack, startSelfAssessment.assessmentId)).toEqual(before);
  });

  it('takes the current accreditation: the latest that is not archived', async () => {
    const w = await world();
    const newer = await createAccreditation(stack.sql, w.practice.id, { status: 'CLOSED' });
    await createAccreditation(stack.sql, w.practice.id, { status: 'CLOSED', archived: true });
    const result = await callAs<{ startSelfAssessment: { accreditationId: number } }>(stack, w.admin, START, {
      p: w.practice.id,
    });
    expect(result.data?.startSelfAssessment.accreditationId).toBe(newer);
  });

  it('is for whoever may change the practice: not its surveyors, nobody outside it', async () => {
    const w = await world();
    const untouched = async () =>
      (
        await stack.sql.query(
          `select acc.is_first_view, (select count(*)::int from assessments where accreditation_id = acc.id) as n
             from accreditations acc where acc.id = $1`,
          [w.accreditationId],
        )
      ).rows;
    expect(await untouched()).toEqual([{ is_first_view: true, n: 0 }]);
    expect(refusal(await callAs(stack, w.surveyor, START, { p: w.practice.id }))).toEqual(FORBIDDEN);
    const noPractice = { code: 'not_found', message: 'There is no such practice.' };
    expect(refusal(await callAs(stack, w.stranger, START, { p: w.practice.id }))).toEqual(noPractice);
    expect(refusal(await callAs(stack, w.pm, START, { p: 2_000_000_000 }))).toEqual(noPractice);
    expect(await untouched()).toEqual([{ is_first_view: true, n: 0 }]);
  });

  it('refuses a practice without an accreditation cycle', async () => {
    const cast = await createAssessmentCast(stack.sql);
    expect(refusal(await callAs(stack, cast.pm, START, { p: cast.practice.id }))).toEqual({
      code: 'not_found',
      message: ASSESSMENT_MESSAGES.noSelfAssessment,
    });
  });

  it('creates one self assessment when two start at once', async () => {
    const w = await world();
    const [a, b] = await Promise.all([
      callAs(stack, w.pm, START, { p: w.practice.id }),
      callAs(stack, w.qam, START, { p: w.practice.id }),
    ]);
    expect(a.errors ?? b.errors).toBeUndefined();
    expect(a.data).toEqual(b.data);
    const { rows } = await stack.sql.query(
      'select count(*)::int as n from assessments where accreditation_id = $1',
      [w.accreditationId],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});

describe('openAssessment', () => {
  it("gives every indicator a blank response and releases the caller's own locks, and only theirs", async () => {
    const w = await selfAssessment();
    const [first, second] = w.standards.indicatorIds;
    const answered = await createResponse(stack.sql, w.assessmentId, first!, { is_marked_complete: true });
    const other = await createResponse(stack.sql, w.assessmentId, second!);
    await createIndicatorLock(stack.sql, w.assessmentId, answered, w.pm.id);
    await createIndicatorLock(stack.sql, w.assessmentId, other, w.pm.id);
    const qamLock = await createIndicatorLock(stack.sql, w.assessmentId, other, w.qam.id);

    const result = await callAs(stack, w.pm, OPEN, { a: w.assessmentId });
    expect(result.data).toEqual({
      openAssessment: { id: w.assessmentId, releasedLocks: 2, createdResponses: 2 },
    });
    const { rows } = await stack.sql.query(
      `select indicator_id, is_marked_complete, compliance, checklists, last_updated_by_id
         from indicator_responses where assessment_id = $1 order by indicator_id`,
      [w.assessmentId],
    );
    expect(rows.map((r) => r.indicator_id)).toEqual([...w.standards.indicatorIds].sort((x, y) => x - y));
    expect(rows.find((r) => r.indicator_id === first)?.is_marked_complete).toBe(true);
    expect(rows.filter((r) => r.indicator_id !== first && r.indicator_id !== second)).toEqual(
      w.standards.indicatorIds.slice(2).map((id) => ({
        indicator_id: id,
        is_marked_complete: false,
        compliance: null,
        checklists: {},
        last_updated_by_id: w.pm.id,
      })),
    );
    expect((await assessmentState(stack, w.assessmentId)).locks).toEqual([
      { id: qamLock, user_id: w.qam.id },
    ]);

    const again = await callAs(stack, w.pm, OPEN, { a: w.assessmentId });
    expect(again.data).toEqual({
      openAssessment: { id: w.assessmentId, releasedLocks: 0, createdResponses: 0 },
    });
  });

  it("covers the edition's STANDARDS sets only: an optional module gets no response and is not counted", async () => {
    const w = await selfAssessment();
    const {
      rows: [module],
    } = await stack.sql.query<{ id: number }>(
      `insert into indicator_sets (survey_version_id, name, full_code, type, sort_order)
       values ($1, 'Optional module', 'M1', 'MODULE', 99) returning id`,
      [w.standards.surveyVersionId],
    );
    const {
      rows: [moduleIndicator],
    } = await stack.sql.query<{ id: number }>(
      `insert into indicators (indicator_set_id, code, name) values ($1, 'M1.1', 'Module indicator') returning id`,
      [module!.id],
    );

    const result = await callAs(stack, w.pm, OPEN, { a: w.assessmentId });
    expect(result.data).toEqual({
      openAssessment: { id: w.assessmentId, releasedLocks: 0, createdResponses: 4 },
    });
    const { rows: responses } = await stack.sql.query(
      'select indicator_id from indicator_responses where assessment_id = $1',
      [w.assessmentId],
    );
    expect(responses.map((r) => r.indicator_id)).not.toContain(moduleIndicator!.id);

    // A module response left by older data is not counted either.
    await createResponse(stack.sql, w.assessmentId, moduleIndicator!.id, { is_marked_complete: true });
    await stack.sql.query(
      'update indicator_responses set is_marked_complete = true where assessment_id = $1 and indicator_id = $2',
      [w.assessmentId, w.standards.indicatorIds[0]],
    );
    const { rows: counts } = await stack.sql.query(
      'select total, complete from assessment_counts where assessment_id = $1',
      [w.assessmentId],
    );
    expect(counts).toEqual([{ total: 4, complete: 1 }]);
  });

  it('creates nothing for a reader who may not change the answers (a surveyor of the practice)', async () => {
    const w = await selfAssessment();
    const result = await callAs(stack, w.surveyor, OPEN, { a: w.assessmentId });
    expect(result.data).toEqual({
      openAssessment: { id: w.assessmentId, releasedLocks: 0, createdResponses: 0 },
    });
    expect((await assessmentState(stack, w.assessmentId)).responses).toEqual([]);
  });

  it('answers a locked assessment like a missing one, and leaves it alone', async () => {
    const w = await selfAssessment('UNDER_REVIEW');
    const response = await createResponse(stack.sql, w.assessmentId, w.standards.indicatorIds[0]!);
    await createIndicatorLock(stack.sql, w.assessmentId, response, w.pm.id);
    const before = await assessmentState(stack, w.assessmentId);
    // Under review a self assessment is locked for its practice (spec 001 §6), not for the QAM.
    for (const who of [w.pm, w.surveyor]) {
      expect([nameOf(w, who), refusal(await callAs(stack, who, OPEN, { a: w.assessmentId }))]).toEqual([
        nameOf(w, who),
        NOT_FOUND,
      ]);
    }
    expect(await assessmentState(stack, w.assessmentId)).toEqual(before);
    const qam = await callAs(stack, w.qam, OPEN, { a: w.assessmentId });
    expect(qam.data).toEqual({
      openAssessment: { id: w.assessmentId, releasedLocks: 0, createdResponses: 3 },
    });
  });

  it("answers another practice's assessment and an unknown id alike", async () => {
    const w = await selfAssessment();
    expect(refusal(await callAs(stack, w.stranger, OPEN, { a: w.assessmentId }))).toEqual(NOT_FOUND);
    expect(refusal(await callAs(stack, w.stranger, OPEN, { a: 2_000_000_000 }))).toEqual(NOT_FOUND);
  });

  it("opens a survey visit's assessment for its visitors, not for the practice while surveyed", async () => {
    const w = await world();
    const visitId = await createSurveyVisit(stack.sql, w.accreditationId, [{ userId: w.surveyor.id }]);
    const { id: assessmentId } = await createAssessment(stack.sql, w.accreditationId, {
      type: 'SURVEY_VISIT',
      survey_visit_id: visitId,
    });
    expect(refusal(await callAs(stack, w.pm, OPEN, { a: assessmentId }))).toEqual(NOT_FOUND);
    const visitor = await callAs(stack, w.surveyor, OPEN, { a: assessmentId });
    expect(visitor.data).toEqual({
      openAssessment: { id: assessmentId, releasedLocks: 0, createdResponses: 4 },
    });
  });
});

describe('submitSelfAssessment', () => {
  it('is allowed to exactly whom the Submit for review button shows to, per the flag table', async () => {
    const w = await world();
    const outcomes: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const who of everyone(w)) {
      const { id: assessmentId } = await createAssessment(
        stack.sql,
        // One open cycle per practice: the others are closed ones.
        await createAccreditation(stack.sql, w.practice.id, {
          surveyVersionId: w.standards.surveyVersionId,
          status: 'CLOSED',
        }),
      );
      const before = await assessmentState(stack, assessmentId);
      const result = await callAs(stack, who, SUBMIT, { a: assessmentId });
      outcomes[nameOf(w, who)] = refusal(result) ?? 'submitted';
      expected[nameOf(w, who)] =
        who === w.stranger
          ? NOT_FOUND
          : buttonsOf(w, who, 'IN_PROGRESS').submitForReview
            ? 'submitted'
            : FORBIDDEN;
      if (result.errors) expect(await assessmentState(stack, assessmentId)).toEqual(before);
    }
    expect(outcomes).toEqual(expected);
    // Not vacuous: the practice manager and the back office submit, the surveyor may not.
    expect(outcomes).toEqual({
      pm: 'submitted',
      surveyor: FORBIDDEN,
      qam: 'submitted',
      admin: 'submitted',
      stranger: NOT_FOUND,
    });
  });

  it('goes under review once, recording who and when; a second submit by anyone is refused', async () => {
    const w = await selfAssessment();
    const result = await callAs(stack, w.pm, SUBMIT, { a: w.assessmentId });
    expect(result.data).toEqual({
      submitSelfAssessment: {
        id: w.assessmentId,
        status: 'UNDER_REVIEW',
        message: ASSESSMENT_MESSAGES.submitted,
      },
    });
    const after = await assessmentState(stack, w.assessmentId);
    expect(after.assessment[0]).toMatchObject({ status: 'UNDER_REVIEW', last_updated_by_id: w.pm.id });
    expect(after.submissions).toEqual([
      { id: expect.any(Number), user_id: w.pm.id, withdrawn_at: null, withdrawn_by_id: null },
    ]);
    const audit = await stack.sql.query(
      `select changed_by_id, new_data ->> 'status' as status from audit_log
        where table_name = 'assessments' and row_id = $1 and operation = 'UPDATE'`,
      [String(w.assessmentId)],
    );
    expect(audit.rows).toEqual([{ changed_by_id: w.pm.id, status: 'UNDER_REVIEW' }]);
    expect(
      after.statusChanges.map((c) => [c.from_status, c.to_status, c.changed_by_id, c.reason, c.detail]),
    ).toEqual([['IN_PROGRESS', 'UNDER_REVIEW', w.pm.id, null, { action: 'submitForReview' }]]);

    for (const who of [w.pm, w.qam, w.admin]) {
      expect(refusal(await callAs(stack, who, SUBMIT, { a: w.assessmentId }))).toEqual({
        code: 'invalid_transition',
        message: ASSESSMENT_MESSAGES.alreadySubmitted,
      });
    }
    expect(await assessmentState(stack, w.assessmentId)).toEqual(after);
  });

  it('lets exactly one of two submits at once through', async () => {
    const w = await selfAssessment();
    const results = await Promise.all([
      callAs(stack, w.pm, SUBMIT, { a: w.assessmentId }),
      callAs(stack, w.qam, SUBMIT, { a: w.assessmentId }),
    ]);
    expect(results.filter((r) => r.data?.submitSelfAssessment)).toHaveLength(1);
    expect(results.map(refusal).filter(Boolean)).toEqual([
      { code: 'invalid_transition', message: ASSESSMENT_MESSAGES.alreadySubmitted },
    ]);
    const state = await assessmentState(stack, w.assessmentId);
    expect(state.assessment[0]?.status).toBe('UNDER_REVIEW');
    expect(state.submissions).toHaveLength(1);
  });

  it('refuses a completed self assessment and a survey visit, changing nothing', async () => {
    const done = await selfAssessment('COMPLETED');
    const before = await assessmentState(stack, done.assessmentId);
    expect(refusal(await callAs(stack, done.qam, SUBMIT, { a: done.assessmentId }))).toEqual({
      code: 'invalid_transition',
      message: ASSESSMENT_MESSAGES.alreadySubmitted,
    });
    expect(await assessmentState(stack, done.assessmentId)).toEqual(before);

    const w = await world();
    const visitId = await createSurveyVisit(stack.sql, w.accreditationId, [{ userId: w.surveyor.id }]);
    const { id: survey } = await createAssessment(stack.sql, w.accreditationId, {
      type: 'SURVEY_VISIT',
      survey_visit_id: visitId,
    });
    const surveyBefore = await assessmentState(stack, survey);
    expect(refusal(await callAs(stack, w.qam, SUBMIT, { a: survey }))).toEqual({
      code: 'invalid_input',
      message: ASSESSMENT_MESSAGES.selfAssessmentOnly,
    });
    expect(await assessmentState(stack, survey)).toEqual(surveyBefore);
  });
});

describe('completeSelfAssessment', () => {
  it('is for the back office only (the Completed button), per the flag table', async () => {
    const w = await world();
    const outcomes: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const who of everyone(w)) {
      const { id: assessmentId } = await createAssessment(
        stack.sql,
        await createAccreditation(stack.sql, w.practice.id, {
          surveyVersionId: w.standards.surveyVersionId,
          status: 'CLOSED',
        }),
        { status: 'UNDER_REVIEW' },
      );
      const before = await assessmentState(stack, assessmentId);
      const result = await callAs(stack, who, COMPLETE, { a: assessmentId });
      outcomes[nameOf(w, who)] =
        refusal(result) ?? (result.data as Record<string, unknown>).completeSelfAssessment;
      expected[nameOf(w, who)] =
        who === w.stranger
          ? NOT_FOUND
          : buttonsOf(w, who, 'UNDER_REVIEW').completed
            ? { id: assessmentId, status: 'COMPLETED', message: ASSESSMENT_MESSAGES.completed }
            : FORBIDDEN;
      if (result.errors) expect(await assessmentState(stack, assessmentId)).toEqual(before);
      else
        expect((await assessmentState(stack, assessmentId)).assessment[0]).toMatchObject({
          status: 'COMPLETED',
          last_updated_by_id: who.id,
        });
    }
    expect(outcomes).toEqual(expected);
    expect(
      Object.entries(outcomes)
        .filter(([, o]) => 'status' in (o as object))
        .map(([k]) => k),
    ).toEqual(['qam', 'admin']);
  });

  it('refuses a self assessment that is not under review, changing nothing', async () => {
    for (const status of ['IN_PROGRESS', 'COMPLETED']) {
      const w = await selfAssessment(status);
      const before = await assessmentState(stack, w.assessmentId);
      expect([status, refusal(await callAs(stack, w.qam, COMPLETE, { a: w.assessmentId }))]).toEqual([
        status,
        { code: 'invalid_transition', message: ASSESSMENT_MESSAGES.notUnderReview },
      ]);
      expect(await assessmentState(stack, w.assessmentId)).toEqual(before);
    }
  });
});

describe('requestAssistance', () => {
  const lastMail = async () =>
    (
      await stack.sql.query(
        'select to_address, subject, text_body, template from email_outbox order by id desc limit 1',
      )
    ).rows[0];

  it("e-mails the practice's question to its QAM through the outbox", async () => {
    const w = await selfAssessment();
    const result = await callAs(stack, w.pm, ASSIST, {
      a: w.assessmentId,
      m: '  How do we show evidence for C1.1?  ',
    });
    expect(result.data).toEqual({ requestAssistance: { message: ASSESSMENT_MESSAGES.assistanceSent } });
    const mail = await lastMail();
    expect(mail).toMatchObject({
      to_address: w.qam.email,
      subject: `Request for assistance: ${w.practice.name}, Self Assessment`,
      template: 'assessment-assistance',
    });
    expect(mail.text_body).toContain('Hello Quinn,');
    expect(mail.text_body).toContain(`Priya Manager (${w.pm.email}) of ${w.practice.name}`);
    expect(mail.text_body).toContain('\nHow do we show evidence for C1.1?\n');
    expect(mail.text_body).toContain(
      `http://portal.test:3000/PracticeOverview/${w.practice.id}/Accreditation/Assessment/${w.assessmentId}`,
    );
  });

  it('records each request, and refuses one user more than the hourly limit, sending nothing', async () => {
    const w = await selfAssessment();
    const mails = async () =>
      (await stack.sql.query('select count(*)::int as n from email_outbox')).rows[0].n as number;
    // Sent at once, as a script would: the per-user lock keeps the count exact.
    const results = await Promise.all(
      Array.from({ length: ASSISTANCE_REQUESTS_PER_HOUR }, (_, i) =>
        callAs(stack, w.pm, ASSIST, { a: w.assessmentId, m: `Question ${i}` }),
      ),
    );
    expect(results.map((r) => r.errors)).toEqual(results.map(() => undefined));
    const before = await mails();
    expect(refusal(await callAs(stack, w.pm, ASSIST, { a: w.assessmentId, m: 'One more' }))).toEqual({
      code: 'rate_limited',
      message: ASSESSMENT_MESSAGES.assistanceTooMany,
    });
    expect(await mails()).toBe(before);
    const { rows } = await stack.sql.query(
      `select r.user_id, r.message, o.template from assistance_requests r
         join email_outbox o on o.id = r.email_outbox_id where r.assessment_id = $1 order by r.message`,
      [w.assessmentId],
    );
    expect(rows).toEqual(
      Array.from({ length: ASSISTANCE_REQUESTS_PER_HOUR }, (_, i) => ({
        user_id: w.pm.id,
        message: `Question ${i}`,
        template: 'assessment-assistance',
      })),
    );
    // An hour later the user may ask again; the limit is per user, not per practice.
    await stack.sql.query(
      `update assistance_requests set created_at = now() - interval '61 minutes' where user_id = $1`,
      [w.pm.id],
    );
    expect((await callAs(stack, w.pm, ASSIST, { a: w.assessmentId, m: 'Later' })).errors).toBeUndefined();
  });

  it('goes to the support address when the accreditation has no QAM', async () => {
    const w = await selfAssessment('IN_PROGRESS', { qam: false });
    expect((await callAs(stack, w.pm, ASSIST, { a: w.assessmentId, m: 'Help' })).errors).toBeUndefined();
    expect((await lastMail()).to_address).toBe(SUPPORT_EMAIL);
  });

  it('refuses an empty, over-long or control-character question, and any survey visit, sending nothing', async () => {
    const w = await selfAssessment();
    const before = await assessmentState(stack, w.assessmentId);
    const ask = async (m: string) => refusal(await callAs(stack, w.pm, ASSIST, { a: w.assessmentId, m }));
    expect(await ask(' \n ')).toEqual({
      code: 'invalid_input',
      message: ASSESSMENT_MESSAGES.assistanceEmpty,
    });
    expect(await ask('x'.repeat(2001))).toEqual({
      code: 'invalid_input',
      message: ASSESSMENT_MESSAGES.assistanceTooLong,
    });
    const nul = await callAs(stack, w.pm, ASSIST, { a: w.assessmentId, m: 'Help\u0000' });
    expect(nul.errors?.[0]?.extensions).toEqual({
      code: 'invalid_input',
      fields: { message: CONTROL_CHARACTER_MESSAGE },
    });
    expect(await assessmentState(stack, w.assessmentId)).toEqual(before);

    const visitId = await createSurveyVisit(stack.sql, w.accreditationId, [{ userId: w.surveyor.id }]);
    const { id: survey } = await createAssessment(stack.sql, w.accreditationId, {
      type: 'SURVEY_VISIT',
      survey_visit_id: visitId,
    });
    expect(refusal(await callAs(stack, w.surveyor, ASSIST, { a: survey, m: 'Help' }))).toEqual({
      code: 'invalid_input',
      message: ASSESSMENT_MESSAGES.selfAssessmentOnly,
    });
    expect(refusal(await callAs(stack, w.stranger, ASSIST, { a: w.assessmentId, m: 'Help' }))).toEqual(
      NOT_FOUND,
    );
    expect((await assessmentState(stack, w.assessmentId)).outbox).toEqual(before.outbox);
  });

  it('answers 400 to the engine for a bad question (the action handler itself)', async () => {
    const w = await selfAssessment();
    const post = (message: string) =>
      stack.app.inject({
        method: 'POST',
        url: '/api/actions/requestAssistance',
        headers: { 'x-actions-secret': TEST_ACTIONS_SECRET },
        payload: {
          action: { name: 'requestAssistance' },
          input: { assessmentId: w.assessmentId, message },
          session_variables: { 'x-hasura-user-id': String(w.pm.id), 'x-hasura-role': 'user' },
        },
      });
    for (const message of ['Help\u0007', '', 'x'.repeat(2001)]) {
      const response = await post(message);
      expect([message.slice(0, 5), response.statusCode, response.json().extensions.code]).toEqual([
        message.slice(0, 5),
        400,
        'invalid_input',
      ]);
    }
  });
});

describe('every assessment action', () => {
  it('refuses a forged or absent token before anything runs', async () => {
    const w = await selfAssessment();
    const before = await assessmentState(stack, w.assessmentId);
    for (const query of [SUBMIT, OPEN, COMPLETE, REOPEN, AUTO_COMPLETE, AUTO_CLEAR]) {
      for (const authorization of ['Bearer forged.token.value', undefined]) {
        const response = await fetch(stack.graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          body: JSON.stringify({ query, variables: { a: w.assessmentId } }),
        });
        const body = (await response.json()) as {
          data?: unknown;
          errors?: Array<{ extensions?: { code?: string } }>;
        };
        expect(body.data ?? null).toBeNull();
        expect(body.errors?.[0]?.extensions?.code).toMatch(
          authorization ? /^invalid-jwt$/ : /^invalid-headers$/,
        );
      }
    }
    expect(await assessmentState(stack, w.assessmentId)).toEqual(before);
  });

  it('keeps the bulk tools from users without special access while ASSESSMENT_BULK_TOOLS is off', async () => {
    const w = await selfAssessment();
    await createResponse(stack.sql, w.assessmentId, w.standards.indicatorIds[0]!, { observation: 'kept' });
    const before = await assessmentState(stack, w.assessmentId);
    for (const query of [AUTO_COMPLETE, AUTO_CLEAR, REOPEN]) {
      for (const who of [w.pm, w.qam, w.admin]) {
        expect(refusal(await callAs(stack, who, query, { a: w.assessmentId }))).toEqual(FORBIDDEN);
      }
    }
    expect(await assessmentState(stack, w.assessmentId)).toEqual(before);

    // A practice manager with special access has them.
    const special = { ...(await createUser(stack.sql, { hasSpecialAccess: true })), role: 'user' as const };
    await stack.sql.query(`insert into practice_users (practice_id, user_id, role) values ($1, $2, 'PM')`, [
      w.practice.id,
      special.id,
    ]);
    const cleared = await callAs(stack, special, AUTO_CLEAR, { a: w.assessmentId });
    expect(cleared.data).toEqual({
      autoClearAssessment: {
        id: w.assessmentId,
        status: 'IN_PROGRESS',
        updated: 1,
        message: ASSESSMENT_MESSAGES.bulkDone,
      },
    });
  });
});
