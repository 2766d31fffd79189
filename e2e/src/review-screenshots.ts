/**
 * Screenshots at 1280 and 768 px, for looking at: the review of a survey
 * (Wattle Grove, UNDER_REVIEW, as qam@demo.test: the 'Review Surveyor Assessment' panel, an
 * indicator with its Action plan, Reviewed and Further action required, Action required refusing
 * and confirming, 'Notify the practice' with its history, Approve refusing); the action plan (Red
 * Centre, ACTION_REQUIRED: the 'Survey results' panel as the QAM, the practice manager and a
 * surveyor, an indicator's activities, the Add activity form and its messages, Non-conformity
 * status and Refer to CA, the Not met sub-filter, the Reopen modal as admin@demo.test);
 * certification (Derwent Valley, APPROVED: Issue certificate with its defaults and its messages);
 * Capital Hill's Accreditations list and Download certificate; the public verify page for a
 * current, a superseded and an unknown code, and with only its form. They show the demo data;
 * every confirmation is cancelled and every edit undone, so both widths see the same data (the
 * practice is notified once, at the first width: its history then has a row).
 * Run: npx tsx e2e/src/review-screenshots.ts → e2e/screenshots/review-*.png
 */
import { verifyRoute } from '@portal/domain';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { newContext, signIn } from './support/browser.ts';
import { runScreenshots, screenshotTaker } from './support/screenshots.ts';

const shot = screenshotTaker('review-');
const WATTLE_GROVE = '/PracticeOverview/5/Accreditation/Assessment/11';
const RED_CENTRE = '/PracticeOverview/6/Accreditation/Assessment/12';
const DERWENT_VALLEY = '/PracticeOverview/7/Accreditation/Assessment/13';
const CAPITAL_HILL_TAB = '/PracticeOverview/8/Accreditation';
/** Codes of the demo's certificates (hasura/seeds/default/75_certificate_codes.sql). */
const CURRENT_CODE = 'DEMA-CAPH-VALD';
const SUPERSEDED_CODE = 'DEMA-CAPH-SUPR';
const UNKNOWN_CODE = 'ZZZZ-9999-ZZZZ';

const failures: string[] = [];

/** Runs one group of shots; a failure is reported and the next group still runs. */
async function step(name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    failures.push(`${name}: ${(error as Error).message.split('\n')[0]}`);
    console.error(`  FAILED ${name}: ${(error as Error).message}`);
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Scrolls an element to the top of the window, under the app's header. */
async function toTop(page: Page, element: Locator): Promise<void> {
  await element.evaluate((el) =>
    (el as unknown as { scrollIntoView(options: object): void }).scrollIntoView({ block: 'start' }),
  );
  await page.evaluate('window.scrollBy(0, -80)');
}

/**
 * The whole page: the window made as tall as the page first, and `ready` waited for again before
 * the shot (Chromium's own full-page capture at 768 px now and then caught the app's loading dots
 * instead of the page), then the window as it was.
 */
async function fullShot(page: Page, name: string, ready: Locator): Promise<void> {
  const viewport = page.viewportSize()!;
  const height = (await page.evaluate('document.documentElement.scrollHeight')) as number;
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await ready.waitFor();
  await shot(page, name, { fullPage: false });
  await page.setViewportSize(viewport);
  await ready.waitFor();
}

/** Opens the assessment (filtered) and waits for its screen. */
async function openAssessment(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('tablist', { name: 'Filter indicators' }).waitFor();
}

/** Expands an indicator by its code (its set first) and returns its panel, at the window's top. */
async function openIndicator(page: Page, code: string): Promise<Locator> {
  const button = page.getByRole('button', { name: new RegExp(`^${escapeRegExp(code)} `) });
  if (!(await button.isVisible())) {
    // The sets' codes ('CS', 'C3') are not always the indicator's prefix: open them all.
    await page.getByRole('button', { name: 'Open all' }).click();
    await button.waitFor();
  }
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const panel = page.getByRole('region', { name: new RegExp(`^${escapeRegExp(code)} `) });
  await panel.getByRole('textbox', { name: 'Opportunities for improvement' }).waitFor();
  await toTop(page, button);
  return panel;
}

/** Waits until the page has sent (and had answered) a save of an indicator response. */
const saveOf = (page: Page) =>
  page.waitForResponse((r) => !!r.request().postData()?.includes('UpdateIndicatorResponse'), {
    timeout: 15_000,
  });

async function signedIn(browser: Browser, base: string, width: number, email: string) {
  const context = await newContext(browser, base, { width, height: 900 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await signIn(page, email);
  return { context, page };
}

async function review(page: Page, width: number) {
  const actions = page.getByRole('region', { name: 'Actions' });
  await step('review panel', async () => {
    await openAssessment(page, WATTLE_GROVE);
    await page.getByRole('heading', { name: 'Review Surveyor Assessment' }).waitFor();
    await fullShot(
      page,
      `under-review-full-${width}`,
      page.getByRole('heading', { name: 'Review Surveyor Assessment' }),
    );
    await shot(page, `under-review-${width}`, { fullPage: false });
  });

  await step('indicator under review', async () => {
    await openAssessment(page, `${WATTLE_GROVE}?filter=NOT_MET`);
    const panel = await openIndicator(page, 'CS2.1A');
    await panel
      .getByRole('textbox', { name: 'Action plan' })
      .evaluate((el) =>
        (el as unknown as { scrollIntoView(options: object): void }).scrollIntoView({ block: 'center' }),
      );
    await shot(page, `indicator-under-review-${width}`, { fullPage: false });
  });

  await step('action required', async () => {
    await openAssessment(page, `${WATTLE_GROVE}?filter=NOT_MET`);
    await actions.getByRole('button', { name: 'Action required' }).click();
    const dialog = page.getByRole('dialog', { name: 'Action required' });
    await dialog.getByText('These Not met indicators have no action plan yet:').waitFor();
    await shot(page, `action-required-refused-${width}`, { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The risk register's plan, entered for the confirming modal and removed afterwards.
    const panel = await openIndicator(page, 'QI3.2A');
    const plan = panel.getByRole('textbox', { name: 'Action plan' });
    let saved = saveOf(page);
    await plan.fill('Start a clinical risk register and review it at every monthly meeting.');
    await saved;
    await actions.getByRole('button', { name: 'Action required' }).click();
    await dialog.getByRole('button', { name: 'Action required' }).waitFor();
    await page.waitForFunction(
      "![...document.querySelectorAll('[role=dialog] button')].some((b) => b.textContent === 'Action required' && b.disabled)",
    );
    await shot(page, `action-required-confirm-${width}`, { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    saved = saveOf(page);
    await plan.fill('');
    await saved;
  });

  await step('notify the practice', async () => {
    await openAssessment(page, WATTLE_GROVE);
    await actions.getByRole('button', { name: 'Reviewed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notify the practice' });
    await dialog.getByRole('heading', { name: 'Review history' }).waitFor();
    await shot(page, `notify-${width}`, { fullPage: false });
    if (width === 1280) {
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.getByRole('table', { name: 'Review history' }).waitFor();
      await shot(page, `notify-sent-${width}`, { fullPage: false, settleMs: 200 });
      await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    } else {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
  });

  await step('approve refused', async () => {
    await openAssessment(page, WATTLE_GROVE);
    await actions.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve' });
    await dialog.getByRole('list', { name: 'Open non-conformities' }).waitFor();
    await shot(page, `approve-refused-${width}`, { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
}

async function actionPlan(page: Page, width: number, who: string) {
  await openAssessment(page, RED_CENTRE);
  const results = page.getByRole('region', { name: 'Survey results' });
  await results.getByRole('figure', { name: 'Risk ratings' }).waitFor();
  await toTop(page, results);
  await shot(page, `results-${who}-${width}`, { fullPage: false });
}

async function run(browser: Browser, base: string, width: number) {
  const contexts: BrowserContext[] = [];
  try {
    const qam = await signedIn(browser, base, width, 'qam@demo.test');
    contexts.push(qam.context);
    await review(qam.page, width);

    await step('results as the QAM', () => actionPlan(qam.page, width, 'qam'));
    await step('the Not met sub-filter', async () => {
      await openAssessment(qam.page, `${RED_CENTRE}?filter=NOT_MET`);
      await qam.page.getByRole('radiogroup', { name: 'Filter non-conformities' }).waitFor();
      await toTop(qam.page, qam.page.getByRole('tablist', { name: 'Filter indicators' }));
      await shot(qam.page, `not-met-filter-${width}`, { fullPage: false });
      await qam.page.getByText('Open', { exact: true }).first().click();
      await shot(qam.page, `not-met-filter-open-${width}`, { fullPage: false });
    });
    await step('approve refused (action required)', async () => {
      await openAssessment(qam.page, RED_CENTRE);
      await qam.page
        .getByRole('region', { name: 'Actions' })
        .getByRole('button', { name: 'Approve' })
        .click();
      await qam.page.getByRole('dialog', { name: 'Approve' }).waitFor();
      await shot(qam.page, `approve-refused-action-required-${width}`, { fullPage: false });
    });

    const pm = await signedIn(browser, base, width, 'pm@demo.test');
    contexts.push(pm.context);
    await step('results as the practice', () => actionPlan(pm.page, width, 'pm'));
    await step('activities as the practice', async () => {
      const panel = await openIndicator(pm.page, 'CS2.1A');
      await panel.getByRole('table', { name: 'Activities' }).waitFor();
      await toTop(pm.page, panel.getByRole('textbox', { name: 'Action plan' }));
      await shot(pm.page, `activities-pm-${width}`, { fullPage: false });
      const form = panel.getByRole('form', { name: 'Add activity' });
      await toTop(pm.page, form);
      await shot(pm.page, `add-activity-${width}`, { fullPage: false });
      await form.getByRole('textbox', { name: 'Due date' }).fill('31/02/2020');
      await form.getByRole('button', { name: 'Add activity' }).click();
      await shot(pm.page, `add-activity-messages-${width}`, { fullPage: false });
    });

    const surveyor = await signedIn(browser, base, width, 'surveyor@demo.test');
    contexts.push(surveyor.context);
    await step('results as a surveyor', () => actionPlan(surveyor.page, width, 'surveyor'));
    await step('status and referral as a surveyor', async () => {
      for (const code of ['CS2.1A', 'C2.2A', 'C3.5A']) {
        const panel = await openIndicator(surveyor.page, code);
        await panel.getByRole('radiogroup', { name: 'Non-conformity status' }).waitFor();
        await toTop(surveyor.page, panel.getByRole('textbox', { name: 'Action plan' }));
        await shot(surveyor.page, `nc-status-${code}-${width}`, { fullPage: false });
      }
    });

    const admin = await signedIn(browser, base, width, 'admin@demo.test');
    contexts.push(admin.context);
    await step('reopen', async () => {
      await openAssessment(admin.page, RED_CENTRE);
      await admin.page
        .getByRole('region', { name: 'Actions' })
        .getByRole('button', { name: 'Reopen' })
        .click();
      const dialog = admin.page.getByRole('dialog', { name: 'Reopen' });
      await dialog.getByRole('textbox', { name: 'Reason' }).waitFor();
      await shot(admin.page, `reopen-${width}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Reopen' }).click();
      await shot(admin.page, `reopen-reason-required-${width}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    });
    await step('approved and issue certificate', async () => {
      await openAssessment(admin.page, DERWENT_VALLEY);
      await shot(admin.page, `approved-${width}`, { fullPage: false });
      await fullShot(
        admin.page,
        `approved-full-${width}`,
        admin.page.getByRole('tablist', { name: 'Filter indicators' }),
      );
      await admin.page
        .getByRole('region', { name: 'Actions' })
        .getByRole('button', { name: 'Issue certificate' })
        .click();
      const dialog = admin.page.getByRole('dialog', { name: 'Issue certificate' });
      await dialog.getByRole('textbox', { name: /^Commencement date/ }).waitFor();
      await admin.page.waitForTimeout(800);
      await shot(admin.page, `issue-certificate-${width}`, { fullPage: false });
      // Clear each default date, leave the last calendar by the condition, then ask to issue.
      for (const label of ['Certification date', 'Issue date', 'Expiry date']) {
        await dialog.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill('');
      }
      // A click on the dialog's title closes the last calendar.
      await dialog.locator('.mantine-Modal-title').click();
      await dialog.getByRole('button', { name: 'Issue certificate' }).click();
      await dialog.getByText('Certified user required').waitFor();
      await shot(admin.page, `issue-certificate-messages-${width}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    });
    await step('accreditations list and download', async () => {
      await admin.page.goto(CAPITAL_HILL_TAB);
      const list = admin.page.getByRole('region', { name: 'Accreditations' });
      await list
        .getByText(/Verification code/)
        .first()
        .waitFor();
      await fullShot(admin.page, `accreditations-${width}`, list.getByText(/Verification code/).first());
      await toTop(admin.page, list);
      await shot(admin.page, `accreditations-list-${width}`, { fullPage: false });
      await list
        .getByRole('button', { name: /^Download/ })
        .first()
        .click();
      await admin.page.getByRole('dialog', { name: 'Download certificate' }).waitFor();
      await shot(admin.page, `download-certificate-${width}`, { fullPage: false });
      await admin.page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    });
  } finally {
    for (const context of contexts) await context.close();
  }

  const anonymous = await newContext(browser, base, { width, height: 900 });
  const page = await anonymous.newPage();
  // What keeps the network busy, should a shot wait in vain for it to be idle.
  const inFlight = new Set<string>();
  page.on('request', (r) => inFlight.add(r.url()));
  page.on('requestfinished', (r) => inFlight.delete(r.url()));
  page.on('requestfailed', (r) => inFlight.delete(r.url()));
  for (const [name, code, words] of [
    ['current', CURRENT_CODE, 'Genuine and current'],
    ['superseded', SUPERSEDED_CODE, null],
    ['unknown', UNKNOWN_CODE, null],
  ] as const) {
    await step(`verify ${name}`, async () => {
      await page.goto(verifyRoute(code));
      await page.getByRole('heading', { name: 'Certificate verification' }).waitFor();
      if (words) await page.getByRole('heading', { name: words }).waitFor();
      else await page.getByRole('heading', { level: 2 }).first().waitFor();
      await shot(page, `verify-${name}-${width}`).catch((error: Error) => {
        throw new Error(`${error.message}; in flight: ${[...inFlight].join(', ')}`);
      });
    });
  }
  await step('verify form', async () => {
    await page.goto('/verify');
    await page.getByRole('heading', { name: 'Certificate verification' }).waitFor();
    await shot(page, `verify-form-${width}`);
    await page.getByRole('button').last().click();
    await shot(page, `verify-form-message-${width}`);
  });
  await anonymous.close();
}

await runScreenshots(run);
if (failures.length > 0) {
  console.error(`${failures.length} group(s) failed:\n${failures.join('\n')}`);
  process.exitCode = 1;
}
