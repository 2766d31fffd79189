/**
 * Screenshots of the survey visit screens at 1280 and 768 px (the tablet a surveyor carries): the
 * confidentiality agreement, an indicator in each compliance state, the risk matrix, the set met,
 * unset met and critical confirmations, the summary modal, the submit form's messages, the
 * validation modal and the partially submitted view, for looking at. They show the demo data:
 * Capital Hill's relocation survey in progress (surveyor signed, surveyor2 not) and Bayview's
 * surveillance, partially submitted by surveyor. Every confirmation is cancelled, so both widths
 * see the same data.
 * Run: npx tsx e2e/src/survey-screenshots.ts → e2e/screenshots/survey-*.png
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { newContext, signIn } from './support/browser.ts';
import { runScreenshots, screenshotTaker } from './support/screenshots.ts';

const shot = screenshotTaker('survey-');
const CAPITAL_HILL = '/PracticeOverview/8/Accreditation/Assessment/15';
const BAYVIEW = '/PracticeOverview/4/Accreditation/Assessment/16';
/** An indicator's accordion button ('C1.1A …'), not a set's ('C1 …'). */
const INDICATOR = /^[A-Z]+\d+\.\d+\S* /;

/** Opens the first indicator the filter tab shows and returns its panel. */
async function firstIndicatorOf(page: Page, filter: string): Promise<Locator> {
  await page.goto(`${CAPITAL_HILL}?filter=${filter}`);
  await page.getByRole('tablist', { name: 'Filter indicators' }).waitFor();
  await page.getByRole('button', { name: 'Open all' }).click();
  const button = page.getByRole('button', { name: INDICATOR }).first();
  await button.waitFor();
  await button.click();
  const panel = page.getByRole('region', { name: INDICATOR }).first();
  await panel.getByRole('radiogroup', { name: 'Compliance' }).waitFor();
  // The indicator at the top of the window, under the app's header.
  await button.evaluate((el) =>
    (el as unknown as { scrollIntoView(options: object): void }).scrollIntoView({ block: 'start' }),
  );
  await page.evaluate('window.scrollBy(0, -80)');
  return panel;
}

async function run(browser: Browser, base: string, width: number) {
  const other = await newContext(browser, base, { width, height: 900 });
  const unsigned = await other.newPage();
  await signIn(unsigned, 'surveyor2@demo.test');
  await unsigned.goto(CAPITAL_HILL);
  const agreement = unsigned.getByRole('dialog', { name: 'Confidentiality agreement' });
  await agreement.waitFor();
  await shot(unsigned, `agreement-${width}`, { fullPage: false });
  await agreement.getByRole('button', { name: 'Sign agreement' }).click();
  await agreement.getByText('Agreement is required').first().waitFor();
  await shot(unsigned, `agreement-required-${width}`, { fullPage: false });
  await other.close();

  const context = await newContext(browser, base, { width, height: 900 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await signIn(page, 'surveyor@demo.test');
  await page.goto(CAPITAL_HILL);
  await page.getByRole('tablist', { name: 'Filter indicators' }).waitFor();
  await shot(page, `screen-${width}`);

  // An indicator in each state: Met, Not met (with its risk matrix), N/A, not answered.
  const met = await firstIndicatorOf(page, 'MET');
  await shot(page, `indicator-met-${width}`, { fullPage: false });
  // Unticking a must-have of a Met indicator asks first.
  await met
    .getByRole('checkbox', { name: /Must have/ })
    .first()
    .click();
  await page.getByRole('dialog', { name: /Not met\?$/ }).waitFor();
  await shot(page, `confirm-unset-met-${width}`, { fullPage: false });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  const notMet = await firstIndicatorOf(page, 'NOT_MET');
  await shot(page, `indicator-not-met-${width}`, { fullPage: false });
  const matrix = notMet.getByRole('table', { name: 'Risk matrix' });
  await matrix.evaluate((el) =>
    (el as unknown as { scrollIntoView(options: object): void }).scrollIntoView({ block: 'center' }),
  );
  await shot(page, `risk-matrix-${width}`, { fullPage: false });
  // High likelihood with High impact asks the critical confirmation (unless already Critical).
  const likelihood = notMet
    .getByRole('radiogroup', { name: 'Likelihood' })
    .getByRole('radio', { name: 'High' });
  const impact = notMet.getByRole('radiogroup', { name: 'Impact' }).getByRole('radio', { name: 'High' });
  if (!(await likelihood.isChecked())) await likelihood.click();
  if (!(await impact.isChecked())) {
    await impact.click();
    const critical = page.getByRole('dialog', { name: 'Record a Critical risk?' });
    if (await critical.isVisible({ timeout: 3_000 }).catch(() => false)) {
      await shot(page, `confirm-critical-${width}`, { fullPage: false });
      await critical.getByRole('button', { name: 'Cancel' }).click();
    }
  }
  // Ticking every must-have of a Not met indicator asks before losing its input.
  for (const box of await notMet.getByRole('checkbox', { name: /Must have/ }).all()) {
    if (await box.isChecked()) continue;
    await box.click();
    const setMet = page.getByRole('dialog', { name: 'Set this indicator to Met?' });
    if (await setMet.isVisible({ timeout: 1_000 }).catch(() => false)) {
      await shot(page, `confirm-set-met-${width}`, { fullPage: false });
      await setMet.getByRole('button', { name: 'Cancel' }).click();
      break;
    }
  }

  // Not answered, then Not applicable (the demo rates none N/A: the first width chooses it).
  const open = await firstIndicatorOf(page, 'INCOMPLETE');
  await shot(page, `indicator-unanswered-${width}`, { fullPage: false });
  const saved = page.waitForResponse((r) => !!r.request().postData()?.includes('UpdateIndicatorResponse'));
  await open.getByRole('radio', { name: 'Not applicable' }).click();
  await saved;
  await firstIndicatorOf(page, 'NOT_APPLICABLE');
  await shot(page, `indicator-na-${width}`, { fullPage: false });

  // The summary modal, the submit form's messages, the validation modal.
  await page.goto(CAPITAL_HILL);
  await page.getByRole('button', { name: 'Edit summary', exact: true }).click();
  await page.getByRole('dialog', { name: /Summary$/ }).waitFor();
  await shot(page, `summary-modal-${width}`, { fullPage: false });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  const form = page.getByRole('dialog', { name: 'Submit for review' });
  await form.getByRole('textbox', { name: 'Hours worked before the visit' }).fill('two');
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await shot(page, `submit-form-${width}`, { fullPage: false });
  await form.getByLabel('Actual start time').fill('08:30');
  await form.getByLabel('Actual end time').fill('16:15');
  await form.getByRole('textbox', { name: 'Hours worked before the visit' }).fill('2');
  await form.getByRole('textbox', { name: 'Hours worked after the visit' }).fill('1.5');
  await form.getByRole('checkbox', { name: /I confirm/ }).check();
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await page.getByRole('dialog', { name: 'Before you can submit' }).waitFor();
  await shot(page, `validation-${width}`, { fullPage: false });

  // Bayview: submitted by this surveyor, waiting for the other.
  await page.goto(BAYVIEW);
  await page.getByRole('tablist', { name: 'Filter indicators' }).waitFor();
  await shot(page, `partially-submitted-${width}`);
  await context.close();
}

await runScreenshots(run);
