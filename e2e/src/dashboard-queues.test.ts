import { devMailboxPath, preferredDaysRoute, SURVEY_OFFERS_PATH } from '@portal/domain';
import { createAssessment } from '@portal/testkit/factories';
import { runScheduledJob } from '@portal/testkit/scheduled-jobs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { ACTION_TIMEOUT_MS, openSignedIn, pathOf, waitForAppShell } from './support/browser.ts';
import {
  addPracticeRole,
  createAccreditation,
  createPractice,
  createPracticeManager,
  createStaffMember,
  createSurveyVisit,
  createUser,
  type TestPractice,
  type TestUser,
} from './support/factories.ts';
import { useE2e } from './support/suite.ts';

/**
 * The dashboard's work queues (docs/decisions/dashboard.md) in a real browser: a practice manager,
 * a surveyor, a QAM and a provider admin each see their queue, one item of each leads to the screen
 * where the work is done, and a change made by another user (the QAM completes a staff row through
 * GraphQL) moves the practice manager's count without a reload. Axe on each dashboard. The same
 * work reaches users outside the dashboard (docs/decisions/notifications.md): the header's bell
 * counts a new offer live and opens it; the e-mail digest's link opens its screen.
 */
const e2e = useE2e();
const POLL = { timeout: ACTION_TIMEOUT_MS, interval: 100 };

let manager: TestUser;
let surveyor: TestUser;
let qam: TestUser;
let admin: TestUser;
let riverbend: TestPractice;
let hinterland: TestPractice;
let incompleteStaff: number;
let daysVisit: number;
let review: number;
let approved: number;

beforeAll(async () => {
  const { sql } = e2e.stack;
  riverbend = await createPractice(sql, { name: 'Riverbend Medical Centre', status: 'IN_PROGRESS' });
  hinterland = await createPractice(sql, { name: 'Hinterland Family Practice', status: 'IN_PROGRESS' });
  manager = await createPracticeManager(sql, [riverbend]);
  surveyor = await createUser(sql, { isSurveyor: true, firstName: 'Sam', lastName: 'Surveyor' });
  qam = await createUser(sql, { isQam: true, firstName: 'Quinn', lastName: 'Manager' });
  admin = await createUser(sql, { isAdmin: true, firstName: 'Ada', lastName: 'Admin' });

  // Riverbend: a nurse without a registration number; a self assessment due; days asked of the surveyor.
  incompleteStaff = (await createStaffMember(sql, riverbend.id, { type: 'nurse', registration: null })).id;
  const cycle = await createAccreditation(sql, riverbend.id, { qamId: qam.id, selfAssessmentDueIn: 21 });
  await createAssessment(sql, cycle.id, { type: 'PRESURVEY' });
  daysVisit = (
    await createSurveyVisit(sql, cycle.id, {
      status: 'PREFERRED_DAYS_REQ',
      dueIn: 60,
      visitors: [{ userId: surveyor.id }],
    })
  ).id;
  await addPracticeRole(sql, riverbend.id, surveyor.id, 'SU');

  // Hinterland: a self assessment waiting for the QAM's review and a survey approved, to certify.
  const other = await createAccreditation(sql, hinterland.id, { qamId: qam.id });
  review = (await createAssessment(sql, other.id, { type: 'PRESURVEY', status: 'UNDER_REVIEW' })).id;
  const visit = await createSurveyVisit(sql, other.id, { status: 'FINAL', dateIn: -60 });
  approved = (await createAssessment(sql, other.id, { survey_visit_id: visit.id, status: 'APPROVED' })).id;
});

async function openDashboard(page: Page, user: TestUser, queue: string) {
  await openSignedIn(page, user, '/Dashboard');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.getByRole('list', { name: queue }).waitFor();
}

const countOf = (page: Page, key: string) => page.getByTestId(`queue-count-${key}`).textContent();

/** Another user's change, through the real engine with their own token (not the page's). */
async function graphqlAs(user: TestUser, role: string, query: string, variables: Record<string, unknown>) {
  const login = await fetch(`${e2e.stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const response = await fetch(`${e2e.stack.url}/v1/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${accessToken}`,
      'x-hasura-role': role,
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: unknown; errors?: unknown };
}

describe('the dashboard work queues in the browser', () => {
  it("a practice manager's queue moves live when the QAM completes a staff row, and leads to the staff register", async () => {
    const { page } = e2e;
    await openDashboard(page, manager, 'Practice work');
    await expect.poll(() => countOf(page, 'practiceManager'), POLL).toBe('3 waiting');
    await page.getByTestId(`due-staff-${riverbend.id}`).waitFor();
    await expectAccessible(page, "the practice manager's dashboard");

    const answer = await graphqlAs(
      qam,
      'qam',
      'mutation ($id: Int!) { update_practice_staff_by_pk(pk_columns: {id: $id}, _set: {registration_num: "NMW123456789"}) { id } }',
      { id: incompleteStaff },
    );
    expect(answer.errors).toBeUndefined();
    await expect.poll(() => countOf(page, 'practiceManager'), POLL).toBe('2 waiting');
    expect(await page.getByTestId(`due-staff-${riverbend.id}`).count()).toBe(0);

    await page
      .getByTestId(`due-documents-${riverbend.id}`)
      .getByRole('link', { name: 'Add documents' })
      .click();
    await page.waitForURL((url) => url.pathname === `/PracticeOverview/${riverbend.id}/Staff`);
  });

  it("a surveyor's queue asks for preferred days and leads to them", async () => {
    const { page } = e2e;
    await openDashboard(page, surveyor, 'Survey work');
    await expect.poll(() => countOf(page, 'surveyor'), POLL).toBe('1 waiting');
    await expectAccessible(page, "the surveyor's dashboard");
    await page
      .getByTestId(`due-preferred-days-${daysVisit}`)
      .getByRole('link', { name: 'Set Availability' })
      .click();
    await page.waitForURL((url) => url.pathname === `/SurveyVisits/${daysVisit}/PreferredDays`);
  });

  it("a QAM's queue lists the review and the visit to plan, and opens the assessment", async () => {
    const { page } = e2e;
    await openDashboard(page, qam, 'Reviews and planning');
    // The seeded demo data has cycles without a QAM, which are in every QAM's queue too.
    await expect.poll(() => countOf(page, 'qam'), POLL).toMatch(/^\d+ waiting$/);
    await page.getByTestId(`due-plan-${daysVisit}`).getByRole('link', { name: 'Plan visit' }).waitFor();
    expect(await page.getByTestId('queue-providerAdmin').count()).toBe(0);
    await expectAccessible(page, "the QAM's dashboard");
    await page.getByTestId(`due-review-${review}`).getByRole('link', { name: 'Review assessment' }).click();
    await page.waitForURL(
      (url) => url.pathname === `/PracticeOverview/${hinterland.id}/Accreditation/Assessment/${review}`,
    );
  });

  it("a provider admin's queue lists the survey to certify and leads to it", async () => {
    const { page } = e2e;
    await openDashboard(page, admin, 'Certification');
    await expect.poll(() => countOf(page, 'providerAdmin'), POLL).toMatch(/^\d+ waiting$/);
    await page.getByRole('list', { name: 'Reviews and planning' }).waitFor();
    await expectAccessible(page, "the provider admin's dashboard");
    await page
      .getByTestId(`due-certify-${approved}`)
      .getByRole('link', { name: 'Issue certificate' })
      .click();
    await page.waitForURL(
      (url) => url.pathname === `/PracticeOverview/${hinterland.id}/Accreditation/Assessment/${approved}`,
    );
    expect(pathOf(page)).toContain(`/Assessment/${approved}`);
  });
  it('an empty queue says so briefly', async () => {
    const { page } = e2e;
    const idle = await createUser(e2e.stack.sql, { isSurveyor: true, firstName: 'Ida', lastName: 'Idle' });
    await openSignedIn(page, idle, '/Dashboard');
    await page.getByTestId('queue-empty-surveyor').getByText('Nothing waiting').waitFor();
    expect(await countOf(page, 'surveyor')).toBe('0 waiting');
    await expectAccessible(page, 'an empty queue');
  });
});

describe('the same work outside the dashboard: the bell and the e-mail digest', () => {
  it('the bell counts an offer the QAM makes meanwhile, without a reload, and opens Survey Offers', async () => {
    const { page, stack } = e2e;
    const offered = await createUser(stack.sql, { isSurveyor: true, firstName: 'Nell', lastName: 'Bellamy' });
    const practice = await createPractice(stack.sql, {
      name: 'Bellbird Medical Centre',
      status: 'IN_PROGRESS',
    });
    const cycle = await createAccreditation(stack.sql, practice.id, { qamId: qam.id });
    const visit = await createSurveyVisit(stack.sql, cycle.id, { status: 'PLANNING', dueIn: 90 });
    // Nothing waiting yet: the dashboard says so, the bell counts none.
    await openSignedIn(page, offered, '/Dashboard');
    await page.getByTestId('queue-empty-surveyor').waitFor();
    await page.getByRole('button', { name: 'Notifications, none unread' }).waitFor();

    // The QAM offers the visit through the actions API (their own session, not the page's).
    const answer = await graphqlAs(
      qam,
      'qam',
      'mutation ($visitId: Int!, $ids: [Int!]!) { offerSurveyVisit(visitId: $visitId, surveyorIds: $ids) { offered } }',
      { visitId: visit.id, ids: [offered.id] },
    );
    expect(answer.errors).toBeUndefined();
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.click();
    const centre = page.getByRole('dialog', { name: 'Notifications' });
    const item = centre.getByRole('button', { name: /^Unread: Survey offer: Bellbird Medical Centre/ });
    await item.waitFor();
    await expectAccessible(page, 'the notification centre with an unread offer');
    await item.click();
    await page.waitForURL((url) => url.pathname === SURVEY_OFFERS_PATH);
    await page
      .getByRole('region', { name: 'Waiting for your answer' })
      .getByText('Bellbird Medical Centre')
      .waitFor();
    await page.getByRole('button', { name: 'Notifications, none unread' }).waitFor();
    const { rows } = await stack.sql.query(
      'select kind, read_at is not null as read from notifications where user_id = $1',
      [offered.id],
    );
    expect(rows).toEqual([{ kind: 'SURVEY_OFFER', read: true }]);
  });

  it("the digest e-mail in the development mailbox links to the surveyor's preferred days, opened signed in", async () => {
    const { page, stack } = e2e;
    const reader = await createUser(stack.sql, { isSurveyor: true, firstName: 'Dora', lastName: 'Digest' });
    await stack.sql.query(`update users set email_digest = 'DAILY' where id = $1`, [reader.id]);
    const practice = await createPractice(stack.sql, { name: 'Digest Creek Clinic', status: 'IN_PROGRESS' });
    const cycle = await createAccreditation(stack.sql, practice.id, { qamId: qam.id });
    const visit = await createSurveyVisit(stack.sql, cycle.id, {
      status: 'PREFERRED_DAYS_REQ',
      dueIn: 20,
      visitors: [{ userId: reader.id }],
    });
    // The digest run of a portal day that is not a Monday (weekly digests, every other user's, go
    // on Mondays), as its cron would start it: at 6 am in Sydney.
    const { rows } = await stack.sql.query<{ day: string }>(
      `select to_char(d, 'YYYY-MM-DD') as day from generate_series(public.portal_today(), public.portal_today() + 1, '1 day') d
        where extract(isodow from d) <> 1 limit 1`,
    );
    await runScheduledJob(stack.sql, 'send-digests', new Date(`${rows[0]!.day}T06:00:00+10:00`));

    // Signed in through the API, then the mailbox through the banner's link, then the e-mail's link.
    await openSignedIn(page, reader, devMailboxPath(stack.devPagesKey));
    const mail = page
      .getByRole('article')
      .filter({ hasText: `To ${reader.email}` })
      .first();
    await mail.getByText('Your daily digest', { exact: false }).waitFor();
    await mail.getByRole('link', { name: `${stack.url}${preferredDaysRoute(visit.id)}` }).click();
    await page.waitForURL((url) => url.pathname === preferredDaysRoute(visit.id));
    await page.getByRole('heading', { name: 'Preferred days', level: 1 }).waitFor();
    await page.getByText(/^Digest Creek Clinic, /).waitFor();
    await waitForAppShell(page, reader.name);
    await expectAccessible(page, "the digest's screen, the surveyor's preferred days");
  });
});
