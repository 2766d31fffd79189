import { REMOTE_SURVEY_PREPARATION } from '@portal/domain';
import { pdfPageTexts } from '@portal/pdf/pdf-text';
import {
  addPracticeRole,
  addSurveyVisitor,
  createAccreditation,
  createAddress,
  createContact,
  createManagedPractice,
  createSurveyVisit,
  createUser,
  dayFromToday,
  insertRow,
  type TestUser,
} from '@portal/testkit/factories';
import { DEMO_PASSWORD, startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Survey planning (docs/decisions/survey-planning.md), the QAM's side, against the real engine,
 * actions service and database: each step, and each refusal changing nothing (the visit, its
 * visitors and the outbox are the same before and after).
 */

const LIST = `query List($state: String, $qamId: Int, $dueMonth: String, $status: String) {
  surveyPlanning(state: $state, qamId: $qamId, dueMonth: $dueMonth, status: $status) {
    rows { accreditationId practiceId practiceName state qamId qamName expiryDate visitId visitStatus visitDue scheduledTooLate offered accepted }
    qams { id name } limited } }`;
const VISIT = `query Visit($visitId: Int!) { surveyPlanningVisit(visitId: $visitId) {
  id status type due periodFrom periodTo needsGpSurveyor practiceName
  surveyors { userId name homeState isGp load conflictReason visitorStatus declineReason isLead active }
  days { userId day available reason } } }`;
const CREATE = `mutation Create($accreditationId: Int!, $type: String!, $reason: String!, $dueMonth: String!) {
  createSurveyVisit(accreditationId: $accreditationId, type: $type, reason: $reason, dueMonth: $dueMonth) { visitId status due message } }`;
const OFFER = `mutation Offer($visitId: Int!, $surveyorIds: [Int!]!) {
  offerSurveyVisit(visitId: $visitId, surveyorIds: $surveyorIds) { visitId offered needsGpSurveyor message } }`;
const REQUEST = `mutation Request($visitId: Int!) { requestPreferredDays(visitId: $visitId) { visitId status requestedAt message } }`;
const FINALISE = `mutation Finalise($visitId: Int!, $date: String!, $startTime: String!, $endTime: String!, $leadUserId: Int) {
  finaliseSurveyVisit(visitId: $visitId, date: $date, startTime: $startTime, endTime: $endTime, leadUserId: $leadUserId) {
    visitId status date startTime endTime leadUserId visitors message } }`;
const SEND = `mutation Send($visitId: Int!) { sendSurveyConfirmation(visitId: $visitId) { visitId confirmationFormStatus recipients message } }`;
const SEND_WITH = `mutation Send($visitId: Int!, $template: String) { sendSurveyConfirmation(visitId: $visitId, template: $template) { visitId } }`;

type Errors = { errors?: Array<{ message: string; extensions?: { code?: string } }> };
const refusal = (result: Errors) => ({
  message: result.errors?.[0]?.message,
  code: result.errors?.[0]?.extensions?.code,
});

let stack: TestStack;
let qam: TestUser;
let admin: TestUser;
let pm: TestUser;
let gp: TestUser;
let second: TestUser;
let conflicted: TestUser;
let retired: TestUser;
let notSurveyor: TestUser;
let practice: { id: number; name: string };
let accreditationId: number;
let otherAccreditationId: number;
let contactEmail: string;

const surveyor = async (firstName: string, profile: Record<string, unknown> = {}, active = true) => {
  const user = await createUser(stack.sql, {
    password: DEMO_PASSWORD,
    isSurveyor: true,
    firstName,
    lastName: 'Surveyor',
    isActive: active,
  });
  await insertRow(stack.sql, 'surveyor_profiles', { user_id: user.id, home_state: 'VIC', ...profile });
  return user;
};

beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
  qam = await createUser(stack.sql, {
    password: DEMO_PASSWORD,
    isQam: true,
    firstName: 'Quinn',
    lastName: 'Manager',
  });
  admin = await createUser(stack.sql, { password: DEMO_PASSWORD, isAdmin: true });
  const address = await createAddress(stack.sql, { state: 'TAS', suburb: 'Hobart' });
  const managed = await createManagedPractice(stack.sql, {
    manager: { password: DEMO_PASSWORD },
    organisation: { physical_address_id: address.id },
  });
  practice = { id: managed.id, name: managed.name };
  pm = managed.pm;
  const contact = await createContact(stack.sql, practice.id, {
    email: 'nominee@example.test',
    type: 'ACCREDITATION',
  });
  contactEmail = 'nominee@example.test';
  accreditationId = (
    await createAccreditation(stack.sql, practice.id, {
      qam_id: qam.id,
      expiry_date: dayFromToday(400),
      survey_visit_due: dayFromToday(300),
      nominated_accreditation_contact_id: contact.id,
    })
  ).id;
  // Another practice's cycle, due in time, with another QAM.
  const other = await createManagedPractice(stack.sql);
  otherAccreditationId = (
    await createAccreditation(stack.sql, other.id, {
      expiry_date: dayFromToday(900),
      survey_visit_due: dayFromToday(200),
    })
  ).id;
  gp = await surveyor('Gina', { is_gp: true });
  second = await surveyor('Sam');
  conflicted = await surveyor('Connor');
  await insertRow(stack.sql, 'surveyor_conflicts', {
    user_id: conflicted.id,
    practice_id: practice.id,
    reason: 'Practice nurse there until last year',
    from_date: dayFromToday(-800),
    to_date: dayFromToday(-300),
  });
  retired = await surveyor('Rita', { active: false });
  notSurveyor = await createUser(stack.sql, { password: DEMO_PASSWORD, firstName: 'Nora' });
}, 90_000);
afterAll(async () => {
  await stack?.close();
});

/** The visit, its visitors and the whole outbox: what a refusal must leave as it was. */
async function stateOf(visitId: number) {
  const visit = (await stack.sql.query('select * from public.survey_visits where id = $1', [visitId]))
    .rows[0];
  const visitors = (
    await stack.sql.query('select * from public.survey_visitors where survey_visit_id = $1 order by id', [
      visitId,
    ])
  ).rows;
  const outbox = (await stack.sql.query('select count(*)::int as n from public.email_outbox')).rows[0].n;
  return { visit, visitors, outbox };
}

async function refusedChangingNothing(visitId: number, attempt: () => Promise<Errors>) {
  const before = await stateOf(visitId);
  const result = await attempt();
  expect(result.errors, 'the attempt should be refused').toBeDefined();
  expect(await stateOf(visitId)).toEqual(before);
  return refusal(result);
}

/**
 * Archives the cycle's open visits: a cycle holds one open visit of a type (survey_visits_one_open_visit_per_type),
 * and each test plans a visit of its own.
 */
const archiveOpenVisits = () =>
  stack.sql.query(
    `update public.survey_visits set archived = true
      where accreditation_id = $1 and not archived and status <> 'FINAL'`,
    [accreditationId],
  );

const newVisit = async (columns: Record<string, unknown> = {}) => {
  if ((columns.status ?? 'PLANNING') !== 'FINAL') await archiveOpenVisits();
  return (
    await createSurveyVisit(stack.sql, accreditationId, {
      status: 'PLANNING',
      due: dayFromToday(60),
      ...columns,
    })
  ).id;
};

describe('the planning list', () => {
  it('lists a cycle without a visit as to plan, flagged when its survey falls within five months of expiry', async () => {
    const result = await stack.gql<{
      surveyPlanning: { rows: Array<Record<string, unknown>>; qams: Array<{ id: number }> };
    }>(qam.email, LIST, { status: 'TO_PLAN' });
    expect(result.errors).toBeUndefined();
    const rows = result.data!.surveyPlanning.rows;
    const mine = rows.find((r) => r.accreditationId === accreditationId)!;
    // Due in 300 days, expiring in 400: not five months before.
    expect(mine).toMatchObject({
      visitId: null,
      state: 'TAS',
      qamId: qam.id,
      qamName: 'Quinn Manager',
      scheduledTooLate: true,
    });
    const other = rows.find((r) => r.accreditationId === otherAccreditationId)!;
    expect(other).toMatchObject({ visitId: null, scheduledTooLate: false });
    expect(result.data!.surveyPlanning.qams.map((q) => q.id)).toContain(qam.id);
  });

  it('filters by state, QAM, month and status', async () => {
    const byState = await stack.gql<{ surveyPlanning: { rows: Array<{ accreditationId: number }> } }>(
      qam.email,
      LIST,
      {
        state: 'TAS',
      },
    );
    const ids = byState.data!.surveyPlanning.rows.map((r) => r.accreditationId);
    expect(ids).toContain(accreditationId);
    expect(ids).not.toContain(otherAccreditationId);
    const byQam = await stack.gql<{ surveyPlanning: { rows: Array<{ accreditationId: number }> } }>(
      admin.email,
      LIST,
      {
        qamId: qam.id,
      },
    );
    expect(new Set(byQam.data!.surveyPlanning.rows.map((r) => r.accreditationId))).toEqual(
      new Set([accreditationId]),
    );
    const byMonth = await stack.gql<{ surveyPlanning: { rows: Array<{ accreditationId: number }> } }>(
      qam.email,
      LIST,
      {
        dueMonth: dayFromToday(200).slice(0, 7),
      },
    );
    expect(byMonth.data!.surveyPlanning.rows.map((r) => r.accreditationId)).toContain(otherAccreditationId);
    expect(byMonth.data!.surveyPlanning.rows.map((r) => r.accreditationId)).not.toContain(accreditationId);
    const finals = await stack.gql<{ surveyPlanning: { rows: Array<{ visitStatus: string }> } }>(
      qam.email,
      LIST,
      {
        status: 'FINAL',
      },
    );
    expect(finals.data!.surveyPlanning.rows.every((r) => r.visitStatus === 'FINAL')).toBe(true);
  });

  it('is refused to a practice manager, a surveyor and a QAM asking as role user', async () => {
    for (const caller of [pm.email, gp.email, { email: qam.email, role: 'user' }]) {
      const result = await stack.gql(caller, LIST, {});
      expect(refusal(result).code).toBe('forbidden');
    }
    expect(refusal(await stack.gql(pm.email, VISIT, { visitId: await newVisit() })).code).toBe('forbidden');
  });
});

describe('createSurveyVisit', () => {
  const count = async () =>
    Number(
      (
        await stack.sql.query('select count(*) from public.survey_visits where accreditation_id = $1', [
          accreditationId,
        ])
      ).rows[0].count,
    );

  it('creates a PLANNING visit due on the last day of its month, which the list then shows', async () => {
    await archiveOpenVisits();
    const result = await stack.gql<{ createSurveyVisit: { visitId: number; status: string; due: string } }>(
      qam.email,
      CREATE,
      {
        accreditationId,
        type: 'ACCREDITATION',
        reason: 'REACCREDITATION',
        dueMonth: '2031-02',
      },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.createSurveyVisit).toMatchObject({ status: 'PLANNING', due: '2031-02-28' });
    const row = (
      await stack.sql.query('select * from public.survey_visits where id = $1', [
        result.data!.createSurveyVisit.visitId,
      ])
    ).rows[0];
    expect(row).toMatchObject({
      accreditation_id: accreditationId,
      type: 'ACCREDITATION',
      reason_for_visit: 'REACCREDITATION',
      status: 'PLANNING',
    });
    const listed = await stack.gql<{
      surveyPlanning: { rows: Array<{ visitId: number; visitStatus: string }> };
    }>(qam.email, LIST, {
      dueMonth: '2031-02',
    });
    expect(listed.data!.surveyPlanning.rows.map((r) => r.visitId)).toEqual([
      result.data!.createSurveyVisit.visitId,
    ]);
  });

  it('refuses an unknown reason, a closed cycle, a bad month and a practice manager, creating nothing', async () => {
    const before = await count();
    const good = { accreditationId, type: 'GAP', reason: 'GAP_ASSESSMENT', dueMonth: '2031-05' };
    expect(refusal(await stack.gql(qam.email, CREATE, { ...good, reason: 'BIRTHDAY' }))).toEqual({
      message: 'Choose a reason from the list.',
      code: 'invalid_input',
    });
    expect(refusal(await stack.gql(qam.email, CREATE, { ...good, reason: 'GAP\u0000' })).code).toBe(
      'invalid_input',
    );
    expect(refusal(await stack.gql(qam.email, CREATE, { ...good, dueMonth: '2031-13' })).code).toBe(
      'invalid_input',
    );
    expect(refusal(await stack.gql(pm.email, CREATE, good)).code).toBe('forbidden');
    const closed = await createAccreditation(stack.sql, practice.id, { status: 'CLOSED' });
    expect(refusal(await stack.gql(qam.email, CREATE, { ...good, accreditationId: closed.id }))).toEqual({
      message: 'There is no such open accreditation.',
      code: 'not_found',
    });
    expect(await count()).toBe(before);
  });
});

describe('offerSurveyVisit', () => {
  it('refuses the whole offer when one surveyor has a conflict, naming them and the reason', async () => {
    const visitId = await newVisit();
    const { message } = await refusedChangingNothing(visitId, () =>
      stack.gql(qam.email, OFFER, { visitId, surveyorIds: [gp.id, conflicted.id] }),
    );
    expect(message).toBe(
      'Connor Surveyor cannot be offered this visit: conflict of interest (Practice nurse there until last year).',
    );
  });

  it('refuses an inactive surveyor, someone who is not a surveyor, and a final visit', async () => {
    const visitId = await newVisit();
    expect(
      (
        await refusedChangingNothing(visitId, () =>
          stack.gql(qam.email, OFFER, { visitId, surveyorIds: [retired.id] }),
        )
      ).message,
    ).toBe('Rita Surveyor is not an active surveyor and cannot be offered this visit.');
    expect(
      (
        await refusedChangingNothing(visitId, () =>
          stack.gql(qam.email, OFFER, { visitId, surveyorIds: [notSurveyor.id] }),
        )
      ).message,
    ).toMatch(/^Nora .* is not an active surveyor/);
    const finalVisit = await newVisit({ status: 'FINAL', date: dayFromToday(30) });
    expect(
      await refusedChangingNothing(finalVisit, () =>
        stack.gql(admin.email, OFFER, { visitId: finalVisit, surveyorIds: [gp.id] }),
      ),
    ).toEqual({
      message: 'This visit is final: its surveyors can no longer change.',
      code: 'invalid_transition',
    });
    expect(
      (
        await refusedChangingNothing(visitId, () =>
          stack.gql(pm.email, OFFER, { visitId, surveyorIds: [gp.id] }),
        )
      ).code,
    ).toBe('forbidden');
    expect(
      (
        await refusedChangingNothing(visitId, () =>
          stack.gql(gp.email, OFFER, { visitId, surveyorIds: [gp.id] }),
        )
      ).code,
    ).toBe('forbidden');
  });

  it('offers the visit, stamped, and the planning screen shows each surveyor, the conflict and the GP warning', async () => {
    const visitId = await newVisit();
    const first = await stack.gql<{ offerSurveyVisit: { offered: number; needsGpSurveyor: boolean } }>(
      qam.email,
      OFFER,
      {
        visitId,
        surveyorIds: [second.id],
      },
    );
    expect(first.data!.offerSurveyVisit).toEqual(
      expect.objectContaining({ offered: 1, needsGpSurveyor: true }),
    );
    const again = await stack.gql<{
      offerSurveyVisit: { offered: number; needsGpSurveyor: boolean; message: string };
    }>(qam.email, OFFER, {
      visitId,
      surveyorIds: [second.id, gp.id],
    });
    expect(again.data!.offerSurveyVisit).toEqual({
      visitId,
      offered: 1,
      needsGpSurveyor: false,
      message: 'The visit was offered to 1 surveyor.',
    });
    const rows = (
      await stack.sql.query(
        'select user_id, status, offered_by_id, offered_at from public.survey_visitors where survey_visit_id = $1 order by id',
        [visitId],
      )
    ).rows;
    expect(rows.map((r) => [r.user_id, r.status, r.offered_by_id])).toEqual([
      [second.id, 'OFFERED', qam.id],
      [gp.id, 'OFFERED', qam.id],
    ]);
    expect(rows.every((r) => r.offered_at instanceof Date)).toBe(true);

    await stack.sql.query(
      `update public.survey_visitors set status = 'DECLINED', decline_reason = 'On leave', responded_at = now()
        where survey_visit_id = $1 and user_id = $2`,
      [visitId, second.id],
    );
    const screen = await stack.gql<{
      surveyPlanningVisit: { needsGpSurveyor: boolean; surveyors: Array<Record<string, unknown>> };
    }>(qam.email, VISIT, { visitId });
    expect(screen.errors).toBeUndefined();
    const byId = new Map(screen.data!.surveyPlanningVisit.surveyors.map((s) => [s.userId, s]));
    expect(byId.get(gp.id)).toMatchObject({
      isGp: true,
      visitorStatus: 'OFFERED',
      conflictReason: null,
      homeState: 'VIC',
      active: true,
    });
    expect(byId.get(second.id)).toMatchObject({ visitorStatus: 'DECLINED', declineReason: 'On leave' });
    expect(byId.get(conflicted.id)).toMatchObject({
      conflictReason: 'Practice nurse there until last year',
      visitorStatus: null,
    });
    expect(byId.has(retired.id)).toBe(false);
    expect(screen.data!.surveyPlanningVisit.needsGpSurveyor).toBe(false);
    // Offering a surveyor who declined is refused, not a second answer.
    expect(
      (
        await refusedChangingNothing(visitId, () =>
          stack.gql(qam.email, OFFER, { visitId, surveyorIds: [second.id] }),
        )
      ).message,
    ).toBe('Sam Surveyor already declined this visit.');
  });
});

describe('offerSurveyVisit against hostile input', () => {
  it('refuses more than 20 surveyors, unknown ids and bad ids, changing nothing', async () => {
    const visitId = await newVisit();
    const many = Array.from({ length: 21 }, (_, i) => gp.id + i);
    expect(
      (
        await refusedChangingNothing(visitId, () =>
          stack.gql(qam.email, OFFER, { visitId, surveyorIds: many }),
        )
      ).code,
    ).toBe('invalid_input');
    expect(
      (
        await refusedChangingNothing(visitId, () =>
          stack.gql(qam.email, OFFER, { visitId, surveyorIds: [gp.id, 2_000_000_000] }),
        )
      ).message,
    ).toBe('User 2000000000 is not an active surveyor and cannot be offered this visit.');
    expect(
      (
        await refusedChangingNothing(visitId, () =>
          stack.gql(qam.email, OFFER, { visitId, surveyorIds: [-1] }),
        )
      ).code,
    ).toBe('invalid_input');
    expect(refusal(await stack.gql(qam.email, OFFER, { visitId: 999_999, surveyorIds: [gp.id] })).code).toBe(
      'not_found',
    );
  });

  it('counts a conflict for its own practice and network only, and not once it is over three years old', async () => {
    const network = await insertRow(stack.sql, 'practice_networks', { name: `Net ${Date.now()}` });
    const member = await createManagedPractice(stack.sql, {
      practice: { network_id: network.id, is_in_practice_network: true },
    });
    const memberCycle = await createAccreditation(stack.sql, member.id);
    const memberVisit = (
      await createSurveyVisit(stack.sql, memberCycle.id, { status: 'PLANNING', due: dayFromToday(60) })
    ).id;
    const networked = await surveyor('Nina');
    await insertRow(stack.sql, 'surveyor_conflicts', {
      user_id: networked.id,
      network_id: network.id,
      reason: 'Consulted to the network',
    });
    const old = await surveyor('Olga');
    await insertRow(stack.sql, 'surveyor_conflicts', {
      user_id: old.id,
      practice_id: member.id,
      reason: 'Long ago',
      from_date: dayFromToday(-2000),
      to_date: dayFromToday(-1200),
    });
    expect(
      (
        await refusedChangingNothing(memberVisit, () =>
          stack.gql(qam.email, OFFER, { visitId: memberVisit, surveyorIds: [networked.id] }),
        )
      ).message,
    ).toBe('Nina Surveyor cannot be offered this visit: conflict of interest (Consulted to the network).');
    // Connor's conflict is with another practice; Olga's ended more than three years ago.
    const offered = await stack.gql<{ offerSurveyVisit: { offered: number } }>(qam.email, OFFER, {
      visitId: memberVisit,
      surveyorIds: [conflicted.id, old.id],
    });
    expect(offered.errors).toBeUndefined();
    expect(offered.data!.offerSurveyVisit.offered).toBe(2);
  });
});

describe('requestPreferredDays', () => {
  it('refuses a final visit and a visit offered to nobody, sending nothing', async () => {
    const finalVisit = await newVisit({ status: 'FINAL', date: dayFromToday(30) });
    await addSurveyVisitor(stack.sql, finalVisit, gp.id, 'ACCEPTED');
    expect(
      await refusedChangingNothing(finalVisit, () => stack.gql(qam.email, REQUEST, { visitId: finalVisit })),
    ).toEqual({
      message: 'The preferred days of a final visit cannot be requested.',
      code: 'invalid_transition',
    });
    const lonely = await newVisit();
    expect(
      (await refusedChangingNothing(lonely, () => stack.gql(qam.email, REQUEST, { visitId: lonely })))
        .message,
    ).toBe('Offer the visit to a surveyor before requesting their preferred days.');
    expect(
      (await refusedChangingNothing(lonely, () => stack.gql(pm.email, REQUEST, { visitId: lonely }))).code,
    ).toBe('forbidden');
    expect(refusal(await stack.gql(qam.email, REQUEST, { visitId: 999_999 })).code).toBe('not_found');
  });

  it('moves the visit to PREFERRED_DAYS_REQ, stamps it and e-mails each offered surveyor the link', async () => {
    const visitId = await newVisit({ due: '2031-03-31' });
    await addSurveyVisitor(stack.sql, visitId, gp.id, 'OFFERED');
    await addSurveyVisitor(stack.sql, visitId, second.id, 'ACCEPTED');
    await addSurveyVisitor(stack.sql, visitId, conflicted.id, 'DECLINED', {
      decline_reason: 'Busy',
      responded_at: new Date(),
    });
    const result = await stack.gql<{ requestPreferredDays: { status: string; message: string } }>(
      qam.email,
      REQUEST,
      { visitId },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.requestPreferredDays).toMatchObject({
      status: 'PREFERRED_DAYS_REQ',
      message: 'Preferred days were requested from 2 surveyors.',
    });
    const visit = (
      await stack.sql.query(
        'select status, date_preferred_days_notif_sent from public.survey_visits where id = $1',
        [visitId],
      )
    ).rows[0];
    expect(visit.status).toBe('PREFERRED_DAYS_REQ');
    expect(visit.date_preferred_days_notif_sent).toBeInstanceOf(Date);
    const mails = (
      await stack.sql.query(
        `select to_address, subject, text_body from public.email_outbox where template = 'survey-preferred-days' and text_body like $1 order by id`,
        [`%/SurveyVisits/${visitId}/PreferredDays%`],
      )
    ).rows;
    expect(mails.map((m) => m.to_address).sort()).toEqual([gp.email, second.email].sort());
    expect(mails[0].subject).toBe(`Preferred days requested: ${practice.name}, March 2031`);
    expect(mails[0].text_body).toContain('which days in March 2031 you can do the survey visit');

    await insertRow(stack.sql, 'preferred_days', {
      survey_visit_id: visitId,
      user_id: gp.id,
      day: '2031-03-10',
      available: true,
    });
    await insertRow(stack.sql, 'preferred_days', {
      survey_visit_id: visitId,
      user_id: second.id,
      day: '2031-03-10',
      available: false,
      reason: 'Court',
    });
    const screen = await stack.gql<{
      surveyPlanningVisit: { periodFrom: string; periodTo: string; days: unknown[] };
    }>(qam.email, VISIT, { visitId });
    // The period the surveyors may mark (their page's rule): today to the end of the due month.
    const today = (await stack.sql.query('select public.portal_today()::text as d')).rows[0].d;
    expect(screen.data!.surveyPlanningVisit).toMatchObject({ periodFrom: today, periodTo: '2031-03-31' });
    expect(screen.data!.surveyPlanningVisit.days).toEqual([
      { userId: gp.id, day: '2031-03-10', available: true, reason: null },
      { userId: second.id, day: '2031-03-10', available: false, reason: 'Court' },
    ]);
  });
});

describe('finaliseSurveyVisit', () => {
  const form = (visitId: number) => ({
    visitId,
    date: dayFromToday(40),
    startTime: '09:00',
    endTime: '16:30',
  });

  it('refuses a visit nobody accepted, a past day, a lead who did not accept and a practice manager', async () => {
    const visitId = await newVisit();
    await addSurveyVisitor(stack.sql, visitId, gp.id, 'OFFERED');
    expect(
      await refusedChangingNothing(visitId, () => stack.gql(qam.email, FINALISE, form(visitId))),
    ).toEqual({
      message: 'No surveyor has accepted this visit yet, so it cannot be made final.',
      code: 'invalid_input',
    });
    await addSurveyVisitor(stack.sql, visitId, second.id, 'ACCEPTED', { responded_at: new Date() });
    expect(
      (
        await refusedChangingNothing(visitId, () =>
          stack.gql(qam.email, FINALISE, { ...form(visitId), date: dayFromToday(-1) }),
        )
      ).message,
    ).toBe('The visit date cannot be in the past.');
    expect(
      (
        await refusedChangingNothing(visitId, () =>
          stack.gql(qam.email, FINALISE, { ...form(visitId), leadUserId: gp.id }),
        )
      ).message,
    ).toBe('The lead surveyor must be one who accepted the visit.');
    expect(
      (
        await refusedChangingNothing(visitId, () =>
          stack.gql(qam.email, FINALISE, { ...form(visitId), endTime: '08:00' }),
        )
      ).code,
    ).toBe('invalid_input');
    expect(
      (await refusedChangingNothing(visitId, () => stack.gql(pm.email, FINALISE, form(visitId)))).code,
    ).toBe('forbidden');
  });

  it('makes the visit FINAL with its accepted surveyors, withdraws unanswered offers and names a lead; a second time is refused', async () => {
    const visitId = await newVisit({ status: 'PREFERRED_DAYS_REQ' });
    await addSurveyVisitor(stack.sql, visitId, gp.id, 'OFFERED');
    await addSurveyVisitor(stack.sql, visitId, second.id, 'ACCEPTED', { responded_at: new Date() });
    await addSurveyVisitor(stack.sql, visitId, conflicted.id, 'DECLINED', {
      decline_reason: 'Busy',
      responded_at: new Date(),
    });
    const result = await stack.gql<{ finaliseSurveyVisit: Record<string, unknown> }>(
      admin.email,
      FINALISE,
      form(visitId),
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.finaliseSurveyVisit).toMatchObject({
      status: 'FINAL',
      date: dayFromToday(40),
      startTime: '09:00',
      endTime: '16:30',
      leadUserId: second.id,
      visitors: 1,
      message: 'The visit is final.',
    });
    const visitors = (
      await stack.sql.query(
        'select user_id, status, is_lead from public.survey_visitors where survey_visit_id = $1 order by id',
        [visitId],
      )
    ).rows;
    expect(visitors).toEqual([
      { user_id: second.id, status: 'ACCEPTED', is_lead: true },
      { user_id: conflicted.id, status: 'DECLINED', is_lead: false },
    ]);
    // The accepted surveyor now works on the practice (SU); the declined one does not.
    const roles = await stack.sql.query(
      `select user_id from public.practice_users where practice_id = $1 and role = 'SU' and active order by user_id`,
      [practice.id],
    );
    expect(roles.rows.map((r) => r.user_id)).toEqual([second.id]);
    expect(
      (await refusedChangingNothing(visitId, () => stack.gql(qam.email, FINALISE, form(visitId)))).message,
    ).toBe('This visit is already final.');
  });
});

describe('sendSurveyConfirmation', () => {
  it('refuses a visit that is not final, sending nothing', async () => {
    const visitId = await newVisit();
    expect(await refusedChangingNothing(visitId, () => stack.gql(qam.email, SEND, { visitId }))).toEqual({
      message: 'Make the visit final before sending the survey confirmation.',
      code: 'invalid_transition',
    });
  });

  it('marks the form SENT and e-mails the practice managers and the nominated contact; once only; the practice then confirms', async () => {
    const visitId = await newVisit({
      status: 'FINAL',
      date: '2031-04-02',
      start_time: '09:00',
      end_time: '17:00',
    });
    expect((await refusedChangingNothing(visitId, () => stack.gql(pm.email, SEND, { visitId }))).code).toBe(
      'forbidden',
    );
    const result = await stack.gql<{ sendSurveyConfirmation: Record<string, unknown> }>(qam.email, SEND, {
      visitId,
    });
    expect(result.errors).toBeUndefined();
    expect(result.data!.sendSurveyConfirmation).toEqual({
      visitId,
      confirmationFormStatus: 'SENT',
      recipients: 2,
      message: 'The survey confirmation was sent to 2 recipients.',
    });
    const mails = (
      await stack.sql.query(
        `select to_address, subject, text_body from public.email_outbox where template = 'survey-confirmation' and subject like $1`,
        ['%02/04/2031'],
      )
    ).rows;
    expect(mails.map((m) => m.to_address).sort()).toEqual([contactEmail, pm.email].sort());
    expect(mails[0].text_body).toContain(`/Practice/SurveyConfirmation/${practice.id}`);
    expect(mails[0].text_body).toContain('planned for 02/04/2031, from 9:00 am to 5:00 pm');
    expect(
      (await refusedChangingNothing(visitId, () => stack.gql(qam.email, SEND, { visitId }))).message,
    ).toBe('The survey confirmation of this visit has already been sent.');
    const confirmed = await stack.gql<{ confirmSurveyVisit: { confirmationFormStatus: string } }>(
      pm.email,
      'mutation C($p: Int!, $v: Int!) { confirmSurveyVisit(practiceId: $p, visitId: $v) { confirmationFormStatus } }',
      { p: practice.id, v: visitId },
    );
    expect(confirmed.data?.confirmSurveyVisit.confirmationFormStatus).toBe('RECEIVED');
  });

  it('spec 000 §3 survey_visit.confirmation_form_template: the chosen template words the e-mail and the form; an unlisted or archived one is refused', async () => {
    const visitId = await newVisit({
      status: 'FINAL',
      date: '2031-05-07',
      start_time: '09:00',
      end_time: '13:00',
    });
    const send = (template: string) => stack.gql(qam.email, SEND_WITH, { visitId, template });
    const unlisted = 'Choose a confirmation form template from the list.';
    expect((await refusedChangingNothing(visitId, () => send('HYBRID'))).message).toBe(unlisted);
    await stack.sql.query(
      `update public.choice_items set active = false where list_key = 'survey_visit.confirmation_form_template' and value = 'REMOTE'`,
    );
    try {
      expect((await refusedChangingNothing(visitId, () => send('REMOTE'))).message).toBe(unlisted);
    } finally {
      await stack.sql.query(
        `update public.choice_items set active = true where list_key = 'survey_visit.confirmation_form_template'`,
      );
    }
    expect((await send('REMOTE')).errors).toBeUndefined();
    const mail = (
      await stack.sql.query(`select text_body from public.email_outbox where subject like $1 limit 1`, [
        '%07/05/2031',
      ])
    ).rows[0];
    expect(mail.text_body).toContain('The visit is held remotely, by video call');
    const form = await stack.app.inject({
      method: 'GET',
      url: `/api/survey-visits/${visitId}/confirmation`,
      headers: { authorization: `Bearer ${await stack.tokenFor(qam.email)}` },
    });
    expect(form.statusCode).toBe(200);
    const text = (await pdfPageTexts(form.rawPayload)).join('\n');
    expect(text).toContain('Held\nRemote visit (video call)');
    expect(text).toContain(REMOTE_SURVEY_PREPARATION.heading);
    expect(text.replace(/\n/g, ' ')).toContain(REMOTE_SURVEY_PREPARATION.checklist[2]);
  });

  it("is another practice's visit's business only: a practice without anyone to tell is refused", async () => {
    const lonely = await createManagedPractice(stack.sql);
    await stack.sql.query('update public.practice_users set active = false where practice_id = $1', [
      lonely.id,
    ]);
    const cycle = await createAccreditation(stack.sql, lonely.id);
    const visitId = (
      await createSurveyVisit(stack.sql, cycle.id, { status: 'FINAL', date: dayFromToday(20) })
    ).id;
    expect(
      (await refusedChangingNothing(visitId, () => stack.gql(qam.email, SEND, { visitId }))).message,
    ).toBe('The practice has no practice manager or nominated accreditation contact to send it to.');
    await addPracticeRole(stack.sql, lonely.id, pm.id, 'PM');
  });
});
