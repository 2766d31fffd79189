import { businessDaysLeft, businessDaysLeftText, formatCertificateDue, portalToday } from '@portal/domain';
import { createAssessment, dayFromToday } from '@portal/testkit/factories';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addPracticeRole,
  createAccreditation,
  createPracticeWith,
  createStaffMember,
  createSurveyVisit,
  createUser,
  type TestUser,
} from '../../../test/factories.ts';
import { renderAppOnStack, type SignIn, useRealStack } from '../../../test/stack-harness.tsx';

/**
 * The dashboard's work queues on the real stack: each role sees its own queue and only what it may
 * see (another practice's work never shows), items link to where the work is done, and a change
 * made by someone else moves a count without a reload (the queues are live queries).
 */
describe('the dashboard work queues on the real stack', () => {
  const stack = useRealStack();
  let manager: TestUser;
  let otherManager: TestUser;
  let surveyor: TestUser;
  let qam: TestUser;
  let otherQam: TestUser;
  let admin: TestUser;
  let riverbend: { id: number; name: string };
  let hinterland: { id: number; name: string };
  let incompleteStaff: number;
  let selfAssessment: number;
  let actionPlan: number;
  let hinterlandSelf: number;
  let agreementAssessment: number;
  let approved: number;
  let offeredVisit: number;
  let daysVisit: number;
  let offerId: number;

  beforeAll(async () => {
    const { sql } = stack;
    manager = await createUser(sql);
    otherManager = await createUser(sql);
    surveyor = await createUser(sql, { isSurveyor: true });
    qam = await createUser(sql, { isQam: true });
    otherQam = await createUser(sql, { isQam: true });
    admin = await createUser(sql, { isAdmin: true });

    riverbend = await createPracticeWith(sql, {
      name: 'Riverbend Medical Centre',
      status: 'IN_PROGRESS',
      managers: [manager],
      staffIntroSeen: true,
    });
    hinterland = await createPracticeWith(sql, {
      name: 'Hinterland Family Practice',
      status: 'IN_PROGRESS',
      managers: [otherManager],
    });
    // Riverbend: a nurse without a registration number (staff to complete; CPR evidence missing).
    incompleteStaff = await createStaffMember(sql, riverbend.id, {
      firstName: 'Nina',
      lastName: 'Reyes',
      registrationNum: null,
    });
    const cycle = await createAccreditation(sql, riverbend.id, { qam, selfAssessmentDueIn: 20 });
    selfAssessment = (await createAssessment(sql, cycle, { type: 'PRESURVEY', status: 'IN_PROGRESS' })).id;
    const finalVisit = await createSurveyVisit(sql, cycle, {
      status: 'FINAL',
      dateIn: 12,
      dueIn: 30,
      confirmationFormStatus: 'SENT',
      visitors: [{ user: surveyor }],
    });
    await addPracticeRole(sql, riverbend.id, surveyor.id, 'SU');
    agreementAssessment = (
      await createAssessment(sql, cycle, {
        type: 'SURVEY_VISIT',
        status: 'IN_PROGRESS',
        survey_visit_id: finalVisit,
      })
    ).id;
    const earlierVisit = await createSurveyVisit(sql, cycle, { status: 'FINAL', dateIn: -200 });
    actionPlan = (
      await createAssessment(sql, cycle, {
        type: 'SURVEY_VISIT',
        status: 'ACTION_REQUIRED',
        survey_visit_id: earlierVisit,
        action_plan_due: dayFromToday(-3),
      })
    ).id;
    const approvedVisit = await createSurveyVisit(sql, cycle, { status: 'FINAL', dateIn: -100 });
    approved = (
      await createAssessment(sql, cycle, {
        type: 'SURVEY_VISIT',
        status: 'APPROVED',
        survey_visit_id: approvedVisit,
      })
    ).id;
    daysVisit = await createSurveyVisit(sql, cycle, {
      status: 'PREFERRED_DAYS_REQ',
      dueIn: 60,
      visitors: [{ user: surveyor }],
    });

    // Hinterland: another manager's practice and another QAM's cycle.
    const otherCycle = await createAccreditation(sql, hinterland.id, {
      qam: otherQam,
      selfAssessmentDueIn: 5,
    });
    hinterlandSelf = (await createAssessment(sql, otherCycle, { type: 'PRESURVEY', status: 'UNDER_REVIEW' }))
      .id;
    offeredVisit = await createSurveyVisit(sql, otherCycle, {
      status: 'PLANNING',
      dueIn: 90,
      visitors: [{ user: surveyor, status: 'OFFERED' }],
    });
    const { rows } = await sql.query<{ id: number }>(
      'select id from survey_visitors where survey_visit_id = $1 and user_id = $2',
      [offeredVisit, surveyor.id],
    );
    offerId = rows[0]!.id;
  });

  const open = async (as: SignIn) => {
    cleanup();
    await renderAppOnStack(stack, '/Dashboard', { as });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, { timeout: 10_000 });
  };
  const countOf = async (key: string) =>
    (await screen.findByTestId(`queue-count-${key}`, {}, { timeout: 10_000 })).textContent;
  const linkOf = (itemKey: string, name: string) =>
    within(screen.getByTestId(`due-${itemKey}`))
      .getByRole('link', { name })
      .getAttribute('href');

  it("shows a practice manager their practices' work, nothing of another practice", async () => {
    await open(manager);
    expect(await countOf('practiceManager')).toBe('5 waiting');
    const list = screen.getByRole('list', { name: 'Practice work' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.dataset.testid),
    ).toEqual([
      `due-action-plan-${actionPlan}`,
      `due-confirmation-${riverbend.id}`,
      `due-self-assessment-${selfAssessment}`,
      `due-staff-${riverbend.id}`,
      `due-documents-${riverbend.id}`,
    ]);
    // The action plan's lateness in business days, counted with the database's holidays
    // (docs/decisions/evidence.md): the holidays load after the queue.
    const holidays = new Set(
      (await stack.sql.query<{ day: string }>('select day::text as day from public_holidays')).rows.map(
        (r) => r.day,
      ),
    );
    const late = businessDaysLeftText(businessDaysLeft(dayFromToday(0), dayFromToday(-3), holidays));
    expect(late).toMatch(/business days? overdue$/);
    await waitFor(() =>
      expect(screen.getByTestId(`due-action-plan-${actionPlan}`).textContent).toContain(late),
    );
    expect(linkOf(`self-assessment-${selfAssessment}`, 'Open assessment')).toBe(
      `/PracticeOverview/${riverbend.id}/Accreditation/Assessment/${selfAssessment}`,
    );
    expect(linkOf(`staff-${riverbend.id}`, 'Complete staff')).toBe(`/PracticeOverview/${riverbend.id}/Staff`);
    expect(linkOf(`confirmation-${riverbend.id}`, 'Review visit')).toBe(
      `/Practice/SurveyConfirmation/${riverbend.id}`,
    );
    expect(list.textContent).not.toContain(hinterland.name);
    // A practice manager has no back-office or surveyor queue.
    expect(screen.queryByTestId('queue-qam')).toBeNull();
    expect(screen.queryByTestId('queue-surveyor')).toBeNull();
  });

  it('moves the count live when someone else completes the staff row', async () => {
    await open(manager);
    expect(await countOf('practiceManager')).toBe('5 waiting');
    await stack.sql.query(`update practice_staff set registration_num = 'NMW0000001' where id = $1`, [
      incompleteStaff,
    ]);
    await waitFor(
      () => expect(screen.getByTestId('queue-count-practiceManager').textContent).toBe('4 waiting'),
      {
        timeout: 10_000,
      },
    );
    expect(screen.queryByTestId(`due-staff-${riverbend.id}`)).toBeNull();
    await stack.sql.query(`update practice_staff set registration_num = null where id = $1`, [
      incompleteStaff,
    ]);
    await waitFor(
      () => expect(screen.getByTestId('queue-count-practiceManager').textContent).toBe('5 waiting'),
      {
        timeout: 10_000,
      },
    );
  });

  it("shows a surveyor their offers, days, agreement and visits, not other surveyors' work", async () => {
    await open(surveyor);
    await countOf('surveyor');
    const list = screen.getByRole('list', { name: 'Survey work' });
    const keys = within(list)
      .getAllByRole('listitem')
      .map((li) => li.dataset.testid);
    expect(keys.sort()).toEqual(
      [
        `due-agreement-${agreementAssessment}`,
        `due-offer-${offerId}`,
        `due-preferred-days-${daysVisit}`,
        `due-visit-${await finalVisitOf(agreementAssessment)}`,
      ].sort(),
    );
    expect(linkOf(`offer-${offerId}`, 'Answer offer')).toBe('/SurveyVisits/Offers');
    expect(screen.getByTestId(`due-offer-${offerId}`).textContent).toContain(hinterland.name);
    expect(linkOf(`preferred-days-${daysVisit}`, 'Set Availability')).toBe(
      `/SurveyVisits/${daysVisit}/PreferredDays`,
    );
    expect(linkOf(`agreement-${agreementAssessment}`, 'Sign agreement')).toBe(
      `/PracticeOverview/${riverbend.id}/Accreditation/Assessment/${agreementAssessment}`,
    );
    // The visit's agreement is not signed yet: nothing of it may be kept offline.
    const visit = screen.getByTestId(`due-visit-${await finalVisitOf(agreementAssessment)}`);
    expect(within(visit).queryByRole('button', { name: 'Make available offline' })).toBeNull();
    // The surveyor is not a practice manager: their empty practice queue is not shown.
    expect(screen.queryByTestId('queue-practiceManager')).toBeNull();
  });

  const finalVisitOf = async (assessmentId: number) => {
    const { rows } = await stack.sql.query<{ survey_visit_id: number }>(
      'select survey_visit_id from assessments where id = $1',
      [assessmentId],
    );
    return rows[0]!.survey_visit_id;
  };

  it("shows a QAM their own cycles' reviews, overdue plans and visits to plan", async () => {
    await open(qam);
    expect(await countOf('qam')).toBe('2 waiting');
    expect(screen.getByTestId(`due-overdue-${actionPlan}`).textContent).toContain('Action plan overdue');
    expect(linkOf(`plan-${daysVisit}`, 'Plan visit')).toBe('/SurveyVisits/Planning');
    // Hinterland's self assessment under review belongs to another QAM.
    expect(screen.queryByTestId(`due-review-${hinterlandSelf}`)).toBeNull();
    expect(screen.queryByTestId('queue-providerAdmin')).toBeNull();
  });

  it("moves a QAM's count live when an overdue action plan gets a new due date", async () => {
    await open(qam);
    expect(await countOf('qam')).toBe('2 waiting');
    await stack.sql.query('update assessments set action_plan_due = $2 where id = $1', [
      actionPlan,
      dayFromToday(30),
    ]);
    await waitFor(() => expect(screen.getByTestId('queue-count-qam').textContent).toBe('1 waiting'), {
      timeout: 10_000,
    });
    expect(screen.queryByTestId(`due-overdue-${actionPlan}`)).toBeNull();
    await stack.sql.query('update assessments set action_plan_due = $2 where id = $1', [
      actionPlan,
      dayFromToday(-3),
    ]);
    await waitFor(() => expect(screen.getByTestId('queue-count-qam').textContent).toBe('2 waiting'), {
      timeout: 10_000,
    });
  });

  it('shows a provider admin the surveys to certify (on the 20-business-day clock) and every QAM item', async () => {
    const approvedAt = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await stack.sql.query(
      `insert into assessment_status_changes (assessment_id, from_status, to_status, changed_at)
       values ($1, 'UNDER_REVIEW', 'APPROVED', $2)`,
      [approved, approvedAt],
    );
    const { rows } = await stack.sql.query<{ day: string }>('select day::text as day from public_holidays');
    const clock = formatCertificateDue(approvedAt, portalToday(), new Set(rows.map((r) => r.day)));
    await open(admin);
    expect(await countOf('providerAdmin')).toBe('1 waiting');
    expect(linkOf(`certify-${approved}`, 'Issue certificate')).toBe(
      `/PracticeOverview/${riverbend.id}/Accreditation/Assessment/${approved}`,
    );
    await waitFor(() =>
      expect(screen.getByTestId(`due-certify-${approved}`).textContent).toContain(clock!.text),
    );
    expect(await countOf('qam')).toBe('4 waiting');
    expect(screen.getByTestId(`due-review-${hinterlandSelf}`).textContent).toContain(
      'Self assessment to review',
    );
    expect(screen.getByTestId(`due-plan-${offeredVisit}`)).toBeTruthy();
  });

  it('says briefly when a queue is empty', async () => {
    await open(otherQam);
    await countOf('qam');
    // Hinterland's review and its visit to plan are the other QAM's.
    expect(await countOf('qam')).toBe('2 waiting');
    const nobody = await createUser(stack.sql, { isSurveyor: true });
    await open(nobody);
    expect(await countOf('surveyor')).toBe('0 waiting');
    expect(screen.getByTestId('queue-empty-surveyor').textContent).toBe('Nothing waiting');
  });
});
