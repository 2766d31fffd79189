import {
  ASSESSMENT_MESSAGES,
  assessmentButtons,
  derivePermissionFlags,
  REVIEW_MESSAGES,
  SURVEY_SUBMIT_MESSAGES,
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
  APPROVE,
  assessmentState,
  callAs,
  NOTIFY_REVIEWED,
  REOPEN_BECAUSE,
  REOPEN_FROM,
  refusal,
} from '@portal/testkit/assessment-test-kit';
import { createAssessment, createCertificate, createContact, createUser } from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Review, Approve (the 20 % rule), the review notification and Reopen. Reopen is a
// bulk tool: the switch is on here, so only its own rules decide.

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated', env: { ASSESSMENT_BULK_TOOLS: 'true' } });
}, 60_000);
afterAll(() => stack?.close());

const NOT_FOUND = { code: 'not_found', message: ASSESSMENT_MESSAGES.noSuchAssessment };

/**
 * A cast with a survey visit assessment in `status` on `indicators` indicators (C1.1 …), the
 * cast's surveyor an accepted visitor who submitted; `aspirational` indicators (by index) are not
 * mandatory.
 */
async function world(
  status: string,
  options: { indicators?: number; aspirational?: number[]; visitType?: string } = {},
) {
  const cast = await createAssessmentCast(stack.sql);
  const standards = await createStandards(stack.sql, {
    indicators: Array.from({ length: options.indicators ?? 5 }, () => ({})),
  });
  for (const index of options.aspirational ?? []) {
    await stack.sql.query('update indicators set mandatory = false where id = $1', [
      standards.indicatorIds[index],
    ]);
  }
  const accreditationId = await createAccreditation(stack.sql, cast.practice.id, {
    surveyVersionId: standards.surveyVersionId,
  });
  const visitId = await createSurveyVisit(stack.sql, accreditationId, [{ userId: cast.surveyor.id }]);
  if (options.visitType) {
    await stack.sql.query('update survey_visits set type = $1 where id = $2', [options.visitType, visitId]);
  }
  const { id: assessmentId } = await createAssessment(stack.sql, accreditationId, {
    status,
    type: 'SURVEY_VISIT',
    survey_visit_id: visitId,
  });
  await createSubmission(stack.sql, assessmentId, cast.surveyor.id);
  return { ...cast, standards, accreditationId, visitId, assessmentId };
}

type World = Awaited<ReturnType<typeof world>>;

/** Rates every indicator MET but those given, which are NOT_MET with the given NC fields. */
async function rate(
  w: World,
  notMet: Record<number, { non_conformity_status?: 'OPEN' | 'CLOSED'; refer_to_ca?: boolean }>,
) {
  for (const [index, indicatorId] of w.standards.indicatorIds.entries()) {
    const nc = notMet[index];
    await createResponse(
      stack.sql,
      w.assessmentId,
      indicatorId,
      nc
        ? {
            compliance: 'NOT_MET',
            non_compliance_statement: 'Missing',
            non_conformity_status: 'OPEN',
            ...nc,
            ...(nc.non_conformity_status === 'CLOSED' ? { date_closed: '2026-11-02' } : {}),
          }
        : { compliance: 'MET', is_marked_complete: true },
    );
  }
}

const statusChanges = async (assessmentId: number) =>
  (
    await stack.sql.query(
      `select from_status, to_status, changed_by_id, reason, detail from assessment_status_changes
        where assessment_id = $1 order by id`,
      [assessmentId],
    )
  ).rows;

describe('approveSurveyAssessment', () => {
  it('approves a survey under review whose non-conformities are closed or referred, recording the counts', async () => {
    const w = await world('UNDER_REVIEW', { indicators: 10 });
    await rate(w, { 0: { non_conformity_status: 'CLOSED' }, 3: { refer_to_ca: true } });
    const result = await callAs(stack, w.qam, APPROVE, { a: w.assessmentId });
    expect(result.data).toEqual({
      approveSurveyAssessment: {
        id: w.assessmentId,
        status: 'APPROVED',
        message: REVIEW_MESSAGES.approved,
        repeatAssessmentRequired: true,
      },
    });
    const after = await assessmentState(stack, w.assessmentId);
    expect(after.assessment[0]).toMatchObject({
      status: 'APPROVED',
      last_updated_by_id: w.qam.id,
      repeat_assessment_required: true,
    });
    expect(await statusChanges(w.assessmentId)).toEqual([
      {
        from_status: 'UNDER_REVIEW',
        to_status: 'APPROVED',
        changed_by_id: w.qam.id,
        reason: null,
        detail: {
          visitType: 'ACCREDITATION',
          mandatoryCount: 10,
          mandatoryNotMet: 2,
          percent: 20,
          repeatAssessmentRequired: true,
        },
      },
    ]);
  });

  it('does not require a repeat assessment below 20 %, counting only mandatory indicators', async () => {
    // 2 of 10 NOT_MET, but one of them aspirational: 1 of 9 mandatory (11 %).
    const w = await world('ACTION_REQUIRED', { indicators: 10, aspirational: [1] });
    await rate(w, { 0: { non_conformity_status: 'CLOSED' }, 1: { non_conformity_status: 'CLOSED' } });
    const result = await callAs(stack, w.admin, APPROVE, { a: w.assessmentId });
    expect(result.data).toMatchObject({
      approveSurveyAssessment: { status: 'APPROVED', repeatAssessmentRequired: false },
    });
    expect((await statusChanges(w.assessmentId))[0]).toMatchObject({
      from_status: 'ACTION_REQUIRED',
      detail: { mandatoryCount: 9, mandatoryNotMet: 1, percent: 11, repeatAssessmentRequired: false },
    });
    expect((await assessmentState(stack, w.assessmentId)).assessment[0]?.repeat_assessment_required).toBe(
      false,
    );
  });

  it('never requires a repeat assessment after a survey that is not an accreditation survey', async () => {
    const w = await world('UNDER_REVIEW', { indicators: 2, visitType: 'SURVEILLANCE' });
    await rate(w, { 0: { non_conformity_status: 'CLOSED' }, 1: { refer_to_ca: true } });
    expect((await callAs(stack, w.qam, APPROVE, { a: w.assessmentId })).data).toMatchObject({
      approveSurveyAssessment: { repeatAssessmentRequired: false },
    });
  });

  it('is refused while NOT_MET indicators are open and not referred, naming them and changing nothing', async () => {
    const w = await world('ACTION_REQUIRED', { indicators: 5 });
    await rate(w, { 1: {}, 2: { refer_to_ca: true }, 4: {} });
    const before = await assessmentState(stack, w.assessmentId);
    expect(refusal(await callAs(stack, w.qam, APPROVE, { a: w.assessmentId }))).toEqual({
      code: 'invalid_transition',
      message: REVIEW_MESSAGES.openNonConformities(['C1.2', 'C1.5']),
    });
    expect(await assessmentState(stack, w.assessmentId)).toEqual(before);
  });

  it('spec 001 §5: under review a Not met finding is refused with the way out, Action required', async () => {
    const w = await world('UNDER_REVIEW', { indicators: 3 });
    await rate(w, { 1: {} });
    const before = await assessmentState(stack, w.assessmentId);
    expect(refusal(await callAs(stack, w.qam, APPROVE, { a: w.assessmentId }))).toEqual({
      code: 'invalid_transition',
      message: REVIEW_MESSAGES.notMetUnderReview(['C1.2']),
    });
    expect(REVIEW_MESSAGES.notMetUnderReview(['C1.2'])).toContain("'Action required'");
    expect(await assessmentState(stack, w.assessmentId)).toEqual(before);
  });

  it('is refused from any other status, and a second approval is refused, changing nothing', async () => {
    for (const status of ['IN_PROGRESS', 'PARTIALLY_SUBMITTED', 'APPROVED', 'CERTIFIED']) {
      const w = await world(status, { indicators: 1 });
      await rate(w, {});
      const before = await assessmentState(stack, w.assessmentId);
      expect([status, refusal(await callAs(stack, w.admin, APPROVE, { a: w.assessmentId }))]).toEqual([
        status,
        { code: 'invalid_transition', message: REVIEW_MESSAGES.notApprovable },
      ]);
      expect(await assessmentState(stack, w.assessmentId)).toEqual(before);
    }
    const w = await world('UNDER_REVIEW', { indicators: 1 });
    await rate(w, {});
    expect((await callAs(stack, w.qam, APPROVE, { a: w.assessmentId })).errors).toBeUndefined();
    const approved = await assessmentState(stack, w.assessmentId);
    expect(refusal(await callAs(stack, w.qam, APPROVE, { a: w.assessmentId }))).toEqual({
      code: 'invalid_transition',
      message: REVIEW_MESSAGES.notApprovable,
    });
    expect(await assessmentState(stack, w.assessmentId)).toEqual(approved);
  });

  it('approves once when two reviewers approve at the same moment', async () => {
    const w = await world('UNDER_REVIEW', { indicators: 1 });
    await rate(w, {});
    await stack.tokenFor(w.qam.email, w.qam.password);
    await stack.tokenFor(w.admin.email, w.admin.password);
    const results = await Promise.all([
      callAs(stack, w.qam, APPROVE, { a: w.assessmentId }),
      callAs(stack, w.admin, APPROVE, { a: w.assessmentId }),
    ]);
    expect(results.map((r) => refusal(r)?.message ?? 'approved').sort()).toEqual(
      ['approved', REVIEW_MESSAGES.notApprovable].sort(),
    );
    expect((await statusChanges(w.assessmentId)).map((c) => c.to_status)).toEqual(['APPROVED']);
  });

  it('follows the Approve button: the practice and its surveyors are forbidden, strangers see nothing', async () => {
    const w = await world('UNDER_REVIEW', { indicators: 1 });
    await rate(w, {});
    const before = await assessmentState(stack, w.assessmentId);
    for (const [name, who, practiceRoles] of [
      ['pm', w.pm, ['PM']],
      ['surveyor', w.surveyor, ['SU']],
    ] as const) {
      const { approve } = assessmentButtons({
        type: 'SURVEY_VISIT',
        status: 'UNDER_REVIEW',
        flags: derivePermissionFlags(
          { practiceRoles: [...practiceRoles], backOfficeRole: null, visitorOnSurveyVisitIds: [w.visitId] },
          { surveyVisitId: w.visitId },
        ),
        hasSubmitted: name === 'surveyor',
        isSurveyVisitor: name === 'surveyor',
        bulkToolsEnabled: true,
      });
      expect([
        name,
        approve,
        refusal(await callAs(stack, who, APPROVE, { a: w.assessmentId }))?.code,
      ]).toEqual([name, false, 'forbidden']);
    }
    expect(refusal(await callAs(stack, w.stranger, APPROVE, { a: w.assessmentId }))).toEqual(NOT_FOUND);
    expect(refusal(await callAs(stack, w.qam, APPROVE, { a: 2_000_000_000 }))).toEqual(NOT_FOUND);
    expect(await assessmentState(stack, w.assessmentId)).toEqual(before);
  });

  it('refuses a self assessment', async () => {
    const cast = await createAssessmentCast(stack.sql);
    const accreditationId = await createAccreditation(stack.sql, cast.practice.id);
    const { id: assessmentId } = await createAssessment(stack.sql, accreditationId, {
      status: 'UNDER_REVIEW',
    });
    expect(refusal(await callAs(stack, cast.qam, APPROVE, { a: assessmentId }))).toEqual({
      code: 'invalid_input',
      message: SURVEY_SUBMIT_MESSAGES.surveyOnly,
    });
  });
});

describe('sendNcReviewedEmail', () => {
  const outbox = async (since: number) =>
    (
      await stack.sql.query(
        `select to_address, template, text_body from email_outbox where id > $1 order by to_address`,
        [since],
      )
    ).rows;
  const lastOutboxId = async () =>
    (await stack.sql.query<{ id: number }>('select coalesce(max(id), 0)::int as id from email_outbox'))
      .rows[0]!.id;

  it("e-mails the practice's active managers and nominated contact once each, and records the history", async () => {
    const w = await world('ACTION_REQUIRED', { indicators: 3 });
    await rate(w, { 0: {}, 1: { non_conformity_status: 'CLOSED' } });
    const contact = await createContact(stack.sql, w.practice.id, { email: 'nominated@example.test' });
    await stack.sql.query('update accreditations set nominated_accreditation_contact_id = $1 where id = $2', [
      contact.id,
      w.accreditationId,
    ]);
    const since = await lastOutboxId();
    const result = await callAs<{ sendNcReviewedEmail: { detail: string; sentTo: string; sentAt: string } }>(
      stack,
      w.qam,
      NOTIFY_REVIEWED,
      { a: w.assessmentId },
    );
    expect(result.errors).toBeUndefined();
    const addresses = [w.pm.email, 'nominated@example.test'].sort((a, b) =>
      a.toLowerCase().localeCompare(b.toLowerCase()),
    );
    expect(result.data?.sendNcReviewedEmail).toEqual({
      detail: REVIEW_MESSAGES.notified(addresses),
      sentTo: addresses.join(', '),
      sentAt: expect.any(String),
    });
    const mails = await outbox(since);
    expect(mails.map((m) => [m.to_address, m.template])).toEqual(addresses.map((a) => [a, 'nc-reviewed']));
    expect(mails[0]?.text_body).toContain('Open: 1. Closed: 1.');
    // The practice manager reads the history through GraphQL, newest first.
    await callAs(stack, w.admin, NOTIFY_REVIEWED, { a: w.assessmentId });
    const history = await callAs<{ review_history: { sent_by_id: number; sent_to: string }[] }>(
      stack,
      w.pm,
      `query ($a: Int!) { review_history(where: {assessment_id: {_eq: $a}}, order_by: {sent_at: desc}) { sent_by_id sent_to } }`,
      { a: w.assessmentId },
    );
    expect(history.data?.review_history).toEqual([
      { sent_by_id: w.admin.id, sent_to: addresses.join(', ') },
      { sent_by_id: w.qam.id, sent_to: addresses.join(', ') },
    ]);
  });

  it('follows the Reviewed button and needs someone to send to, changing nothing when refused', async () => {
    const w = await world('UNDER_REVIEW', { indicators: 1 });
    const before = await assessmentState(stack, w.assessmentId);
    for (const who of [w.pm, w.surveyor] as CastMember[]) {
      expect(refusal(await callAs(stack, who, NOTIFY_REVIEWED, { a: w.assessmentId }))).toEqual({
        code: 'forbidden',
        message: REVIEW_MESSAGES.notifyNotAllowed,
      });
    }
    expect(refusal(await callAs(stack, w.stranger, NOTIFY_REVIEWED, { a: w.assessmentId }))).toEqual(
      NOT_FOUND,
    );
    expect(await assessmentState(stack, w.assessmentId)).toEqual(before);

    for (const status of ['IN_PROGRESS', 'PARTIALLY_SUBMITTED', 'APPROVED', 'CERTIFIED']) {
      const other = await world(status, { indicators: 1 });
      const untouched = await assessmentState(stack, other.assessmentId);
      expect([
        status,
        refusal(await callAs(stack, other.qam, NOTIFY_REVIEWED, { a: other.assessmentId })),
      ]).toEqual([status, { code: 'forbidden', message: REVIEW_MESSAGES.notifyNotAllowed }]);
      expect(await assessmentState(stack, other.assessmentId)).toEqual(untouched);
    }

    await stack.sql.query('update practice_users set active = false where practice_id = $1', [w.practice.id]);
    expect(refusal(await callAs(stack, w.qam, NOTIFY_REVIEWED, { a: w.assessmentId }))).toEqual({
      code: 'invalid_input',
      message: REVIEW_MESSAGES.noRecipients,
    });
    expect(await assessmentState(stack, w.assessmentId)).toEqual(before);
  });
});

describe('reopenAssessment with a reason', () => {
  it('takes a survey with action required back under review, keeping the submissions, and records why', async () => {
    const w = await world('ACTION_REQUIRED', { indicators: 1 });
    const result = await callAs(stack, w.qam, REOPEN_BECAUSE, {
      a: w.assessmentId,
      r: ' Action plan was wrong ',
    });
    expect(result.data).toMatchObject({ reopenAssessment: { status: 'UNDER_REVIEW' } });
    const after = await assessmentState(stack, w.assessmentId);
    expect(after.submissions.map((s) => s.withdrawn_at)).toEqual([null]);
    expect(await statusChanges(w.assessmentId)).toEqual([
      {
        from_status: 'ACTION_REQUIRED',
        to_status: 'UNDER_REVIEW',
        changed_by_id: w.qam.id,
        reason: 'Action plan was wrong',
        detail: { action: 'reopen' },
      },
    ]);
  });

  it('takes an approved survey back to the status it was approved from, forgetting the verdict', async () => {
    const w = await world('ACTION_REQUIRED', { indicators: 1 });
    await rate(w, {});
    expect((await callAs(stack, w.qam, APPROVE, { a: w.assessmentId })).errors).toBeUndefined();
    const result = await callAs(stack, w.admin, REOPEN_BECAUSE, {
      a: w.assessmentId,
      r: 'Approved too early',
    });
    expect(result.data).toMatchObject({ reopenAssessment: { status: 'ACTION_REQUIRED' } });
    expect((await assessmentState(stack, w.assessmentId)).assessment[0]).toMatchObject({
      status: 'ACTION_REQUIRED',
      repeat_assessment_required: null,
    });
    expect((await statusChanges(w.assessmentId)).map((c) => [c.from_status, c.to_status, c.reason])).toEqual([
      ['ACTION_REQUIRED', 'APPROVED', null],
      ['APPROVED', 'ACTION_REQUIRED', 'Approved too early'],
    ]);
  });

  it('spec 001 §6: a certified survey is reopened to APPROVED only with special access, the reason recorded, the certificate kept', async () => {
    const w = await world('CERTIFIED', { indicators: 1 });
    const certificate = await createCertificate(stack.sql, w.practice.id, {
      accreditation_id: w.accreditationId,
    });
    const before = await assessmentState(stack, w.assessmentId);
    // The bulk-tools switch is on here: it opens the other statuses, not a certified survey.
    expect(
      refusal(await callAs(stack, w.admin, REOPEN_BECAUSE, { a: w.assessmentId, r: 'Wrong rating' })),
    ).toMatchObject({
      code: 'forbidden',
    });
    expect(await assessmentState(stack, w.assessmentId)).toEqual(before);
    const special = {
      ...(await createUser(stack.sql, { isAdmin: true, hasSpecialAccess: true })),
      role: 'provider_admin' as const,
    };
    const result = await callAs(stack, special, REOPEN_BECAUSE, {
      a: w.assessmentId,
      r: ' C1.1 was rated on the wrong evidence ',
    });
    expect(result.data).toMatchObject({ reopenAssessment: { status: 'APPROVED' } });
    expect(await statusChanges(w.assessmentId)).toEqual([
      {
        from_status: 'CERTIFIED',
        to_status: 'APPROVED',
        changed_by_id: special.id,
        reason: 'C1.1 was rated on the wrong evidence',
        detail: { action: 'reopen', certificatesInForce: [certificate.id] },
      },
    ]);
    const { rows } = await stack.sql.query('select validity from certificates where id = $1', [
      certificate.id,
    ]);
    expect(rows).toEqual([{ validity: 'VALID' }]);
  });

  it('takes a survey under review back to its surveyors, withdrawing their submissions', async () => {
    const w = await world('UNDER_REVIEW', { indicators: 1 });
    expect(
      (await callAs(stack, w.qam, REOPEN_BECAUSE, { a: w.assessmentId, r: 'Missing findings' })).data,
    ).toMatchObject({ reopenAssessment: { status: 'IN_PROGRESS' } });
    const after = await assessmentState(stack, w.assessmentId);
    expect(after.submissions.map((s) => s.withdrawn_by_id)).toEqual([w.qam.id]);
  });

  it('goes back one step only: a second press from the same screen (the status it saw) is refused', async () => {
    const w = await world('ACTION_REQUIRED', { indicators: 1 });
    const fromScreen = { a: w.assessmentId, r: 'Action plan was wrong', s: 'ACTION_REQUIRED' };
    expect((await callAs(stack, w.qam, REOPEN_FROM, fromScreen)).data).toMatchObject({
      reopenAssessment: { status: 'UNDER_REVIEW' },
    });
    const before = await assessmentState(stack, w.assessmentId);
    expect(refusal(await callAs(stack, w.qam, REOPEN_FROM, fromScreen))).toEqual({
      code: 'invalid_transition',
      message: ASSESSMENT_MESSAGES.reopenedMeanwhile,
    });
    // Still under review, its submissions live, one reopening in the history.
    expect(await assessmentState(stack, w.assessmentId)).toEqual(before);
    expect(before.submissions.map((x) => x.withdrawn_at)).toEqual([null]);
    expect((await statusChanges(w.assessmentId)).map((c) => c.to_status)).toEqual(['UNDER_REVIEW']);
  });

  it('needs a reason of 1 to 2000 characters, changing nothing without one', async () => {
    const w = await world('UNDER_REVIEW', { indicators: 1 });
    const before = await assessmentState(stack, w.assessmentId);
    expect(refusal(await callAs(stack, w.qam, REOPEN_BECAUSE, { a: w.assessmentId, r: '   ' }))).toEqual({
      code: 'invalid_input',
      message: REVIEW_MESSAGES.reasonRequired,
    });
    expect(
      refusal(await callAs(stack, w.qam, REOPEN_BECAUSE, { a: w.assessmentId, r: 'x'.repeat(2001) })),
    ).toEqual({
      code: 'invalid_input',
      message: REVIEW_MESSAGES.reasonTooLong,
    });
    expect(await assessmentState(stack, w.assessmentId)).toEqual(before);
  });
});
