import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { openSignedIn, pathOf, signInAs, waitForAppShell } from './support/browser.ts';
import {
  createAccreditation,
  createPractice,
  createPracticeManager,
  createUser,
  unique,
} from './support/factories.ts';
import { unlockDevPages } from './support/mailbox.ts';
import {
  createPracticePortfolio,
  expectPractices,
  LIST,
  POLL,
  parseCsv,
  practiceNames,
  tableRows,
} from './support/practice-list.ts';
import { useE2e } from './support/suite.ts';

/**
 * In a real browser, the practice list and where it leads (spec 000 §2, §4): a practice
 * manager filters, searches and downloads the list and opens a practice, an admin pages it; a
 * manager of one practice lands on its Staff page; the manager of a payment-pending practice is sent to payment.
 * Elements are found as a user finds them: roles, labels and the spec's words. Each test makes
 * its own practices and people (factories; the manager's seven: `createPracticePortfolio`).
 */
const e2e = useE2e();

const COLUMNS = [
  'Practice',
  'Suburb',
  'State',
  'Expiry',
  'QAM',
  'Network',
  'Cycle',
  'SA Due',
  'SV Scheduled',
  'SV Booked',
];

describe('the practice list as a practice manager of several practices', () => {
  it('shows their practices with the spec columns; a filter is in the URL, survives a reload and clears', async () => {
    const { page } = e2e;
    const { manager, practices, names } = await createPracticePortfolio(e2e.stack.sql);
    // Renewal due: crossways (reapplication DUE) and seaview (PAYMENT_PENDING).
    const RENEWAL_DUE = [practices.seaview.name, practices.crossways.name];
    expect(await signInAs(page, manager)).toBe(LIST);
    await waitForAppShell(page, manager.name);

    // Fewer than 25: all of them, on one page, under the spec's columns.
    await expectPractices(page, names);
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(COLUMNS);
    expect(await page.getByRole('button', { name: 'Page 2' }).count()).toBe(0);
    await expectAccessible(page, 'the practice list of a manager of seven');

    // Tick 'Renewal due': the flag is in the URL and only the matching practices are left.
    const renewalDue = page.getByRole('checkbox', { name: 'Renewal due' });
    // The box follows the URL (a navigation), so click and wait for the URL rather than `check()`,
    // which wants the state changed the moment the click returns.
    await renewalDue.click();
    await page.waitForURL((url) => url.searchParams.get('renewalDue') === 'true');
    await expect.poll(() => renewalDue.isChecked()).toBe(true);
    await expectPractices(page, RENEWAL_DUE);
    // The row shows its due item (spec 000 §2).
    await page
      .getByRole('row', { name: new RegExp(practices.crossways.name) })
      .getByRole('link', { name: 'Renewal Due' })
      .waitFor();
    await expectAccessible(page, "the practice list, 'Renewal due' ticked");

    // Bookmarkable: a reload (or the link shared) shows the same filtered list.
    await page.reload();
    await expectPractices(page, RENEWAL_DUE);
    expect(await page.getByRole('checkbox', { name: 'Renewal due' }).isChecked()).toBe(true);
    const shared = await e2e.newPage();
    await openSignedIn(shared, manager, `${LIST}?renewalDue=true`);
    await expectPractices(shared, RENEWAL_DUE);

    // Untick: every practice again, the flag gone from the URL.
    await page.getByRole('checkbox', { name: 'Renewal due' }).click();
    await page.waitForURL((url) => !url.searchParams.has('renewalDue'));
    await expectPractices(page, names);
  });

  it('searches all practices by part of a name, and says so when nothing matches', async () => {
    const { page } = e2e;
    const { manager, practices, names } = await createPracticePortfolio(e2e.stack.sql);
    await signInAs(page, manager);
    await expectPractices(page, names);

    const search = page.getByRole('textbox', { name: 'Search all practices' });
    await search.fill('cross');
    await expectPractices(page, [practices.crossways.name]);
    await page.waitForURL((url) => url.searchParams.get('search') === 'cross');

    await search.fill('no practice is called this');
    await page.getByText('No practices found for the search criteria').waitFor();
    expect(await practiceNames(page)).toEqual([]);
    await expectAccessible(page, 'the practice list, no practice found');

    await search.fill('');
    await expectPractices(page, names);
  });

  it('downloads a CSV whose rows are the filtered list on the screen', async () => {
    const { page } = e2e;
    const { manager, practices } = await createPracticePortfolio(e2e.stack.sql);
    await openSignedIn(page, manager, `${LIST}?renewalDue=true`);
    await expectPractices(page, [practices.seaview.name, practices.crossways.name]);
    const visible = await tableRows(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const file = await download.path();
    const [header, ...rows] = parseCsv(readFileSync(file, 'utf8'));
    expect(header).toEqual(COLUMNS);
    // The same practices in the same order; the plain-text columns word for word.
    expect(rows.map((row) => row[0])).toEqual(await practiceNames(page));
    const plain = [1, 2, 4, 5]; // Suburb, State, QAM, Network
    expect(rows.map((row) => plain.map((i) => row[i]))).toEqual(
      visible.map((row) => plain.map((i) => row[i])),
    );
  });

  it('pages 25 at a time, keeps the page in the URL, and a row opens its Staff page', async () => {
    const { page, stack } = e2e;
    // 30 practices with a name of their own, which the admin searches for: two pages, whatever
    // else the database holds.
    const tag = `Paging ${unique()}`;
    const total = 30;
    for (let n = 1; n <= total; n += 1) {
      await createPractice(stack.sql, { name: `${tag} Clinic ${String(n).padStart(2, '0')}` });
    }

    await openSignedIn(
      page,
      await createUser(stack.sql, { isAdmin: true }),
      `${LIST}?search=${encodeURIComponent(tag)}`,
    );
    await expect.poll(async () => (await practiceNames(page)).length, POLL).toBe(25);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(async () => (await practiceNames(page)).length, POLL).toBe(total - 25);
    const pageTwo = await practiceNames(page);
    await expectAccessible(page, 'the practice list of an admin, page 2');

    // The page is part of the address too.
    await page.reload();
    await expect.poll(async () => practiceNames(page), POLL).toEqual(pageTwo);
    await page.getByRole('button', { name: 'Page 1' }).click();
    await expect.poll(async () => (await practiceNames(page)).length, POLL).toBe(25);
    expect((await practiceNames(page)).some((name) => pageTwo.includes(name))).toBe(false);

    // A click anywhere on a row (here its suburb) opens the practice on its Staff tab.
    const outback = await createPractice(stack.sql, {
      name: `Red Rock Community Clinic ${unique()}`,
      suburb: 'Alice Springs',
      state: 'NT',
      postcode: '0870',
    });
    await createAccreditation(stack.sql, outback.id, { expiresIn: 330 });
    await page.getByRole('textbox', { name: 'Search all practices' }).fill(outback.name);
    await page.waitForURL((url) => url.searchParams.get('search') === outback.name);
    await expectPractices(page, [outback.name]);
    await page
      .getByRole('row', { name: new RegExp(outback.name) })
      .getByRole('cell', { name: 'Alice Springs' })
      .click();
    await page.waitForURL((url) => url.pathname === `/PracticeOverview/${outback.id}/Staff`);
    await page.getByRole('heading', { name: outback.name }).waitFor();
    await page.getByRole('tab', { name: /Staff/, selected: true }).waitFor();
    for (const tab of ['Documents', 'Accreditation'])
      await page.getByRole('tab', { name: new RegExp(tab) }).waitFor();
    await expectAccessible(page, 'the practice overview, Staff tab, as an admin');
    // The overview's other tabs (later releases' screens: only that they are usable).
    for (const tab of ['Documents', 'Accreditation']) {
      await page.getByRole('tab', { name: new RegExp(tab) }).click();
      await page.getByRole('tab', { name: new RegExp(tab), selected: true }).waitFor();
      await page.getByRole('heading', { level: 2, name: tab }).waitFor();
      await expectAccessible(page, `the practice overview, ${tab} tab`);
    }
  });
});

describe('practice managers of one practice', () => {
  it('a manager of one practice lands on its Staff page, also when they open the list', async () => {
    const { page } = e2e;
    const practice = await createPractice(e2e.stack.sql, { name: 'Harbourview Family Medical' });
    await createAccreditation(e2e.stack.sql, practice.id, { selfAssessmentDueIn: 45, surveyVisitDueIn: 150 });
    const manager = await createPracticeManager(e2e.stack.sql, [practice]);
    const staff = `/PracticeOverview/${practice.id}/Staff`;
    expect(await signInAs(page, manager)).toBe(staff);
    await page.getByRole('heading', { name: practice.name }).waitFor();
    await page.getByRole('tab', { name: /Staff/, selected: true }).waitFor();
    await expectAccessible(page, 'the practice overview, Staff tab, first view');

    await page.goto(LIST);
    await page.waitForURL((url) => url.pathname === staff);
    await page.getByRole('heading', { name: practice.name }).waitFor();
  });

  it('the manager of a payment-pending practice is sent to its payment page from the list', async () => {
    const { page } = e2e;
    // A new application waiting for its fee, and its manager's only practice.
    const practice = await createPractice(e2e.stack.sql, {
      name: 'Lakeview Doctors Merewether',
      status: 'PAYMENT_PENDING',
    });
    await createAccreditation(e2e.stack.sql, practice.id);
    const manager = await createPracticeManager(e2e.stack.sql, [practice]);
    const payment = `/api/dev/payment/${practice.id}`;
    // The payment stand-in names the practice only to someone who opened the dev pages.
    await unlockDevPages(page, e2e.stack.devPagesKey);
    await signInAs(page, manager);
    // Signing in already lands on payment (their one practice opens to it); then the list does too.
    await page.waitForURL((url) => url.pathname === payment);
    await page.goto(LIST);
    await page.waitForURL((url) => url.pathname === payment);
    await page.getByRole('heading', { name: `Payment for ${practice.name}` }).waitFor();
    expect(pathOf(page)).toBe(payment);

    // Spec 000 §4: once paid (the stand-in does what the gateway's confirmation does) the cycle
    // starts and the practice opens, no longer sent to payment.
    await page.getByRole('button', { name: 'Complete the payment (test)' }).click();
    await page.waitForURL((url) => url.pathname === `/PracticeOverview/${practice.id}/Staff`);
    await page.getByRole('heading', { name: practice.name }).waitFor();
    // The list opens their one practice's Staff tab now, not payment.
    await page.goto(LIST);
    await page.waitForURL((url) => url.pathname === `/PracticeOverview/${practice.id}/Staff`);
    await page.getByRole('heading', { name: practice.name }).waitFor();
  });
});
