import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { ACTION_TIMEOUT_MS, openSignedIn, pathOf, signInAs } from './support/browser.ts';
import {
  createAccreditation,
  createPractice,
  createPracticeManager,
  createReapplication,
  createSurveyVisit,
  createUser,
} from './support/factories.ts';
import { unlockDevPages } from './support/mailbox.ts';
import { useE2e } from './support/suite.ts';

/**
 * In a real browser, the practice screens that write (spec 000 §2): a practice manager
 * edits the details (and is told about a bad ABN and postcode), the provider admin adds a
 * practice, a manager of one practice adds another from the header menu and lands on it, a
 * manager submits a due renewal and reaches payment, and confirms a survey visit. Each test
 * makes the practices, cycles and people it needs (factories).
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
  await page.getByRole('option', { name: 'NSW – New South Wales' }).waitFor();
  await expectAccessible(page, 'add practice, the State list open');
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
    const practice = await createPractice(e2e.stack.sql, {
      name: 'Acacia Grove Medical Practice',
      abn: '14605223871',
      suburb: 'Norwood',
      state: 'SA',
      postcode: '5067',
    });
    await openSignedIn(
      page,
      await createPracticeManager(e2e.stack.sql, [practice]),
      `/Practice/Details/${practice.id}`,
    );
    const abn = page.getByRole('textbox', { name: 'ABN' });
    const postcode = page.getByRole('textbox', { name: 'Postcode' });
    await expect.poll(() => abn.inputValue(), POLL).toBe('14605223871');
    await expectAccessible(page, 'practice details');

    await abn.fill('1460522');
    await postcode.fill('50');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('An ABN is 11 digits.').waitFor();
    await page.getByText('A postcode is 4 digits.').waitFor();
    // The buttons are at the end of a long form: the first field with a message gets the focus.
    await expect.poll(() => page.evaluate("document.activeElement?.getAttribute('name')"), POLL).toBe('abn');
    await expectAccessible(page, 'practice details with field messages');

    await abn.fill('14 605 223 872');
    await postcode.fill('5068');
    await page.getByRole('textbox', { name: 'Suburb' }).fill('Kent Town');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The practice details have been saved.').waitFor();
    await expectAccessible(page, 'practice details, saved');

    await page.reload();
    await expect.poll(() => abn.inputValue(), POLL).toBe('14605223872');
    expect(await postcode.inputValue()).toBe('5068');
    expect(await page.getByRole('textbox', { name: 'Suburb' }).inputValue()).toBe('Kent Town');
  });

  it('the provider admin adds a practice and lands on it', async () => {
    const { page, stack } = e2e;
    const newest = async () =>
      (await stack.sql.query<{ id: number }>('select max(organisation_id) as id from practices')).rows[0]!.id;
    const before = await newest();
    await openSignedIn(page, await createUser(stack.sql, { isAdmin: true }), '/Practice/Add');
    await page.getByRole('textbox', { name: /^Practice name/ }).waitFor();
    await expectAccessible(page, 'add practice');
    await fillNewPractice(page, 'Balmain Wharf Clinic');
    await page.getByRole('button', { name: 'Add practice' }).click();
    const id = await landedPracticeId(page);
    expect(id).toBeGreaterThan(before);
    await page.getByRole('heading', { name: 'Balmain Wharf Clinic' }).waitFor();
    await expectAccessible(page, 'the new practice');
  });

  it('a manager of one practice adds another from the header menu, lands on it, and then manages two', async () => {
    const { page } = e2e;
    const practice = await createPractice(e2e.stack.sql, { name: 'Harbourview Family Medical' });
    const manager = await createPracticeManager(e2e.stack.sql, [practice]);
    expect(await signInAs(page, manager)).toBe(`/PracticeOverview/${practice.id}/Staff`);
    const menu = page.getByRole('button', { name: /^Account menu for / });
    await menu.click();
    await page.getByRole('menuitem', { name: 'Add practice' }).click();
    await page.waitForURL((url) => url.pathname === '/Practice/Add');
    await page.getByRole('textbox', { name: /^Practice name/ }).waitFor();

    await fillNewPractice(page, 'Harbourview North');
    await page.getByRole('textbox', { name: 'ABN' }).fill('123');
    await page.getByRole('button', { name: 'Add practice' }).click();
    await page.getByText('An ABN is 11 digits.').waitFor();
    await expectAccessible(page, 'add practice with a field message');
    await page.getByRole('textbox', { name: 'ABN' }).fill('');
    await page.getByRole('button', { name: 'Add practice' }).click();
    await landedPracticeId(page);
    await page.getByRole('heading', { name: 'Harbourview North' }).waitFor();

    // Now a manager of two practices: the menu no longer offers Add practice, the list shows both.
    await menu.click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Add practice' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto('/Practice/List');
    await page.getByRole('link', { name: 'Harbourview North' }).waitFor();
    await page.getByRole('link', { name: practice.name }).waitFor();
    await expectAccessible(page, 'the practice list of a manager of two');
  });

  it('a practice manager submits a due renewal from the dashboard and reaches payment', async () => {
    const { page, stack } = e2e;
    // Accredited, expiring in 150 days, its renewal due in 30.
    const practice = await createPractice(stack.sql, {
      name: 'Crossways General Practice',
      status: 'ACCREDITED',
    });
    const cycle = await createAccreditation(stack.sql, practice.id, { status: 'CLOSED', expiresIn: 150 });
    await createReapplication(stack.sql, practice.id, { accreditationId: cycle.id, dueIn: 30 });
    // The payment stand-in names the practice only to someone who opened the dev pages.
    await unlockDevPages(page, stack.devPagesKey);
    await openSignedIn(page, await createPracticeManager(stack.sql, [practice]), '/Dashboard');
    await page
      .getByTestId(`due-renewal-${practice.id}`)
      .getByRole('link', { name: 'Start renewal' })
      .waitFor();
    await expectAccessible(page, 'the dashboard with a renewal due');
    await page.getByTestId(`due-renewal-${practice.id}`).getByRole('link', { name: 'Start renewal' }).click();
    await page.waitForURL((url) => url.pathname === `/Practice/Reapplication/${practice.id}`);
    await page.getByText(/Your renewal is due by/).waitFor();
    await expectAccessible(page, 'the renewal form');

    await page.getByRole('textbox', { name: 'Doctors head count' }).fill('7');
    await page.getByRole('textbox', { name: 'Doctors maximum' }).fill('8');
    await page.getByRole('button', { name: 'Submit renewal' }).click();
    await page.getByText('Your renewal has been submitted. Continue to payment to complete it.').waitFor();
    await page
      .getByText(/Your renewal was submitted on \d{2}\/\d{2}\/\d{4} and is waiting for payment/)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Submit renewal' }).count()).toBe(0);
    await expectAccessible(page, 'the renewal, submitted and waiting for payment');

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL((url) => url.pathname === `/api/dev/payment/${practice.id}`);
    await page.getByRole('heading', { name: `Payment for ${practice.name}` }).waitFor();
  });

  it('a practice manager confirms a survey visit and the dashboard stops asking', async () => {
    const { page, stack } = e2e;
    // An accredited practice whose surveillance visit waits for the practice's confirmation.
    const practice = await createPractice(stack.sql, {
      name: 'Highland Family Doctors',
      status: 'ACCREDITED',
    });
    const cycle = await createAccreditation(stack.sql, practice.id, {
      status: 'CLOSED',
      expiresIn: -20,
      extendedTo: 100,
    });
    const surveillance = await createSurveyVisit(stack.sql, cycle.id, {
      type: 'SURVEILLANCE',
      status: 'DRAFT',
      dueIn: 40,
      confirmationFormStatus: 'SENT',
      reasonForVisit: 'FOLLOW_UP',
    });
    // The manager's other practice has a renewal awaiting payment: the dashboard keeps that item.
    const other = await createPractice(stack.sql, { name: 'Seaview Health Clinic', status: 'ACCREDITED' });
    const otherCycle = await createAccreditation(stack.sql, other.id, { status: 'CLOSED', expiresIn: 80 });
    await createReapplication(stack.sql, other.id, {
      accreditationId: otherCycle.id,
      status: 'PAYMENT_PENDING',
      dueIn: 10,
    });
    await openSignedIn(page, await createPracticeManager(stack.sql, [practice, other]), '/Dashboard');
    await page
      .getByTestId(`due-confirmation-${practice.id}`)
      .getByRole('link', { name: 'Review visit' })
      .waitFor();
    await expectAccessible(page, 'the dashboard with a visit to confirm');
    await page
      .getByTestId(`due-confirmation-${practice.id}`)
      .getByRole('link', { name: 'Review visit' })
      .click();
    await page.waitForURL((url) => url.pathname === `/Practice/SurveyConfirmation/${practice.id}`);

    const visit = page.getByTestId(`visit-${surveillance.id}`);
    await visit.getByText('Confirmation due').waitFor();
    await expectAccessible(page, 'survey confirmation');
    await visit.getByRole('button', { name: 'Confirm visit' }).click();
    await page.getByText('Thank you. The survey visit is confirmed.').waitFor();
    await page.getByText('No survey visit of this practice is waiting for its confirmation.').waitFor();
    await visit.getByText(/^Confirmed \d{2}\/\d{2}\/\d{4}$/).waitFor();
    await expectAccessible(page, 'survey confirmation, confirmed');

    await page.goto('/Dashboard');
    await page.getByRole('list', { name: 'Practice work' }).waitFor();
    await page.getByTestId(`due-renewal-${other.id}`).waitFor();
    expect(await page.getByTestId(`due-confirmation-${practice.id}`).count()).toBe(0);
  });
});
