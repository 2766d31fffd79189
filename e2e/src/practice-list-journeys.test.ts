import { readFileSync } from 'node:fs';
import { createAssessment } from '@portal/testkit/factories';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { openSignedIn, pathOf } from './support/browser.ts';
import {
  addPracticeRole,
  createAccreditation,
  createNetwork,
  createPractice,
  createReapplication,
  createSurveyVisit,
  createUser,
  type TestUser,
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
 * In a real browser, the rest of the practice list (spec 000 §2): the State and Network
 * column filters (in the URL, kept by a reload and a bookmark, carried by the CSV download), the
 * order of the Expiry column, and where each due button leads, for whom it shows. Filters by
 * checkbox, search, paging and the single-practice landings are in practices.test.ts. Each test
 * makes its own practices and people (factories; a manager's seven: `createPracticePortfolio`).
 */
const e2e = useE2e();

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
  await expectAccessible(page, `the practice list, the ${column} filter open`);
  const options = (await menu.getByRole('menuitem').allTextContents()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return options;
}

const dateOf = (shown: string) => shown.split('/').reverse().join('-');

describe('the State and Network column filters', () => {
  it('narrow the list, live in the URL, survive a reload and a bookmark, and the CSV carries them', async () => {
    const { page } = e2e;
    const { manager, practices, names, networks } = await createPracticePortfolio(e2e.stack.sql);
    const { harbour: HARBOUR, sunrise: SUNRISE } = networks;
    // The manager's practices in QLD (both in Harbour & Coast, which also has crossways, in VIC).
    const QLD = [practices.riverstone.name, practices.highland.name];
    const HARBOUR_PRACTICES = [practices.riverstone.name, practices.crossways.name, practices.highland.name];
    await openSignedIn(page, manager, LIST);
    await expectPractices(page, names);

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
    await expectAccessible(page, 'the practice list filtered by state and network');

    // A reload and a bookmark opened in another window show the same list.
    await page.reload();
    await expectPractices(page, QLD);
    const bookmark = await e2e.newPage();
    await openSignedIn(bookmark, manager, filtered);
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
    const { manager, practices, names } = await createPracticePortfolio(e2e.stack.sql);
    await openSignedIn(page, manager, LIST);
    await expectPractices(page, names);
    // Highland expired 20 days ago and is extended 100 days: after Seaview (80), before Crossways (150).
    expect((await practiceNames(page)).slice(0, 3)).toEqual([
      practices.seaview.name,
      practices.highland.name,
      practices.crossways.name,
    ]);
    const expiries = (await tableRows(page)).map((cells) => dateOf(cells[3]!.split('\n')[0]!));
    expect(expiries).toEqual([...expiries].sort());
    const highland = page.getByRole('row', { name: new RegExp(practices.highland.name) });
    expect(await highland.getByText('Extended from').count()).toBe(1);
    await expectAccessible(page, 'the practice list of a manager of seven');
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

/**
 * A QAM, and practices with the widest things a row shows: a long network name, the QAM's name,
 * each due button, an extension hint, the action required and under review badges, every date
 * column. They expire within the week, so they head the QAM's list, which has every practice.
 */
async function createListShowcase(): Promise<{ qam: TestUser; paymentDue: string }> {
  const { sql } = e2e.stack;
  const tag = unique();
  const qam = await createUser(sql, { isQam: true, firstName: 'Helen', lastName: 'Murray' });
  const network = await createNetwork(sql, `Harbour & Coast Health Partners ${tag}`);
  const practice = (name: string, status = 'ACCREDITED') =>
    createPractice(sql, { name: `${name} ${tag}`, networkId: network.id, status });
  const closed = { status: 'CLOSED', qamId: qam.id } as const;
  const open = { status: 'OPEN', qamId: qam.id, selfAssessmentDueIn: -40, surveyVisitDueIn: 75 } as const;

  const paymentDue = await practice('Seaview Health Clinic');
  const paid = await createAccreditation(sql, paymentDue.id, { ...closed, expiresIn: 2 });
  await createReapplication(sql, paymentDue.id, { accreditationId: paid.id, status: 'PAYMENT_PENDING' });
  const renewalDue = await practice('Crossways General Practice');
  const due = await createAccreditation(sql, renewalDue.id, { ...closed, expiresIn: 4 });
  await createReapplication(sql, renewalDue.id, { accreditationId: due.id });
  const extended = await practice('Highland Family Doctors');
  await createAccreditation(sql, extended.id, { ...closed, expiresIn: -20, extendedTo: 3 });
  for (const [name, status, expiresIn] of [
    ['Red Rock Community Clinic', 'ACTION_REQUIRED', 5],
    ['Acacia Grove Medical Practice', 'UNDER_REVIEW', 6],
  ] as const) {
    const reviewed = await practice(name, 'IN_PROGRESS');
    const cycle = await createAccreditation(sql, reviewed.id, { ...open, expiresIn });
    const visit = await createSurveyVisit(sql, cycle.id, { status: 'FINAL', dateIn: -12, dueIn: -10 });
    await createAssessment(sql, cycle.id, { survey_visit_id: visit.id, status });
  }
  return { qam, paymentDue: paymentDue.name };
}

describe('the layout', () => {
  it('fits a 1280 px window with the navigation drawer open, also with a 17 px scrollbar', async () => {
    // The QAM sees every practice: every badge, due button and extension hint.
    const { qam, paymentDue } = await createListShowcase();
    const page = await e2e.newPage({ width: 1280, height: 860 });
    await openSignedIn(page, qam, LIST);
    await page
      .getByRole('row', { name: new RegExp(paymentDue) })
      .getByRole('button', { name: 'Renewal Payment Due' })
      .waitFor();
    await page.getByRole('button', { name: 'Hide navigation' }).waitFor();
    expect(await page.getByRole('columnheader').count()).toBe(10);
    expect(await hiddenSideways(page)).toBe(0);
    await expectAccessible(page, 'the practice list of a QAM at 1280 px, navigation open');
    // A classic (non-overlay) scrollbar takes 17 px of the window.
    await page.setViewportSize({ width: 1263, height: 860 });
    await expect.poll(() => hiddenSideways(page), POLL).toBe(0);
  });

  it('scrolls sideways on a tablet, the Practice column staying in view', async () => {
    const { qam, paymentDue } = await createListShowcase();
    const page = await e2e.newPage({ width: 768, height: 1024 });
    await openSignedIn(page, qam, LIST);
    const name = page.getByRole('link', { name: paymentDue });
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
    await expectAccessible(page, 'the practice list at 768 px, scrolled sideways');
  });
});

describe('the due buttons', () => {
  it('Renewal Due opens the practice’s reapplication', async () => {
    const { page } = e2e;
    const { manager, practices } = await createPracticePortfolio(e2e.stack.sql);
    const { crossways } = practices;
    await openSignedIn(page, manager, LIST);
    await page
      .getByRole('row', { name: new RegExp(crossways.name) })
      .getByRole('link', { name: 'Renewal Due' })
      .click();
    await page.waitForURL((url) => url.pathname === `/Practice/Reapplication/${crossways.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(crossways.name) }).waitFor();
    await expectAccessible(page, 'the renewal form');
  });

  it('Renewal Payment Due goes to the payment page of the practice', async () => {
    const { page } = e2e;
    const { manager, practices } = await createPracticePortfolio(e2e.stack.sql);
    const { seaview } = practices;
    // The payment stand-in names the practice only to someone who opened the dev pages.
    await unlockDevPages(page, e2e.stack.devPagesKey);
    await openSignedIn(page, manager, LIST);
    await page
      .getByRole('row', { name: new RegExp(seaview.name) })
      .getByRole('button', { name: 'Renewal Payment Due' })
      .click();
    await page.waitForURL((url) => url.pathname === `/api/dev/payment/${seaview.id}`);
    await page.getByRole('heading', { name: `Payment for ${seaview.name}` }).waitFor();
  });

  it('a surveyor sets availability for the visit, and is offered no renewal they cannot act on', async () => {
    const { page } = e2e;
    const { sql } = e2e.stack;
    const surveyor = await createUser(sql, { isSurveyor: true, firstName: 'Michael', lastName: "O'Brien" });
    // The surveyor surveys Seaview (renewal payment due) and is asked for days at Riverstone.
    const seaview = await createPractice(sql, { name: 'Seaview Health Clinic', status: 'ACCREDITED' });
    const seaviewCycle = await createAccreditation(sql, seaview.id, { status: 'CLOSED', expiresIn: 80 });
    await createReapplication(sql, seaview.id, {
      accreditationId: seaviewCycle.id,
      status: 'PAYMENT_PENDING',
    });
    const riverstone = await createPractice(sql, { name: 'Riverstone Medical Centre' });
    const riverstoneCycle = await createAccreditation(sql, riverstone.id, {
      expiresIn: 400,
      surveyVisitDueIn: 75,
    });
    const visit = await createSurveyVisit(sql, riverstoneCycle.id, {
      status: 'PREFERRED_DAYS_REQ',
      dueIn: 75,
      visitors: [{ userId: surveyor.id }],
    });
    for (const practice of [seaview, riverstone]) await addPracticeRole(sql, practice.id, surveyor.id, 'SU');

    await openSignedIn(page, surveyor, LIST);
    const seaviewRow = page.getByRole('row', { name: new RegExp(seaview.name) });
    await seaviewRow.waitFor();
    await expect.poll(() => practiceNames(page), POLL).toContain(riverstone.name);
    expect(await seaviewRow.getByRole('button').count()).toBe(0);
    expect(await page.getByRole('link', { name: /Renewal/ }).count()).toBe(0);
    await expectAccessible(page, 'the practice list of a surveyor');

    await page
      .getByRole('row', { name: new RegExp(riverstone.name) })
      .getByRole('link', { name: 'Set Availability' })
      .click();
    await page.waitForURL((url) => url.pathname === `/SurveyVisits/${visit.id}/PreferredDays`);
    await page.getByRole('heading', { name: 'Preferred days' }).waitFor();
    await expectAccessible(page, 'preferred days');
  });
});
