import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACTION_TIMEOUT_MS, pathOf, signIn } from './support/browser.ts';
import { unlockDevPages } from './support/mailbox.ts';
import { useE2e } from './support/suite.ts';

/**
 * Issue 5 in a real browser, the practice screens that write (spec 000 §2): a practice manager
 * edits the details (and is told about a bad ABN and postcode), the provider admin adds a
 * practice, a manager of one practice adds another from the header menu and lands on it, a
 * manager submits a due renewal and reaches payment, and confirms a survey visit.
 * Seeds: hasura/seeds/default/40_practices.sql and 50_accreditations.sql.
 */
const e2e = useE2e();

const OVERVIEW_STAFF = /^\/PracticeOverview\/(\d+)\/Staff$/;
const POLL = { timeout: ACTION_TIMEOUT_MS, interval: 100 };

/** Fills the required fields and the address of the add form. */
async function fillNewPractice(page: Page, name: string) {
  await page.getByRole('textbox', { name: /^Practice name/ }).fill(name);
  await page.getByRole('textbox', { name: 'Street' }).fill('7 Wharf Road');
  await page.getByRole('textbox', { name: 'Suburb' }).fill('Balmain');
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'NSW – New South Wales' }).click();
  await page.getByRole('textbox', { name: 'Postcode' }).fill('2041');
}

/** The practice id of the overview the page landed on after adding. */
async function landedPracticeId(page: Page): Promise<number> {
  await page.waitForURL((url) => OVERVIEW_STAFF.test(url.pathname), { timeout: ACTION_TIMEOUT_MS });
  return Number(OVERVIEW_STAFF.exec(pathOf(page))?.[1]);
}

describe('practice forms in the browser', () => {
  it('a practice manager edits the details, is told about a bad ABN and postcode, and saves', async () => {
    const { page } = e2e;
    await signIn(page, 'pm@demo.test');
    await page.goto('/Practice/Details/5');
    const abn = page.getByRole('textbox', { name: 'ABN' });
    const postcode = page.getByRole('textbox', { name: 'Postcode' });
    await expect.poll(() => abn.inputValue(), POLL).toBe('14605223871');

    await abn.fill('1460522');
    await postcode.fill('50');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('An ABN is 11 digits.').waitFor();
    await page.getByText('A postcode is 4 digits.').waitFor();
    // The buttons are at the end of a long form: the first field with a message gets the focus.
    await expect.poll(() => page.evaluate("document.activeElement?.getAttribute('name')"), POLL).toBe('abn');

    await abn.fill('14 605 223 872');
    await postcode.fill('5068');
    await page.getByRole('textbox', { name: 'Suburb' }).fill('Kent Town');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The practice details have been saved.').waitFor();

    await page.reload();
    await expect.poll(() => abn.inputValue(), POLL).toBe('14605223872');
    expect(await postcode.inputValue()).toBe('5068');
    expect(await page.getByRole('textbox', { name: 'Suburb' }).inputValue()).toBe('Kent Town');
  });

  it('the provider admin adds a practice and lands on it', async () => {
    const { page } = e2e;
    await signIn(page, 'admin@demo.test');
    await page.goto('/Practice/Add');
    await fillNewPractice(page, 'Balmain Wharf Clinic');
    await page.getByRole('button', { name: 'Add practice' }).click();
    const id = await landedPracticeId(page);
    expect(id).toBeGreaterThan(10);
    await page.getByRole('heading', { name: 'Balmain Wharf Clinic' }).waitFor();
  });

  it('a manager of one practice adds another from the header menu, lands on it, and then manages two', async () => {
    const { page } = e2e;
    expect(await signIn(page, 'pm.single@demo.test')).toBe('/PracticeOverview/1/Staff');
    const menu = page.getByRole('button', { name: /^Account menu for / });
    await menu.click();
    await page.getByRole('menuitem', { name: 'Add practice' }).click();
    await page.waitForURL((url) => url.pathname === '/Practice/Add');

    await fillNewPractice(page, 'Harbourside North');
    await page.getByRole('textbox', { name: 'ABN' }).fill('123');
    await page.getByRole('button', { name: 'Add practice' }).click();
    await page.getByText('An ABN is 11 digits.').waitFor();
    await page.getByRole('textbox', { name: 'ABN' }).fill('');
    await page.getByRole('button', { name: 'Add practice' }).click();
    await landedPracticeId(page);
    await page.getByRole('heading', { name: 'Harbourside North' }).waitFor();

    // Now a manager of two practices: the menu no longer offers Add practice, the list shows both.
    await menu.click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Add practice' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto('/Practice/List');
    await page.getByRole('link', { name: 'Harbourside North' }).waitFor();
    await page.getByRole('link', { name: 'Harbourside Family Medical' }).waitFor();
  });

  it('a practice manager submits a due renewal from the dashboard and reaches payment', async () => {
    const { page } = e2e;
    // The payment stand-in names the practice only to someone who opened the dev pages.
    await unlockDevPages(page, e2e.stack.devPagesKey);
    await signIn(page, 'pm@demo.test');
    await page.goto('/Dashboard');
    await page.getByTestId('due-renewal-3').getByRole('link', { name: 'Start renewal' }).click();
    await page.waitForURL((url) => url.pathname === '/Practice/Reapplication/3');
    await page.getByText(/Your renewal is due by/).waitFor();

    await page.getByRole('textbox', { name: 'Doctors head count' }).fill('7');
    await page.getByRole('textbox', { name: 'Doctors maximum' }).fill('8');
    await page.getByRole('button', { name: 'Submit renewal' }).click();
    await page.getByText('Your renewal has been submitted. Continue to payment to complete it.').waitFor();
    await page
      .getByText(/Your renewal was submitted on \d{2}\/\d{2}\/\d{4} and is waiting for payment/)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Submit renewal' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL((url) => url.pathname === '/api/dev/payment/3');
    await page.getByRole('heading', { name: 'Payment for Southern Cross General Practice' }).waitFor();
  });

  it('a practice manager confirms a survey visit and the dashboard stops asking', async () => {
    const { page } = e2e;
    await signIn(page, 'pm@demo.test');
    await page.goto('/Dashboard');
    await page.getByTestId('due-confirmation-10').getByRole('link', { name: 'Review visit' }).click();
    await page.waitForURL((url) => url.pathname === '/Practice/SurveyConfirmation/10');

    const visit = page.getByTestId('visit-9');
    await visit.getByText('Confirmation due').waitFor();
    await visit.getByRole('button', { name: 'Confirm visit' }).click();
    await page.getByText('Thank you. The survey visit is confirmed.').waitFor();
    await page.getByText('No survey visit of this practice is waiting for its confirmation.').waitFor();
    await visit.getByText(/^Confirmed \d{2}\/\d{2}\/\d{4}$/).waitFor();

    await page.goto('/Dashboard');
    await page.getByRole('list', { name: 'Due items' }).waitFor();
    await page.getByTestId('due-renewal-4').waitFor();
    expect(await page.getByTestId('due-confirmation-10').count()).toBe(0);
  });
});
