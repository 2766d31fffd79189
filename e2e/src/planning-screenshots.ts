/**
 * Screenshots of survey visit planning at 1280 and 768 px, for looking at: the planning list, the
 * create visit form, Harbourside's visit offered to two surveyors (the conflicted third shown with
 * the reason), Riverbend's visit with both surveyors' stated days on the calendar, and its finalise
 * form with the confirm dialog (cancelled, so the demo data stays as it is). As qam@demo.test.
 * Run: npx tsx e2e/src/planning-screenshots.ts → e2e/screenshots/planning-*.png
 */
import { newContext, signIn } from './support/browser.ts';
import { runScreenshots, screenshotTaker } from './support/screenshots.ts';

const shot = screenshotTaker('planning-');

await runScreenshots(async (browser, base, width) => {
  const context = await newContext(browser, base, { width, height: 900 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await signIn(page, 'qam@demo.test');

  await page.goto('/SurveyVisits/Planning');
  await page.getByRole('table', { name: 'Survey visits to plan' }).waitFor();
  await shot(page, `list-${width}`);

  await page.getByRole('button', { name: /^Create visit for Lakeside/ }).click();
  const create = page.getByRole('dialog', { name: /^Create visit: / });
  await create.waitFor();
  await shot(page, `create-${width}`, { fullPage: false });
  await page.keyboard.press('Escape');
  await create.waitFor({ state: 'detached' });

  await page.goto('/SurveyVisits/Planning?visit=1');
  const harbourside = page.getByRole('dialog', { name: /^Plan the visit to Harbourside/ });
  await harbourside.getByRole('table', { name: 'Surveyors to offer the visit to' }).waitFor();
  await harbourside.getByText(/^Conflicted: /).waitFor();
  await shot(page, `offer-${width}`, { fullPage: false });

  await page.goto('/SurveyVisits/Planning?visit=2');
  const riverbend = page.getByRole('dialog', { name: /^Plan the visit to Riverbend/ });
  await riverbend.getByRole('group', { name: 'Legend' }).waitFor();
  await riverbend.getByRole('heading', { name: 'Preferred days' }).scrollIntoViewIfNeeded();
  await shot(page, `days-${width}`, { fullPage: false });

  await riverbend.getByRole('button', { name: 'Finalise visit' }).scrollIntoViewIfNeeded();
  await shot(page, `finalise-${width}`, { fullPage: false });
  await riverbend.getByRole('button', { name: 'Finalise visit' }).click();
  await riverbend.getByText('Choose the date of the visit.').waitFor();
  await shot(page, `finalise-messages-${width}`, { fullPage: false });
  await context.close();
});
