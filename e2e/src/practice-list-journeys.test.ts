import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pathOf, signIn } from './support/browser.ts';
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
 * Issue 5 in a real browser, the rest of the practice list (spec 000 §2): the State and Network
 * column filters (in the URL, kept by a reload and a bookmark, carried by the CSV download), the
 * order of the Expiry column, and where each due button leads, for whom it shows. Filters by
 * checkbox, search, paging and the single-practice landings are in practices.test.ts.
 */
const e2e = useE2e();

const HARBOUR = 'Harbour & Coast Health Partners';
const SUNRISE = 'Sunrise Medical Group';
/** pm@demo.test's practices in QLD (Riverbend, Hinterland); Harbour & Coast also has Southern Cross. */
const QLD = [PM_PRACTICES[2], PM_PRACTICES[10]];
const HARBOUR_PRACTICES = [PM_PRACTICES[2], PM_PRACTICES[3], PM_PRACTICES[10]];

/** Opens a column header's filter menu and picks an option by its visible text. */
async function pickFilter(page: Page, column: 'state' | 'network', option: string | RegExp) {
  await page.getByRole('button', { name: `Filter by ${column}` }).click();
  await page.getByRole('menuitem', { name: option }).click();
}

/** The options a column header's filter menu offers (the menu is closed again afterwards). */
async function filterOptions(page: Page, column: 'state' | 'network'): Promise<string[]> {
  await page.getByRole('button', { name: `Filter by ${column}` }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const options = (await menu.getByRole('menuitem').allTextContents()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return options;
}

const dateOf = (shown: string) => shown.split('/').reverse().join('-');

describe('the State and Network column filters', () => {
  it('narrow the list, live in the URL, survive a reload and a bookmark, and the CSV carries them', async () => {
    const { page } = e2e;
    await signIn(page, 'pm@demo.test');
    await page.goto(LIST);
    await expectPractices(page, Object.values(PM_PRACTICES));

    // The network filter lists the distinct network names of the user's practices (spec 000 §2).
    expect(await filterOptions(page, 'network')).toEqual(['All networks', HARBOUR, SUNRISE]);
    await pickFilter(page, 'network', HARBOUR);
    await page.waitForURL((url) => url.searchParams.get('network') === HARBOUR);
    await expectPractices(page, HARBOUR_PRACTICES);

    // State on top of it: both in the URL, the list narrowed by both.
    expect(await filterOptions(page, 'state')).toContain('QLD – Queensland');
    await pickFilter(page, 'state', /^QLD/);
    await page.waitForURL(
      (url) => url.searchParams.get('state') === 'QLD' && url.searchParams.get('network') === HARBOUR,
    );
    await expectPractices(page, QLD);
    const filtered = pathOf(page);
    expect(await page.getByRole('button', { name: 'Filter by state' }).getAttribute('data-variant')).toBe(
      'filled',
    );

    // A reload and a bookmark opened in another window show the same list.
    await page.reload();
    await expectPractices(page, QLD);
    const bookmark = await e2e.newPage();
    await signIn(bookmark, 'pm@demo.test');
    await bookmark.goto(filtered);
    await expectPractices(bookmark, QLD);

    // Download CSV asks for exactly these criteria, and the file holds exactly these rows.
    const [request, download] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/practices/csv'),
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const asked = new URL(request.url()).searchParams;
    expect([asked.get('state'), asked.get('network')]).toEqual(['QLD', HARBOUR]);
    const rows = parseCsv(readFileSync(await download.path(), 'utf8')).slice(1);
    expect(rows.map((row) => row[0])).toEqual(await practiceNames(page));
    expect(new Set(rows.map((row) => `${row[2]} ${row[5]}`))).toEqual(new Set([`QLD ${HARBOUR}`]));

    // 'All states' lifts the state filter only.
    await pickFilter(page, 'state', 'All states');
    await page.waitForURL((url) => !url.searchParams.has('state') && url.searchParams.has('network'));
    await expectPractices(page, HARBOUR_PRACTICES);
  });

  it('reads in the order of the Expiry column: an extended practice sorts by its extended date', async () => {
    const { page } = e2e;
    await signIn(page, 'pm@demo.test');
    await page.goto(LIST);
    await expectPractices(page, Object.values(PM_PRACTICES));
    // Hinterland expired 20 days ago and is extended 100 days: after Bayview (80), before Southern Cross (150).
    expect((await practiceNames(page)).slice(0, 3)).toEqual([
      PM_PRACTICES[4],
      PM_PRACTICES[10],
      PM_PRACTICES[3],
    ]);
    const expiries = (await tableRows(page)).map((cells) => dateOf(cells[3]!.split('\n')[0]!));
    expect(expiries).toEqual([...expiries].sort());
    const hinterland = page.getByRole('row', { name: /Hinterland/ });
    expect(await hinterland.getByText('Extended from').count()).toBe(1);
  });
});

/** How many pixels the table's scroll frame hides sideways (0: it fits). */
async function hiddenSideways(page: Page): Promise<number> {
  return page.getByRole('table').evaluate((table) => {
    type El = { scrollWidth: number; clientWidth: number; parentElement: El | null };
    const style = (globalThis as unknown as { getComputedStyle(el: El): { overflowX: string } })
      .getComputedStyle;
    let frame = (table as unknown as El).parentElement;
    while (frame && !['auto', 'scroll'].includes(style(frame).overflowX)) frame = frame.parentElement;
    return frame ? frame.scrollWidth - frame.clientWidth : 0;
  });
}

describe('the layout', () => {
  it('fits a 1280 px window with the navigation drawer open, also with a 17 px scrollbar', async () => {
    // The QAM sees every practice: every badge, due button and extension hint.
    const page = await e2e.newPage({ width: 1280, height: 860 });
    await signIn(page, 'qam@demo.test');
    await page.goto(LIST);
    await page
      .getByRole('row', { name: /Bayview/ })
      .getByRole('button', { name: 'Renewal Payment Due' })
      .waitFor();
    await page.getByRole('button', { name: 'Hide navigation' }).waitFor();
    expect(await page.getByRole('columnheader').count()).toBe(10);
    expect(await hiddenSideways(page)).toBe(0);
    // A classic (non-overlay) scrollbar takes 17 px of the window.
    await page.setViewportSize({ width: 1263, height: 860 });
    await expect.poll(() => hiddenSideways(page), POLL).toBe(0);
  });

  it('scrolls sideways on a tablet, the Practice column staying in view', async () => {
    const page = await e2e.newPage({ width: 768, height: 1024 });
    await signIn(page, 'qam@demo.test');
    await page.goto(LIST);
    const name = page.getByRole('link', { name: PM_PRACTICES[4] });
    await name.waitFor();
    expect(await hiddenSideways(page)).toBeGreaterThan(0);
    const before = await name.boundingBox();
    await page.getByRole('table').evaluate((table) => {
      type El = { parentElement: El | null; scrollLeft: number; scrollWidth: number };
      let frame = (table as unknown as El).parentElement;
      while (frame && frame.scrollWidth <= (frame as unknown as { clientWidth: number }).clientWidth) {
        frame = frame.parentElement;
      }
      if (frame) frame.scrollLeft = 10_000;
    });
    await page.getByRole('columnheader', { name: 'SV Booked' }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'SV Booked' }).isVisible()).toBe(true);
    expect((await name.boundingBox())?.x).toBe(before?.x);
  });
});

describe('the due buttons', () => {
  it('Renewal Due opens the practice’s reapplication', async () => {
    const { page } = e2e;
    await signIn(page, 'pm@demo.test');
    await page.goto(LIST);
    await page
      .getByRole('row', { name: /Southern Cross/ })
      .getByRole('link', { name: 'Renewal Due' })
      .click();
    await page.waitForURL((url) => url.pathname === '/Practice/Reapplication/3');
    await page.getByRole('heading', { level: 1, name: /Southern Cross General Practice/ }).waitFor();
  });

  it('Renewal Payment Due goes to the payment page of the practice', async () => {
    const { page } = e2e;
    // The payment stand-in names the practice only to someone who opened the dev pages.
    await unlockDevPages(page, e2e.stack.devPagesKey);
    await signIn(page, 'pm@demo.test');
    await page.goto(LIST);
    await page
      .getByRole('row', { name: /Bayview/ })
      .getByRole('button', { name: 'Renewal Payment Due' })
      .click();
    await page.waitForURL((url) => url.pathname === '/api/dev/payment/4');
    await page.getByRole('heading', { name: 'Payment for Bayview Health Clinic' }).waitFor();
  });

  it('a surveyor sets availability for the visit, and is offered no renewal they cannot act on', async () => {
    const { page } = e2e;
    await signIn(page, 'surveyor@demo.test');
    await page.goto(LIST);
    // surveyor@demo.test surveys Bayview (renewal payment due) and is asked for days at Riverbend.
    const bayview = page.getByRole('row', { name: /Bayview/ });
    await bayview.waitFor();
    await expect.poll(() => practiceNames(page), POLL).toContain(PM_PRACTICES[2]);
    expect(await bayview.getByRole('button').count()).toBe(0);
    expect(await page.getByRole('link', { name: /Renewal/ }).count()).toBe(0);

    await page
      .getByRole('row', { name: /Riverbend/ })
      .getByRole('link', { name: 'Set Availability' })
      .click();
    await page.waitForURL((url) => url.pathname === '/SurveyVisits/2/PreferredDays');
    await page.getByRole('heading', { name: 'Preferred days' }).waitFor();
  });
});
