/**
 * Screenshots of the header's bell at 1280 and 768 px, for looking at (demo data): surveyor2's
 * bell with two unread (closed, then open), its list after 'Mark all as read', a bell opened by the
 * keyboard (its focus), and a new user's empty list (newuser@demo.test); all read at the last
 * width only (it changes the demo data).
 * Run: npx tsx e2e/src/notifications-screenshots.ts → e2e/screenshots/notifications-*.png
 */
import type { Browser, Page } from 'playwright-core';
import { newContext, signIn } from './support/browser.ts';
import { runScreenshots, screenshotTaker } from './support/screenshots.ts';

const shot = screenshotTaker('notifications-', { fullPage: false });
const WIDTHS = [1280, 768] as const;

async function signedIn(browser: Browser, base: string, width: number, email: string): Promise<Page> {
  const context = await newContext(browser, base, { width, height: 800 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await signIn(page, email);
  await page.goto('/Dashboard');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  return page;
}

await runScreenshots(async (browser, base, width) => {
  const page = await signedIn(browser, base, width, 'surveyor2@demo.test');
  const bell = page.getByRole('button', { name: /^Notifications, / });
  // The count's first answer may take a few seconds on a busy machine.
  await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor({ timeout: 30_000 });
  await shot(page, `unread-closed-${width}`);
  await bell.click();
  const centre = page.getByRole('dialog', { name: 'Notifications' });
  await centre
    .getByRole('button', { name: /^Unread: / })
    .first()
    .waitFor();
  await shot(page, `unread-open-${width}`);
  // The keyboard: Tab from the dialog to its first control.
  await page.keyboard.press('Tab');
  await shot(page, `unread-open-focus-${width}`);
  // Marking all read changes the demo data: only at the last width.
  if (width === WIDTHS.at(-1)) {
    await centre.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Notifications, none unread' }).waitFor();
    await shot(page, `read-open-${width}`);
  }
  await page.keyboard.press('Escape');
  await page.context().close();

  const empty = await signedIn(browser, base, width, 'newuser@demo.test');
  await empty.getByRole('button', { name: 'Notifications, none unread' }).click({ timeout: 30_000 });
  await empty.getByText('No notifications yet.', { exact: false }).waitFor();
  await shot(empty, `empty-open-${width}`);
  await empty.context().close();
}, WIDTHS);
