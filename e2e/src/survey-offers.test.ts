import { preferredDaysRoute } from '@portal/domain';
import { format, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { signInAs, waitForAppShell } from './support/browser.ts';
import { createAccreditation, createPractice, createSurveyVisit, createUser } from './support/factories.ts';
import { useE2e } from './support/suite.ts';

/**
 * The surveyor's side of planning (docs/decisions/survey-offers.md) in a real browser: declare a
 * conflict of interest in Account settings, accept one offer and decline another with a reason on
 * Survey Offers, state preferred days on the calendar and see them after a reload; a visit past its
 * due date is read only. axe on every screen and the decline dialog. The test makes its own
 * surveyor and visits.
 */
const e2e = useE2e();

describe('survey offers', () => {
  it('a surveyor declares a conflict, accepts one offer, declines another and states preferred days', async () => {
    const { page, stack } = e2e;
    const dayIn = async (days: number): Promise<string> =>
      (await stack.sql.query(`select to_char(public.portal_today() + $1::int, 'YYYY-MM-DD') as d`, [days]))
        .rows[0].d;
    const surveyor = await createUser(stack.sql, { firstName: 'Priya', lastName: 'Raman', isSurveyor: true });
    const offer = async (name: string, suburb: string, status: string, dueIn: number) => {
      const practice = await createPractice(stack.sql, { name, suburb });
      const cycle = await createAccreditation(stack.sql, practice.id);
      return createSurveyVisit(stack.sql, cycle.id, {
        status,
        dueIn,
        visitors: [{ userId: surveyor.id, status: 'OFFERED' }],
      });
    };
    const accepted = await offer('Tidewater Medical', 'Coogee', 'PREFERRED_DAYS_REQ', 40);
    const declined = await offer('Ironbark Family Practice', 'Penrith', 'PLANNING', 120);
    const past = await offer('Saltbush Clinic', 'Broken Hill', 'PREFERRED_DAYS_REQ', -1);
    await createPractice(stack.sql, { name: 'Kookaburra Health', suburb: 'Epping' });

    await signInAs(page, surveyor);
    await waitForAppShell(page, surveyor.name);

    // The conflict of interest, declared on the profile.
    await page.getByRole('button', { name: `Account menu for ${surveyor.name}` }).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    const conflicts = page.getByRole('region', { name: 'Conflicts of interest' });
    await conflicts.getByText('in the previous 3 years', { exact: false }).waitFor();
    await conflicts.getByRole('textbox', { name: /Find a practice or network/ }).fill('Kookab');
    await conflicts.getByRole('radio', { name: 'Kookaburra Health, Epping' }).check();
    await conflicts.getByRole('textbox', { name: /^Reason/ }).fill('Consulted to its owners in 2024');
    await expectAccessible(page, 'account settings with the conflicts of interest');
    await conflicts.getByRole('button', { name: 'Declare conflict' }).click();
    const row = conflicts.getByRole('table', { name: 'Your declared conflicts' }).getByRole('row').nth(1);
    await row.getByText('Kookaburra Health').waitFor();
    await row.getByText('Consulted to its owners in 2024').waitFor();

    // The offers, from the account menu.
    await page.getByRole('button', { name: `Account menu for ${surveyor.name}` }).click();
    await page.getByRole('menuitem', { name: 'Survey Offers' }).click();
    await page.waitForURL((url) => url.pathname === '/SurveyVisits/Offers');
    const waiting = page.getByRole('region', { name: 'Waiting for your answer' });
    await waiting.getByText('Tidewater Medical').waitFor();
    await expectAccessible(page, 'survey offers waiting for an answer');

    await page.getByRole('button', { name: 'Accept the offer of Tidewater Medical' }).click();
    const answered = page.getByRole('region', { name: 'Answered offers' });
    await answered.getByText('Tidewater Medical').waitFor();

    await page.getByRole('button', { name: 'Decline the offer of Ironbark Family Practice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline the offer' });
    await dialog.getByRole('button', { name: 'Decline offer' }).click();
    await dialog.getByText('Say why you decline this offer.').waitFor();
    await expectAccessible(page, 'the decline dialog with its message');
    await dialog
      .getByRole('textbox', { name: /Reason for declining/ })
      .fill('Surveying interstate that month');
    await dialog.getByRole('button', { name: 'Decline offer' }).click();
    await answered.getByText('Surveying interstate that month').waitFor();
    const { rows: visitors } = await stack.sql.query(
      'select survey_visit_id, status, decline_reason from survey_visitors where user_id = $1 order by survey_visit_id',
      [surveyor.id],
    );
    expect(visitors).toEqual([
      { survey_visit_id: accepted.id, status: 'ACCEPTED', decline_reason: null },
      { survey_visit_id: declined.id, status: 'DECLINED', decline_reason: 'Surveying interstate that month' },
      { survey_visit_id: past.id, status: 'OFFERED', decline_reason: null },
    ]);

    // Preferred days of the accepted visit, through its Set Availability link.
    await answered.getByRole('link', { name: 'Set Availability' }).click();
    await page.waitForURL((url) => url.pathname === `/SurveyVisits/${accepted.id}/PreferredDays`);
    await page.getByText('Tidewater Medical, Coogee · Survey · Preferences due', { exact: false }).waitFor();
    await expectAccessible(page, 'preferred days, editable');
    const [free, busy] = [await dayIn(3), await dayIn(4)];
    const label = (wire: string) => format(parseISO(wire), 'd MMMM yyyy');
    await page.getByRole('button', { name: label(free), exact: true }).click();
    await page.getByText('Unavailable', { exact: true }).first().click();
    await page.getByRole('button', { name: label(busy), exact: true }).click();
    await page.getByRole('textbox', { name: /^Reason for / }).fill('Dentist appointment');
    await page.getByRole('button', { name: 'Save preferred days' }).click();
    await page.getByText('Your preferred days have been saved.').waitFor();

    await page.reload();
    await page.getByRole('button', { name: `${label(free)}, available` }).waitFor();
    await page.getByRole('button', { name: `${label(busy)}, unavailable` }).waitFor();
    expect(await page.getByRole('textbox', { name: /^Reason for / }).inputValue()).toBe(
      'Dentist appointment',
    );
    const { rows: days } = await stack.sql.query(
      `select to_char(day, 'YYYY-MM-DD') as day, available, reason from preferred_days where user_id = $1 order by day`,
      [surveyor.id],
    );
    expect(days).toEqual([
      { day: free, available: true, reason: null },
      { day: busy, available: false, reason: 'Dentist appointment' },
    ]);

    // A visit whose due date has passed: read only, saying why.
    await page.goto(preferredDaysRoute(past.id));
    await page.getByText('The preference due date has passed', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Save preferred days' }).count()).toBe(0);
    await expectAccessible(page, 'preferred days, read only');
  });
});
