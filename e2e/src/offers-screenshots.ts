/**
 * Screenshots of the surveyor's side of planning at 1280 and 768 px, for looking at (demo data):
 * Survey Offers (surveyor: one waiting, the history), the decline dialog (surveyor2), Preferred
 * days editable (surveyor, Riverbend) and read only (surveyor, a final visit), and the conflicts of
 * interest in Account settings (surveyor3).
 * Run: npx tsx e2e/src/offers-screenshots.ts → e2e/screenshots/offers-*.png
 */
import type { Browser } from 'playwright-core';
import { newContext, signIn } from './support/browser.ts';
import { runScreenshots, screenshotTaker } from './support/screenshots.ts';

const shot = screenshotTaker('offers-');

async function as(browser: Browser, base: string, width: number, email: string) {
  const context = await newContext(browser, base, { width, height: 900 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await signIn(page, email);
  return { context, page };
}

await runScreenshots(async (browser, base, width) => {
  const surveyor = await as(browser, base, width, 'surveyor@demo.test');
  await surveyor.page.goto('/SurveyVisits/Offers');
  await surveyor.page
    .getByRole('region', { name: 'Answered offers' })
    .getByText('Riverbend Medical Centre')
    .waitFor();
  await shot(surveyor.page, `list-${width}`);
  await surveyor.page.goto('/SurveyVisits/2/PreferredDays');
  await surveyor.page.getByRole('button', { name: 'Save preferred days' }).waitFor();
  await shot(surveyor.page, `preferred-days-${width}`);
  await surveyor.page.goto('/SurveyVisits/3/PreferredDays');
  await surveyor.page.getByText('Read only').waitFor();
  await shot(surveyor.page, `preferred-days-read-only-${width}`);
  await surveyor.context.close();

  const second = await as(browser, base, width, 'surveyor2@demo.test');
  await second.page.goto('/SurveyVisits/Offers');
  await second.page.getByRole('button', { name: 'Decline the offer of Harbourside Family Medical' }).click();
  const dialog = second.page.getByRole('dialog', { name: 'Decline the offer' });
  await dialog.getByRole('button', { name: 'Decline offer' }).click();
  await dialog.getByText('Say why you decline this offer.').waitFor();
  await shot(second.page, `decline-${width}`, { fullPage: false });
  await second.context.close();

  const third = await as(browser, base, width, 'surveyor3@demo.test');
  await third.page.getByRole('button', { name: /^Account menu/ }).click();
  await third.page.getByRole('menuitem', { name: 'Account Settings' }).click();
  const conflicts = third.page.getByRole('region', { name: 'Conflicts of interest' });
  await conflicts.getByText('Worked there as a locum GP on weekends').waitFor();
  await conflicts.getByRole('textbox', { name: /Find a practice or network/ }).fill('Bay');
  await conflicts.getByRole('radio').first().waitFor();
  // Typing scrolled the page; the sticky header would be drawn mid-page in a full-page shot.
  await third.page.evaluate('window.scrollTo(0, 0)');
  await shot(third.page, `conflicts-${width}`);
  await third.context.close();
});
