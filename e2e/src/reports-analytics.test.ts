import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAnalyticsWorld } from './support/analytics-data.ts';
import { expectAccessible } from './support/axe.ts';
import { signInAs, waitForAppShell } from './support/browser.ts';
import { createUser } from './support/factories.ts';
import { useE2e } from './support/suite.ts';

const e2e = useE2e();

/** The figure of a key-figure card ('Surveys', 'Met rate', …). */
async function keyFigure(page: Page, label: string) {
  const term = page.locator('dt', { hasText: new RegExp(`^${label}$`) });
  return (await term.locator('xpath=following-sibling::dd[1]').textContent())?.trim();
}

/** Waits until the report's answer for the current address has been drawn. */
async function reportLoaded(page: Page) {
  await page.getByRole('heading', { name: 'Compliance by standard' }).waitFor();
  await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
}

/**
 * The analytics report (docs/decisions/reports.md) in a real browser: the QAM opens
 * /Reports/Analytics, the charts render (their SVGs, each named for screen readers) with their
 * tables, the Network and State filters change the figures and stay in the address, Compare on
 * edition names the edition in the tables' titles; a practice
 * manager is told the report is not theirs. Data: `src/support/analytics-data.ts` (six surveyed
 * practices of a network of the test's own).
 */
describe('the analytics report', () => {
  it('draws its charts with their tables, and the filters change the figures', async () => {
    const { page, stack } = e2e;
    const world = await createAnalyticsWorld(stack.sql);
    await signInAs(page, world.qam);
    await waitForAppShell(page, world.qam.name);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Analytics Report' })
      .click();
    await page.waitForURL('**/Reports/Analytics');
    await page.getByRole('heading', { name: 'Analytics Report', level: 1 }).waitFor();
    await reportLoaded(page);

    // Narrow to the test's own network: exactly its six surveys.
    await page.getByRole('combobox', { name: 'Network' }).click();
    await page.getByRole('option', { name: world.network.name }).click();
    await page.waitForURL(/network=\d+/);
    await expect.poll(() => keyFigure(page, 'Surveys')).toBe(String(world.surveys));
    await reportLoaded(page);

    // Each chart is an image with a summary, drawn as an SVG, and its table is beside it.
    const charts = [
      { name: /^Bar chart of the met rate by standard/, table: 'Compliance by standard' },
      {
        name: /^Bar chart of the \d+ indicators most often Not met/,
        table: 'Indicators most often Not met (top 20)',
      },
      {
        name: /^Donut chart of \d+ Not met findings by risk rating/,
        table: 'Risk ratings of Not met findings',
      },
      { name: /^Line chart of surveys per month/, table: 'Surveys per month' },
    ];
    for (const chart of charts) {
      const image = page.getByRole('img', { name: chart.name });
      await image.waitFor();
      expect(await image.locator('svg').count()).toBeGreaterThan(0);
      const table = page.getByRole('table', { name: chart.table });
      expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    }
    const standards = page.getByRole('table', { name: 'Compliance by standard' });
    expect(await standards.locator('tbody tr').allInnerTexts()).toEqual([
      expect.stringContaining('S1 Communication and patient participation'),
      expect.stringContaining('S2 Clinical safety'),
      expect.stringContaining('S3 Quality improvement'),
    ]);
    expect(await page.getByRole('button', { name: 'Export CSV: Compliance by standard' }).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('button', { name: 'Export XLSX: Surveys per month' }).isVisible()).toBe(true);
    await expectAccessible(page, 'the analytics report of one network, with its charts');

    // Victoria only: two of the six.
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'VIC', exact: true }).click();
    await page.waitForURL(/state=VIC/);
    await expect.poll(() => keyFigure(page, 'Surveys')).toBe(String(world.surveysIn.VIC));
    await reportLoaded(page);
    expect(
      await page
        .getByRole('table', { name: 'Compliance by standard' })
        .locator('tbody tr')
        .first()
        .innerText(),
    ).toMatch(/\t2\t/);

    // The address keeps the filters: a reload shows the same figures.
    await page.reload();
    await reportLoaded(page);
    await expect.poll(() => keyFigure(page, 'Surveys')).toBe(String(world.surveysIn.VIC));
    await expectAccessible(page, 'the analytics report filtered by network and state');

    // Compared on one edition (older editions would follow their mappings): the tables say which.
    await page.getByRole('combobox', { name: 'Compare on edition' }).click();
    await page.getByRole('option', { name: new RegExp(`^${world.edition.code}: `) }).click();
    await page.waitForURL(new RegExp(`edition=${world.edition.id}`));
    await page.getByRole('table', { name: `Compliance by standard, on ${world.edition.code}` }).waitFor();
    await expect.poll(() => keyFigure(page, 'Surveys')).toBe(String(world.surveysIn.VIC));
  });

  it('spec 000 §2: refuses a new user (no practice), who has no Reports in the drawer', async () => {
    const { page, stack } = e2e;
    const newcomer = await createUser(stack.sql);
    await signInAs(page, newcomer);
    await waitForAppShell(page, newcomer.name);
    await page.goto('/Reports/Analytics');
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    expect(await page.getByText('You do not have permission to see this report.').isVisible()).toBe(true);
    await expectAccessible(page, 'the analytics report refused to a new user');
  });
});
