import { PRACTICE_LIST_PATH, SURVEY_PLANNING_PATH } from '@portal/domain';
import { format, parseISO } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { openSignedIn, signInAs, waitForAppShell } from './support/browser.ts';
import {
  createAccreditation,
  createPractice,
  createPracticeManager,
  createUser,
  nominateContact,
  type TestUser,
  unique,
} from './support/factories.ts';
import { linkInMailbox } from './support/mailbox.ts';
import { useE2e } from './support/suite.ts';

/**
 * Survey planning (docs/decisions/survey-planning.md) from end to end in a real browser: the QAM
 * creates a visit and offers it to two surveyors (a conflicted third is shown with the reason and
 * cannot be chosen), requests their preferred days; each surveyor accepts on Survey Offers and
 * states days (one through the e-mailed link); the QAM sees the days side by side, finalises and
 * sends the confirmation; the practice manager confirms; the surveyor's dashboard and practice list
 * show the visit. axe on every screen. The test makes its own QAM, practice, manager and surveyors.
 */
const e2e = useE2e();

/** The day `days` from the database's today, as yyyy-MM-dd. */
const dayIn = async (days: number): Promise<string> =>
  (await e2e.stack.sql.query(`select to_char(public.portal_today() + $1::int, 'YYYY-MM-DD') as d`, [days]))
    .rows[0].d;
const shown = (wire: string) => format(parseISO(wire), 'dd/MM/yyyy');
const buttonLabel = (wire: string) => format(parseISO(wire), 'd MMMM yyyy');

async function surveyor(firstName: string, lastName: string, isGp: boolean): Promise<TestUser> {
  const user = await createUser(e2e.stack.sql, { firstName, lastName, isSurveyor: true });
  await e2e.stack.sql.query(
    'insert into surveyor_profiles (user_id, home_state, is_gp) values ($1, $2, $3)',
    [user.id, 'NSW', isGp],
  );
  return user;
}

/** Clicks a day of the preferred days calendar, moving to its month first when needed. */
async function clickDay(page: Page, wire: string) {
  // The calendar first (isVisible does not wait): before it shows, no day is visible yet.
  await page
    .getByRole('button', { name: /^\d{1,2} \w+ \d{4}/ })
    .first()
    .waitFor();
  const day = page.getByRole('button', { name: new RegExp(`^${buttonLabel(wire)}(,|$)`) });
  for (let i = 0; i < 4 && !(await day.isVisible()); i++)
    await page.getByRole('button', { name: 'Next month' }).click();
  await day.click();
}

/** A surveyor accepts the offer on Survey Offers (from the account menu). */
async function accept(page: Page, user: TestUser, practiceName: string) {
  await signInAs(page, user);
  await waitForAppShell(page, user.name);
  await page.getByRole('button', { name: `Account menu for ${user.name}` }).click();
  await page.getByRole('menuitem', { name: 'Survey Offers' }).click();
  await page.getByRole('button', { name: `Accept the offer of ${practiceName}` }).click();
  await page.getByRole('region', { name: 'Answered offers' }).getByText(practiceName).waitFor();
}

// One flow through four people's screens: a minute alone, up to twice that beside other files.
describe('survey planning', { timeout: 180_000 }, () => {
  it('plans a visit from creation to the practice confirming it, with the surveyors in between', async () => {
    const { page, stack } = e2e;
    const qam = await createUser(stack.sql, { firstName: 'Quentin', lastName: 'Amos', isQam: true });
    const practice = await createPractice(stack.sql, {
      name: `Tidewater Medical ${unique()}`,
      suburb: 'Coogee',
    });
    const manager = await createPracticeManager(stack.sql, [practice], {
      firstName: 'Mia',
      lastName: 'Manager',
    });
    const cycle = await createAccreditation(stack.sql, practice.id, {
      qamId: qam.id,
      expiresIn: 500,
      surveyVisitDueIn: 60,
    });
    await nominateContact(stack.sql, practice.id, cycle.id, 'ACCREDITATION', {
      firstName: 'Nell',
      lastName: 'Nominee',
      email: 'nell.nominee@example.test',
    });
    const gina = await surveyor('Gina', 'Gupta', true);
    const sam = await surveyor('Sam', 'Stone', false);
    const connor = await surveyor('Connor', 'Cole', false);
    await stack.sql.query(
      `insert into surveyor_conflicts (user_id, practice_id, reason, from_date) values ($1, $2, $3, public.portal_today() - 300)`,
      [connor.id, practice.id, 'Practice nurse there until last year'],
    );
    const [free, busy] = [await dayIn(45), await dayIn(46)];

    // The QAM: the list, Create visit, the offer.
    await signInAs(page, qam);
    await waitForAppShell(page, qam.name);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Survey planning' })
      .click();
    await page.waitForURL((url) => url.pathname === '/SurveyVisits/Planning');
    const list = page.getByRole('table', { name: 'Survey visits to plan' });
    await list.getByText(practice.name).waitFor();
    await expectAccessible(page, 'the planning list');
    await page.getByRole('button', { name: `Create visit for ${practice.name}` }).click();
    const create = page.getByRole('dialog', { name: `Create visit: ${practice.name}` });
    await create.getByRole('combobox', { name: /^Reason/ }).click();
    await page.getByRole('option', { name: 'Re-accreditation (renewal of the cycle)' }).click();
    await expectAccessible(page, 'the create visit form');
    await create.getByRole('button', { name: 'Create visit' }).click();

    const drawer = page.getByRole('dialog', { name: `Plan the visit to ${practice.name}` });
    const offer = drawer.getByRole('table', { name: 'Surveyors to offer the visit to' });
    await offer.waitFor();
    const visitId = Number(new URL(page.url()).searchParams.get('visit'));
    expect(visitId).toBeGreaterThan(0);
    expect(await offer.getByRole('checkbox', { name: `Offer to ${connor.name}` }).isDisabled()).toBe(true);
    await offer.getByText('Conflicted: Practice nurse there until last year').waitFor();
    await drawer.getByText(/This survey has no GP surveyor/).waitFor();
    await expectAccessible(page, 'the planning drawer with the offer panel');
    await offer.getByRole('checkbox', { name: `Offer to ${gina.name}` }).check();
    await offer.getByRole('checkbox', { name: `Offer to ${sam.name}` }).check();
    await drawer.getByRole('button', { name: 'Offer to 2 surveyors' }).click();
    const team = drawer.getByRole('table', { name: 'Surveyors offered' });
    await expect.poll(() => team.getByText('Offered', { exact: true }).count()).toBe(2);
    await expect.poll(() => drawer.getByText(/This survey has no GP surveyor/).count()).toBe(0);

    await drawer.getByRole('button', { name: 'Request preferred days' }).click();
    const ask = page.getByRole('dialog', { name: 'Request preferred days' });
    await ask.getByText(`2 surveyors (${gina.name}, ${sam.name})`, { exact: false }).waitFor();
    await expectAccessible(page, 'the request preferred days dialog');
    await ask.getByRole('button', { name: 'Send the request' }).click();
    await drawer.getByRole('button', { name: 'Request preferred days again' }).waitFor();

    // Gina accepts and states her days from the offers page; Sam through the e-mailed link.
    const ginaPage = await e2e.newPage();
    await accept(ginaPage, gina, practice.name);
    await expectAccessible(ginaPage, "Gina's answered offer");
    await ginaPage
      .getByRole('region', { name: 'Answered offers' })
      .getByRole('link', { name: 'Set Availability' })
      .click();
    await ginaPage.waitForURL((url) => url.pathname === `/SurveyVisits/${visitId}/PreferredDays`);
    await clickDay(ginaPage, free);
    await clickDay(ginaPage, busy);
    await ginaPage.getByRole('button', { name: 'Save preferred days' }).click();
    await ginaPage.getByText('Your preferred days have been saved.').waitFor();

    const samPage = await e2e.newPage();
    await accept(samPage, sam, practice.name);
    const link = await linkInMailbox(samPage, stack.devPagesKey, sam.email, /\/PreferredDays/);
    expect(new URL(link).pathname).toBe(`/SurveyVisits/${visitId}/PreferredDays`);
    await samPage.goto(new URL(link).pathname);
    await clickDay(samPage, free);
    await samPage.getByText('Unavailable', { exact: true }).first().click();
    await clickDay(samPage, busy);
    await samPage.getByRole('textbox', { name: /^Reason for / }).fill('Court appearance');
    await expectAccessible(samPage, "Sam's preferred days");
    await samPage.getByRole('button', { name: 'Save preferred days' }).click();
    await samPage.getByText('Your preferred days have been saved.').waitFor();

    // The QAM sees both side by side, finalises and sends the confirmation.
    await page.goto(`${SURVEY_PLANNING_PATH}?visit=${visitId}`);
    const days = drawer.getByRole('table', { name: /^Preferred days / });
    const rowOf = (wire: string) =>
      days.getByRole('row').filter({ has: page.getByRole('rowheader', { name: shown(wire) }) });
    await expect
      .poll(async () => rowOf(free).getByRole('cell').allTextContents())
      .toEqual(['Available', 'Available']);
    expect(await rowOf(busy).getByRole('cell').allTextContents()).toEqual([
      'Available',
      'Unavailable: Court appearance',
    ]);
    await drawer.getByRole('group', { name: 'Legend' }).getByText(gina.name).waitFor();
    await expectAccessible(page, 'the preferred days side by side');

    await drawer.getByRole('textbox', { name: /^Visit date/ }).fill(shown(free));
    await drawer.getByRole('textbox', { name: /^Visit date/ }).press('Tab');
    await drawer.getByRole('button', { name: 'Finalise visit' }).click();
    const finalise = page.getByRole('dialog', { name: 'Finalise the visit' });
    await finalise
      .getByText(`${shown(free)}, 9:00 am to 5:00 pm, led by ${gina.name}`, { exact: false })
      .waitFor();
    await expectAccessible(page, 'the finalise dialog');
    await finalise.getByRole('button', { name: 'Finalise' }).click();
    await drawer.getByRole('button', { name: 'Send survey confirmation' }).click();
    await page
      .getByRole('dialog', { name: 'Send survey confirmation' })
      .getByRole('button', { name: 'Send' })
      .click();
    await drawer.getByText('Survey confirmation:', { exact: false }).waitFor();
    await drawer.getByText('(waiting for the practice).', { exact: false }).waitFor();
    await expectAccessible(page, 'the final visit with its confirmation sent');
    const { rows: visit } = await stack.sql.query(
      `select status, to_char(date, 'YYYY-MM-DD') as date, confirmation_form_status from survey_visits where id = $1`,
      [visitId],
    );
    expect(visit).toEqual([{ status: 'FINAL', date: free, confirmation_form_status: 'SENT' }]);

    // The practice manager confirms, through the link of the e-mail.
    const managerPage = await e2e.newPage();
    const confirmLink = await linkInMailbox(
      managerPage,
      stack.devPagesKey,
      manager.email,
      /SurveyConfirmation/,
    );
    await openSignedIn(managerPage, manager, new URL(confirmLink).pathname);
    await managerPage.getByRole('button', { name: 'Confirm visit' }).click();
    await managerPage.getByText('Thank you. The survey visit is confirmed.').waitFor();
    await expectAccessible(managerPage, 'the confirmed survey visit');

    // Gina's dashboard and practice list show the visit.
    await ginaPage.goto('/Dashboard');
    const item = ginaPage.getByRole('listitem').filter({ hasText: practice.name });
    await item.getByText('Upcoming visit').waitFor();
    await item.getByText(`On ${shown(free)}`).waitFor();
    await expectAccessible(ginaPage, "the surveyor's dashboard with the visit");
    // Searched for: with this one practice in her whole list, the bare list would open it at once
    // (spec 000 §2's single-practice landing), and the row would show only until it did.
    await ginaPage.goto(`${PRACTICE_LIST_PATH}?search=${encodeURIComponent(practice.name)}`);
    const row = ginaPage.getByRole('row').filter({ hasText: practice.name });
    await row.getByText(shown(free)).waitFor();
    await expectAccessible(ginaPage, "the surveyor's practice list with the visit");
  });
});
