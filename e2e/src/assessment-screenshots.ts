/**
 * Screenshots of the Accreditation tab (first view, the list, a locked row) and the assessment
 * screen (collapsed, every set open, a long indicator with comments and files, someone else's
 * lock, the save failure toast) at 1280 and 768 px, Harbourside's certificate downloaded from the
 * Accreditations list and the first two pages of the report PDF (pdftoppm, when poppler-utils is
 * installed), for looking at. They show the demo data.
 * Run: npx tsx e2e/src/assessment-screenshots.ts → e2e/screenshots/assessment-*.png
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { newContext, signIn } from './support/browser.ts';
import { runScreenshots, SCREENSHOT_DIR, screenshotTaker } from './support/screenshots.ts';

const shot = screenshotTaker('assessment-');
/** Harbourside's self assessment (demo data), in progress; managed by pm and pm.single. */
const HARBOURSIDE = '/PracticeOverview/1/Accreditation';
const SELF = `${HARBOURSIDE}/Assessment/1`;

async function run(browser: Browser, base: string, width: number) {
  const context = await newContext(browser, base, { width, height: 900 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await signIn(page, 'pm@demo.test');

  await page.goto(HARBOURSIDE);
  await page.getByRole('table', { name: 'Assessments' }).waitFor();
  await shot(page, `tab-${width}`);
  if (width === 1280) {
    // Harbourside's registration certificate, from the Accreditations list.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /^Download Harbourside Family Medical, / }).click();
    // Download certificate: the size (A3 unless A4 is chosen), then Download.
    const dialog = page.getByRole('dialog', { name: 'Download certificate' });
    await dialog.getByRole('radio', { name: 'A3' }).waitFor();
    await shot(page, `download-certificate-${width}`);
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    const file = path.join(SCREENSHOT_DIR, 'assessment-certificate.pdf');
    await (await download).saveAs(file);
    await page.getByText('Successfully downloaded document').waitFor();
    pdfPagesToPng(file, 'assessment-certificate', 1);
  }
  await page.goto('/PracticeOverview/2/Accreditation');
  const lock = page.getByRole('button', { name: /is locked/ });
  await lock.waitFor();
  await lock.focus();
  await page.getByRole('tooltip').waitFor();
  await shot(page, `tab-locked-${width}`);

  await page.goto(SELF);
  await page.getByRole('tablist', { name: 'Filter indicators' }).waitFor();
  await shot(page, `screen-${width}`);
  await page.getByRole('button', { name: 'Open all' }).click();
  await page.getByRole('button', { name: /^C1\.1A/ }).waitFor();
  await shot(page, `open-all-${width}`);

  await page.goto(`${SELF}/1/1`);
  await page.getByRole('textbox', { name: 'Opportunities for improvement' }).waitFor();
  await page.getByText('Comments (').waitFor();
  await page.locator('#indicator-1').scrollIntoViewIfNeeded();
  await shot(page, `indicator-${width}`);

  // Someone else (pm.single) starts editing C1.1B; pm sees who.
  const other = await newContext(browser, base, { width, height: 900 });
  const theirs = await other.newPage();
  await signIn(theirs, 'pm.single@demo.test');
  // Their save is held on its way, so their lock stays while the screenshot is taken.
  await theirs.route('**/v1/graphql', async (route) => {
    if (!route.request().postData()?.includes('UpdateIndicatorResponse')) await route.continue();
  });
  await theirs.goto(`${SELF}/1/2`);
  const notes = theirs.getByRole('textbox', { name: 'Opportunities for improvement' });
  await notes.waitFor();
  await notes.fill('Checking the after-hours message');
  await page.goto(`${SELF}/1/2`);
  await page
    .getByText(/is editing this indicator/)
    .first()
    .waitFor({ timeout: 10_000 });
  await shot(page, `lock-${width}`, { fullPage: false });
  await other.close();

  // A save that fails: the spec's toast, the edit kept on screen.
  await page.route('**/v1/graphql', async (route) => {
    if (route.request().postData()?.includes('UpdateIndicatorResponse')) await route.abort();
    else await route.continue();
  });
  const mine = page.locator('#indicator-2').getByRole('textbox', { name: 'Opportunities for improvement' });
  // A new value at each width: the first width's note was saved once the network came back.
  await mine.fill(`A note that cannot be saved yet (${width} px)`);
  await page.getByText('Indicator update failed').waitFor({ timeout: 20_000 });
  await shot(page, `save-failed-${width}`, { fullPage: false, settleMs: 200 });
  await page.unroute('**/v1/graphql');

  if (width === 1280) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Report' }).click();
    const file = path.join(SCREENSHOT_DIR, 'assessment-report.pdf');
    await (await download).saveAs(file);
    pdfPagesToPng(file, 'assessment-report', 2);
  }
  await context.close();
}

/** PNGs of the first `pages` pages of a PDF (pdftoppm), or a note when poppler-utils is missing. */
function pdfPagesToPng(file: string, name: string, pages: number) {
  try {
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '70',
      '-f',
      '1',
      '-l',
      String(pages),
      file,
      path.join(SCREENSHOT_DIR, name),
    ]);
    console.log(`  ${Array.from({ length: pages }, (_, i) => `${name}-${i + 1}.png`).join(', ')}`);
  } catch {
    writeFileSync(path.join(SCREENSHOT_DIR, `${name}.txt`), 'pdftoppm (poppler-utils) is not installed\n');
    console.log(`  ${name}.pdf (install poppler-utils for PNGs of its pages)`);
  }
}

await runScreenshots(run);
