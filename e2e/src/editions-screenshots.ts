/**
 * Screenshots of the admin console's Editions at 1280 and 768 px, for looking at: the list (the
 * demo data's editions and a draft imported here), a refused file's problems, the publish
 * confirmation, and the preview of a draft with an indicator open.
 * Run: npx tsx e2e/src/editions-screenshots.ts → e2e/screenshots/editions-*.png
 */
import { editionFile, editionYamlWithProblems } from '@portal/testkit/edition-factories';
import type { Page } from 'playwright-core';
import { newContext, signIn } from './support/browser.ts';
import { runScreenshots, screenshotTaker } from './support/screenshots.ts';

const shot = screenshotTaker('editions-');

/** Opens the console's Editions and waits for its list (a failure leaves the page's picture). */
async function openEditions(page: Page) {
  await page.goto('/admin-mnqa/editions');
  try {
    await page.getByRole('table', { name: 'Editions' }).waitFor({ timeout: 30_000 });
  } catch (error) {
    await shot(page, 'failed-open', { fullPage: false, settleMs: 0 });
    throw error;
  }
}

await runScreenshots(async (browser, base, width) => {
  const context = await newContext(browser, base, { width, height: 900 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await signIn(page, 'admin@demo.test');
  await openEditions(page);

  const file = editionFile({ name: 'General Practice Standards, 7th edition (draft)' });
  const chooser = page.getByLabel('Edition file');
  await chooser.setInputFiles({
    name: `${file.code}.edition.json`,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file, null, 2)),
  });
  await page.getByRole('button', { name: 'Import edition' }).click();
  await page
    .getByRole('status')
    .getByText(/as a draft/)
    .waitFor();
  await shot(page, `list-${width}`);

  await chooser.setInputFiles({
    name: 'gps-7.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(editionYamlWithProblems()),
  });
  await page.getByRole('button', { name: 'Import edition' }).click();
  await page.getByRole('list', { name: 'Problems in gps-7.yaml' }).waitFor();
  await shot(page, `problems-${width}`, { fullPage: false });

  const row = page.getByRole('row').filter({ hasText: file.code });
  await row.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog').waitFor();
  await shot(page, `publish-confirm-${width}`, { fullPage: false });
  await page.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('link', { name: 'Preview' }).click();
  await page.getByRole('heading', { name: `${file.code}: ${file.name}` }).waitFor();
  await page.getByRole('button', { name: /C1\.1A/ }).click();
  await page.getByText('1. Does the practice publish its opening hours?').waitFor();
  await shot(page, `preview-${width}`);

  // The demo data's published edition: many sets and indicators.
  await openEditions(page);
  const demo = page.getByRole('row').filter({ hasText: 'GPS-6' }).first();
  await demo.getByRole('link', { name: 'Preview' }).click();
  await page.getByRole('heading', { name: /^GPS-6: / }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Open all' }).click();
  await shot(page, `preview-published-${width}`, { fullPage: false });
  await context.close();
});
