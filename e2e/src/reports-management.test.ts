import { readFileSync } from 'node:fs';
import { addDaysToWireDate, formatDisplayDate, portalToday } from '@portal/domain';
import { createAssessment } from '@portal/testkit/factories';
import type { Page } from 'playwright-core';
import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { openSignedIn, pathOf, signInAs, signOut, waitForAppShell } from './support/browser.ts';
import {
  createAccreditation,
  createNetwork,
  createPractice,
  createPracticeManager,
  createSurveyVisit,
  createUser,
  unique,
} from './support/factories.ts';
import { useE2e } from './support/suite.ts';

const e2e = useE2e();

/**
 * The management report (docs/decisions/reports.md) in a real browser: the QAM opens it from the
 * navigation, filters it by state and network (in the URL, kept by a reload), exports a table as
 * CSV and another as XLSX and reads the files back, and follows a figure to the practice list
 * behind it; a practice manager has no menu entry and is refused at the address. Each test makes
 * its own practices in a network of its own, so the filtered figures are this test's alone.
 */

/** What the page function reads of a row (the e2e code is not compiled with the DOM types). */
interface DomRow {
  querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }>;
}

/** The cells of a report table on the screen, header first. */
async function tableCells(page: Page, title: string): Promise<string[][]> {
  const table = page.getByRole('table', { name: title });
  await table.waitFor();
  return table
    .locator('tr')
    .evaluateAll((rows) =>
      (rows as unknown as DomRow[]).map((row) =>
        Array.from(row.querySelectorAll('th, td'), (cell) => (cell.textContent ?? '').trim()),
      ),
    );
}

/** A minimal RFC 4180 reader for the file we wrote. */
function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
}

const daysFromToday = (offset: number) => addDaysToWireDate(portalToday(), offset);

describe('the management report', () => {
  it('the QAM filters it, exports it and follows a figure to the list behind it', async () => {
    const { page, stack } = e2e;
    const { sql } = stack;
    const qam = await createUser(sql, { isQam: true, firstName: 'Helen', lastName: `Report ${unique()}` });
    const network = await createNetwork(sql, `Report Network ${unique()}`);
    // Wattle: self assessment 5 days overdue. Banksia: survey in action required, its plan 12
    // days over. Both in WA and the network; a third in VIC in the same network.
    const wattle = await createPractice(sql, {
      name: `Wattle ${unique()}`,
      state: 'WA',
      networkId: network.id,
    });
    const wattleCycle = await createAccreditation(sql, wattle.id, { qamId: qam.id, selfAssessmentDueIn: -5 });
    await createAssessment(sql, wattleCycle.id, { type: 'PRESURVEY' });
    const banksia = await createPractice(sql, {
      name: `Banksia ${unique()}`,
      state: 'WA',
      networkId: network.id,
    });
    const banksiaCycle = await createAccreditation(sql, banksia.id, { qamId: qam.id });
    await createAssessment(sql, banksiaCycle.id, { type: 'PRESURVEY', status: 'COMPLETED' });
    const visit = await createSurveyVisit(sql, banksiaCycle.id, { status: 'FINAL', dateIn: -40 });
    const survey = await createAssessment(sql, banksiaCycle.id, {
      survey_visit_id: visit.id,
      status: 'ACTION_REQUIRED',
    });
    await sql.query(
      'update public.assessments set action_plan_due = public.portal_today() - 12 where id = $1',
      [survey.id],
    );
    const victoria = await createPractice(sql, {
      name: `Victoria ${unique()}`,
      state: 'VIC',
      networkId: network.id,
    });
    const victoriaCycle = await createAccreditation(sql, victoria.id, {
      qamId: qam.id,
      selfAssessmentDueIn: 20,
    });
    await createAssessment(sql, victoriaCycle.id, { type: 'PRESURVEY' });

    await signInAs(page, qam);
    await waitForAppShell(page, qam.name);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Management Report' })
      .click();
    await page.getByRole('heading', { name: 'Management Report', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Work due and overdue' }).waitFor();
    expect(pathOf(page)).toBe('/Reports/Management');
    await expectAccessible(page, 'the management report, unfiltered');

    // Filter by network, then by state: each in the URL.
    await page.getByRole('combobox', { name: 'Network' }).click();
    await page.getByRole('option', { name: network.name }).click();
    await page.waitForURL((url) => url.searchParams.get('network') === String(network.id));
    await expect
      .poll(async () => (await tableCells(page, 'Work due and overdue'))[1])
      .toEqual(['Self assessments', '2', '1', 'Self assessment due date']);
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'WA', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('state') === 'WA');
    await expect
      .poll(async () => (await tableCells(page, 'Work due and overdue'))[1])
      .toEqual(['Self assessments', '1', '1', 'Self assessment due date']);

    // A reload keeps the filters, and the figures.
    await page.reload();
    await page.getByRole('table', { name: 'Action plans overdue' }).waitFor();
    // The filter choices load beside the report: the network's name shows once they are there.
    await expect.poll(() => page.getByRole('combobox', { name: 'State' }).inputValue()).toBe('WA');
    await expect.poll(() => page.getByRole('combobox', { name: 'Network' }).inputValue()).toBe(network.name);
    const work = await tableCells(page, 'Work due and overdue');
    expect(work).toEqual([
      ['Work', 'Outstanding', 'Overdue', 'Date range applies to'],
      ['Self assessments', '1', '1', 'Self assessment due date'],
      ['Survey visits to plan', '0', '0', 'Visit due date'],
      ['Renewals', '0', '0', 'Renewal due date'],
      ['Renewal payments pending', '0', '0', 'Renewal due date'],
      ['Application payments pending', '0', '–', 'Date the practice was added'],
      ['Action plans', '1', '1', 'Action plan due date'],
    ]);
    const due = daysFromToday(-12);
    expect(await tableCells(page, 'Action plans overdue')).toEqual([
      ['Practice', 'QAM', 'Action plan due', 'Days over'],
      [banksia.name, qam.name, formatDisplayDate(due), '12'],
    ]);
    expect(await tableCells(page, 'Practices by cycle status')).toEqual([
      ['Cycle status', 'Practices', 'Share'],
      ['In progress', '1', '50.0%'],
      ['Action required', '1', '50.0%'],
    ]);
    await expectAccessible(page, 'the management report, filtered by state and network');

    // Export CSV: the table as on the screen ('–' is an empty cell in a file).
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV: Work due and overdue' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^management-work-due.*\.csv$/);
    expect(parseCsv(readFileSync(await csv.path(), 'utf8'))).toEqual(
      work.map((row) => row.map((cell) => (cell === '–' ? '' : cell))),
    );
    // Export XLSX: numbers as numbers, the date as the wire date.
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export XLSX: Action plans overdue' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/^management-action-plans-overdue.*\.xlsx$/);
    const [sheet] = await readXlsxFile(readFileSync(await xlsx.path()));
    expect(sheet?.data).toEqual([
      ['Practice', 'QAM', 'Action plan due', 'Days over'],
      [banksia.name, qam.name, due, 12],
    ]);

    // A practice row leads to its accreditation; a count to the practice list behind it.
    const selfAssessments = page
      .getByRole('table', { name: 'Work due and overdue' })
      .getByRole('row', { name: /^Self assessments/ });
    await selfAssessments.getByRole('link', { name: '1' }).first().click();
    await page.waitForURL((url) => url.pathname === '/Practice/List');
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      selfAssessmentDue: 'true',
      state: 'WA',
      network: network.name,
    });
    await page.getByTestId(`practice-row-${wattle.id}`).waitFor();
    expect(await page.getByTestId(`practice-row-${victoria.id}`).count()).toBe(0);
    await expectAccessible(page, 'the practice list behind a figure of the management report');

    await page.goBack();
    await page
      .getByRole('table', { name: 'Action plans overdue' })
      .getByRole('link', { name: banksia.name })
      .click();
    await page.waitForURL((u) => u.pathname === `/PracticeOverview/${banksia.id}/Accreditation`);
  });

  it('spec 000 §2: a practice manager opens it from the menu; a new user has no entry and is refused', async () => {
    const { page, stack } = e2e;
    const practices = [await createPractice(stack.sql), await createPractice(stack.sql)];
    const manager = await createPracticeManager(stack.sql, practices);
    await signInAs(page, manager);
    await waitForAppShell(page, manager.name);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Management Report' }).click();
    await page.waitForURL((u) => u.pathname === '/Reports/Management');
    await page.getByRole('table').first().waitFor();
    expect(await page.getByText('You do not have permission to see this report.').count()).toBe(0);

    await signOut(page);
    const newcomer = await createUser(stack.sql);
    await openSignedIn(page, newcomer, '/Reports/Management');
    await waitForAppShell(page, newcomer.name);
    expect(await nav.getByRole('link', { name: 'Management Report' }).count()).toBe(0);
    await page.getByText('You do not have permission to see this report.').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await expectAccessible(page, 'the management report, refused to a new user');
  });
});
