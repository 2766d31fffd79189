/**
 * Screenshots of the Staff tab (first-view intro, the register, a row in edit, a row with its cell
 * messages, the delete confirmation, the invite confirmation, the registration look-up, the
 * nominated contacts, the public invitation page, an upload on its way and a message in a far
 * column after Save) at 1280 and 768 px, for looking at.
 * Run: npx tsx e2e/src/staff-screenshots.ts → e2e/screenshots/staff-*.png
 */
import path from 'node:path';
import type { Browser, CDPSession } from 'playwright-core';
import { newContext, signIn } from './support/browser.ts';
import { runScreenshots, SCREENSHOT_DIR, screenshotTaker } from './support/screenshots.ts';
import {
  openStaff,
  rowHeights,
  samplePdf,
  staffEditRow,
  staffRow,
  staffScroller,
} from './support/staff-register.ts';

const shot = screenshotTaker('staff-');

const editRow = staffEditRow;
/** Limits the page's uplink to `bytesPerSecond` (-1: no limit). */
const throttle = (cdp: CDPSession, bytesPerSecond: number) =>
  cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });

async function run(browser: Browser, base: string, width: number) {
  const single = await newContext(browser, base, { width, height: 860 });
  const intro = await single.newPage();
  await signIn(intro, 'pm.single@demo.test');
  await intro.goto('/PracticeOverview/1/Staff');
  await intro.getByRole('button', { name: 'Enter All Staff Details' }).waitFor();
  await shot(intro, `intro-${width}`);
  await single.close();

  const context = await newContext(browser, base, { width, height: 860 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await signIn(page, 'pm@demo.test');
  await openStaff(page, '/PracticeOverview/3/Staff', 'Okafor');
  await shot(page, `view-${width}`);

  await page.getByRole('button', { name: 'Edit Jack Okafor' }).click();
  await editRow(page).waitFor();
  await shot(page, `edit-${width}`, { fullPage: false });
  // The far end of the row in edit: its document cells and their upload buttons.
  await editRow(page).getByRole('button', { name: 'Upload CPD evidence' }).scrollIntoViewIfNeeded();
  await shot(page, `edit-documents-${width}`, { fullPage: false });
  console.log(`  row heights at ${width}: ${(await rowHeights(page)).join(' ')}`);

  // An upload on its way over a slow uplink (so that its bar has moved), then done.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await throttle(cdp, 150_000);
  const chooser = page.waitForEvent('filechooser');
  await editRow(page).getByRole('button', { name: 'Upload Training evidence' }).click();
  await (await chooser).setFiles(samplePdf('Jack Okafor training 2025.pdf', 600_000));
  await page.mouse.move(0, 0); // no tooltip over the bar
  await editRow(page)
    .getByRole('progressbar', { name: 'Uploading Training evidence' })
    .waitFor({ state: 'visible' });
  await page.waitForTimeout(1_200);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `staff-upload-${width}.png`) });
  console.log(`  staff-upload-${width}.png`);
  console.log(`  row heights while uploading at ${width}: ${(await rowHeights(page)).join(' ')}`);
  await throttle(cdp, -1);
  await page.getByText('File upload was successful!', { exact: true }).waitFor({ timeout: 20_000 });
  await editRow(page).getByRole('progressbar').waitFor({ state: 'detached' });
  await page.mouse.move(0, 0);
  await shot(page, `uploaded-${width}`, { fullPage: false });
  // The toast goes by itself; the next pictures are of the register alone.
  await page
    .getByText('File upload was successful!', { exact: true })
    .waitFor({ state: 'hidden', timeout: 15_000 });

  // A message in a far column after Save: the table scrolls to it.
  await editRow(page).getByLabel('Hours/week', { exact: true }).fill('');
  await staffScroller(page).evaluate((scroller) => {
    (scroller as unknown as { scrollLeft: number }).scrollLeft = 0;
  });
  await editRow(page).getByRole('button', { name: 'Save' }).click();
  await editRow(page).getByText('Field required').waitFor();
  await shot(page, `errors-far-${width}`, { fullPage: false });
  await editRow(page).getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Add staff' }).click();
  await editRow(page).getByRole('button', { name: 'Save' }).click();
  await editRow(page).getByText('Field required').first().waitFor();
  await shot(page, `errors-${width}`, { fullPage: false });

  await editRow(page).getByLabel('Reg', { exact: true }).fill('MED0001047514');
  await page.getByRole('region', { name: 'Registration number matches' }).waitFor({ timeout: 10_000 });
  await shot(page, `lookup-${width}`, { fullPage: false });
  await editRow(page).getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Delete Noah Young' }).click();
  await page.getByRole('dialog').waitFor();
  await shot(page, `delete-${width}`, { fullPage: false });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });

  await staffRow(page, 'Papadopoulos')
    .getByRole('button', { name: /INVITE Olivia Papadopoulos/ })
    .click();
  await page.getByRole('dialog').waitFor();
  await shot(page, `invite-${width}`, { fullPage: false });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });

  const contacts = page.getByRole('region', { name: 'Nominated contacts' });
  await contacts.scrollIntoViewIfNeeded();
  await contacts.getByLabel('Nurse contact phone', { exact: true }).fill('12ab');
  await contacts.getByLabel('Nurse contact phone', { exact: true }).blur();
  await contacts.getByText('Invalid phone number format').waitFor();
  await shot(page, `contacts-${width}`, { fullPage: false });
  await context.close();

  // The public invitation page: usable (naming who sent it), and used.
  const visitor = await newContext(browser, base, { width, height: 860 });
  const invite = await visitor.newPage();
  await invite.goto('/Practice/Invite/demo-invite-4');
  await invite.getByRole('button', { name: 'I already have an account' }).waitFor();
  await shot(invite, `invite-page-${width}`);
  await invite.goto('/Practice/Invite/demo-invite-2');
  await invite.getByRole('heading', { name: 'This invitation has already been used' }).waitFor();
  await shot(invite, `invite-used-${width}`);
  await visitor.close();
}

await runScreenshots(run);
