import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pathOf, signIn, waitForAppShell } from './support/browser.ts';
import { unlockDevPages } from './support/mailbox.ts';
import {
  expectPractices,
  LIST,
  PM_PRACTICES,
  POLL,
  parseCsv,
  practiceNames,
  tableRows,
} from './support/practice-list.ts';
import { useE2e } from './support/suite.ts';

/**
 * Issue 5 in a real browser, the practice list and where it leads (spec 000 §2, §4): a practice
 * manager filters, searches and downloads the list and opens a practice, an admin pages it; a
 * manager of one practice lands on its Staff page; the manager of a payment-pending practice is sent to payment.
 * Elements are found as a user finds them: roles, labels and the spec's words.
 */
const e2e = useE2e();

/** Renewal due: Southern Cross (reapplication DUE) and Bayview (PAYMENT_PENDING), 50_accreditations.sql. */
const RENEWAL_DUE = [PM_PRACTICES[4], PM_PRACTICES[3]];
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
    expect(await signIn(page, 'pm@demo.test')).toBe(LIST);
    await waitForAppShell(page, 'Sarah Mitchell');

    // Fewer than 25: all of them, on one page, under the spec's columns.
    await expectPractices(page, Object.values(PM_PRACTICES));
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(COLUMNS);
    expect(await page.getByRole('button', { name: 'Page 2' }).count()).toBe(0);

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
      .getByRole('row', { name: /Southern Cross/ })
      .getByRole('link', { name: 'Renewal Due' })
      .waitFor();

    // Bookmarkable: a reload (or the link shared) shows the same filtered list.
    await page.reload();
    await expectPractices(page, RENEWAL_DUE);
    expect(await page.getByRole('checkbox', { name: 'Renewal due' }).isChecked()).toBe(true);
    const shared = await e2e.newPage();
    await signIn(shared, 'pm@demo.test');
    await shared.goto(`${LIST}?renewalDue=true`);
    await expectPractices(shared, RENEWAL_DUE);

    // Untick: every practice again, the flag gone from the URL.
    await page.getByRole('checkbox', { name: 'Renewal due' }).click();
    await page.waitForURL((url) => !url.searchParams.has('renewalDue'));
    await expectPractices(page, Object.values(PM_PRACTICES));
  });

  it('searches all practices by part of a name, and says so when nothing matches', async () => {
    const { page } = e2e;
    await signIn(page, 'pm@demo.test');
    await expectPractices(page, Object.values(PM_PRACTICES));

    const search = page.getByRole('textbox', { name: 'Search all practices' });
    await search.fill('cross');
    await expectPractices(page, [PM_PRACTICES[3]]);
    await page.waitForURL((url) => url.searchParams.get('search') === 'cross');

    await search.fill('no practice is called this');
    await page.getByText('No practices found for the search criteria').waitFor();
    expect(await practiceNames(page)).toEqual([]);

    await search.fill('');
    await expectPractices(page, Object.values(PM_PRACTICES));
  });

  it('downloads a CSV whose rows are the filtered list on the screen', async () => {
    const { page } = e2e;
    await signIn(page, 'pm@demo.test');
    await page.goto(`${LIST}?renewalDue=true`);
    await expectPractices(page, RENEWAL_DUE);
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
    // 20 more practices that no practice manager works on: only the back office lists them, so
    // the other tests of this file see the seeded lists whatever the order.
    await stack.sql.query(`
      with orgs as (
        insert into public.organisations (name, physical_address_id)
        select 'Paging Test Clinic ' || lpad(n::text, 2, '0'), 1 from generate_series(1, 20) n
        returning id)
      insert into public.practices (organisation_id, status, active_status)
      select id, 'IN_PROGRESS', 'ACTIVE' from orgs`);
    const { rows } = await stack.sql.query<{ total: number }>(
      `select count(*)::int as total from public.practices where active_status = 'ACTIVE'`,
    );
    const total = rows[0]!.total;
    expect(total).toBeGreaterThan(25);
    expect(total).toBeLessThanOrEqual(50);

    await signIn(page, 'admin@demo.test');
    await expect.poll(async () => (await practiceNames(page)).length, POLL).toBe(25);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(async () => (await practiceNames(page)).length, POLL).toBe(total - 25);
    const pageTwo = await practiceNames(page);

    // The page is part of the address too.
    await page.reload();
    await expect.poll(async () => practiceNames(page), POLL).toEqual(pageTwo);
    await page.getByRole('button', { name: 'Page 1' }).click();
    await expect.poll(async () => (await practiceNames(page)).length, POLL).toBe(25);
    expect((await practiceNames(page)).some((name) => pageTwo.includes(name))).toBe(false);

    // A click anywhere on a row (here its suburb) opens the practice on its Staff tab.
    await page.getByRole('textbox', { name: 'Search all practices' }).fill('Red Centre');
    await page.waitForURL((url) => url.searchParams.get('search') === 'Red Centre');
    await expectPractices(page, [PM_PRACTICES[6]]);
    await page
      .getByRole('row', { name: /Red Centre/ })
      .getByRole('cell', { name: 'Alice Springs' })
      .click();
    await page.waitForURL((url) => url.pathname === '/PracticeOverview/6/Staff');
    await page.getByRole('heading', { name: PM_PRACTICES[6] }).waitFor();
    await page.getByRole('tab', { name: /Staff/, selected: true }).waitFor();
    for (const tab of ['Documents', 'Accreditation'])
      await page.getByRole('tab', { name: new RegExp(tab) }).waitFor();
  });
});

describe('practice managers of one practice', () => {
  it('pm.single lands on their practice’s Staff page, also when they open the list', async () => {
    const { page } = e2e;
    expect(await signIn(page, 'pm.single@demo.test')).toBe('/PracticeOverview/1/Staff');
    await page.getByRole('heading', { name: 'Harbourside Family Medical' }).waitFor();
    await page.getByRole('tab', { name: /Staff/, selected: true }).waitFor();

    await page.goto(LIST);
    await page.waitForURL((url) => url.pathname === '/PracticeOverview/1/Staff');
    await page.getByRole('heading', { name: 'Harbourside Family Medical' }).waitFor();
  });

  it('the manager of a payment-pending practice is sent to its payment page from the list', async () => {
    const { page } = e2e;
    // The payment stand-in names the practice only to someone who opened the dev pages.
    await unlockDevPages(page, e2e.stack.devPagesKey);
    await signIn(page, 'pm.newcastle@demo.test');
    // Signing in already lands on payment (her one practice opens to it); then the list does too.
    await page.waitForURL((url) => url.pathname === '/api/dev/payment/9');
    await page.goto(LIST);
    await page.waitForURL((url) => url.pathname === '/api/dev/payment/9');
    await page.getByRole('heading', { name: 'Payment for Lakeside Doctors Merewether' }).waitFor();
    expect(pathOf(page)).toBe('/api/dev/payment/9');
  });
});
