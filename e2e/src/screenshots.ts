/**
 * Screenshots of the signed-out pages, the account pages and the app shell, for looking at.
 * Run: npm run screenshots -w e2e  (or npx tsx e2e/src/screenshots.ts) → e2e/screenshots/*.png
 * Starts the whole product with the e2e harness (its own embedded PostgreSQL with the demo
 * data, a production build of the web app) and drives Debian's Chromium at 1280 and 768 px.
 */
import type { Browser } from 'playwright-core';
import { newContext, signIn, signOut, waitForAppShell } from './support/browser.ts';
import { runScreenshots, screenshotTaker } from './support/screenshots.ts';

const shot = screenshotTaker('', { settleMs: 300 });

async function run(browser: Browser, base: string, width: number) {
  const context = await newContext(browser, base, { width, height: 860 });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));

  await page.goto('/Login');
  await shot(page, `sign-in-${width}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await shot(page, `sign-in-errors-${width}`);
  await page.getByLabel('Email').fill('pm@demo.test');
  await page.locator('input[name=password]').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').waitFor();
  await shot(page, `sign-in-server-error-${width}`);
  await page.goto('/Login/an-invitation-token');
  await shot(page, `sign-in-invitation-${width}`);

  await page.goto('/signup');
  await shot(page, `sign-up-${width}`);
  await page.locator('input[name=password]').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await shot(page, `sign-up-errors-${width}`);
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Email').fill('pm@demo.test');
  await page.locator('input[name=password]').fill('Demo-pass-1');
  await page.locator('input[name=confirmPassword]').fill('Demo-pass-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  // The same answer for a taken address as for a new one: the next step is in the inbox.
  await page.getByRole('status').waitFor();
  await shot(page, `sign-up-check-inbox-${width}`);
  await page.goto('/ConfirmEmail?token=not-a-real-token');
  await page.getByRole('alert').waitFor();
  await shot(page, `sign-up-link-invalid-${width}`);

  await page.goto('/Reset');
  await shot(page, `reset-${width}`);
  await page.getByLabel('Email').fill('someone@demo.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByRole('status').waitFor();
  await shot(page, `reset-sent-${width}`);
  await page.goto('/Reset?token=not-a-real-token');
  await shot(page, `reset-confirm-${width}`);
  await page.locator('input[name=password]').fill('Another-pass-2');
  await page.locator('input[name=confirmPassword]').fill('Another-pass-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByRole('alert').waitFor();
  await shot(page, `reset-confirm-error-${width}`);

  await page.goto('/Practice/Invite/an-invitation-token');
  await shot(page, `invite-${width}`);

  await signIn(page, 'pm@demo.test');
  await waitForAppShell(page, 'Sarah Mitchell');
  await shot(page, `shell-pm-${width}`);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menu').waitFor();
  await shot(page, `shell-pm-menu-${width}`);
  await page.keyboard.press('Escape');
  await page.goto('/ChangePassword/');
  await page.getByRole('heading', { name: 'Change password' }).waitFor();
  await shot(page, `change-password-${width}`);
  await page.locator('input[name=oldPassword]').fill('Wrong-pass-9');
  await page.locator('input[name=newPassword]').fill('New-pass-22');
  await page.locator('input[name=confirmPassword]').fill('New-pass-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await shot(page, `change-password-errors-${width}`);
  await page.goto('/AccountSettings/6');
  await page.getByRole('heading', { name: 'Account settings' }).waitFor();
  await shot(page, `account-settings-${width}`);
  await signOut(page);

  await signIn(page, 'newuser@demo.test');
  await page.goto('/AccountSettings/8');
  await page.getByRole('heading', { name: 'Account settings' }).waitFor();
  await shot(page, `account-settings-newuser-${width}`);
  await signOut(page);

  await signIn(page, 'admin@demo.test');
  await waitForAppShell(page, 'Priya Raman');
  await shot(page, `shell-admin-${width}`);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menu').waitFor();
  await shot(page, `shell-admin-menu-${width}`);
  await context.close();
}

await runScreenshots(run);
