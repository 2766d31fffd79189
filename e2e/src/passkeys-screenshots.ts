/**
 * Screenshots of passkeys at 1280 and 768 px, for looking at: Account Settings' two-factor
 * section (off, adding a passkey with its message, the recovery codes, the list with a passkey and
 * an authenticator app, removing one), the sign-in's second step offering the passkey, and "Set up
 * two-factor sign-in" of a QAM the policy requires it of. Chromium's virtual authenticator answers.
 * Run: npx tsx e2e/src/passkeys-screenshots.ts → e2e/screenshots/passkeys-*.png
 */
import { mkdir } from 'node:fs/promises';
import { accountSettingsPath } from '@portal/domain';
import { codeAt } from '@portal/testkit/two-factor';
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
import { SCREENSHOT_DIR, screenshotTaker } from './support/screenshots.ts';
import { startE2eStack } from './support/stack.ts';

const shot = screenshotTaker('passkeys-');

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function main() {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const stack = await startE2eStack({ database: 'embedded' });
  const browser = await launchBrowser();
  try {
    for (const [width, email] of [
      [1280, 'pm@demo.test'],
      [768, 'pm.single@demo.test'],
    ] as const) {
      const context = await newContext(browser, stack.url, { width, height: 900 });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
      await addVirtualAuthenticator(page);
      await signIn(page, email);
      const { rows } = await stack.sql.query<{ id: number }>('select id from users where email = $1', [
        email,
      ]);
      await page.goto(accountSettingsPath(rows[0]!.id));
      const section = page.getByRole('region', { name: 'Two-factor sign-in' });
      await section.getByText('Two-factor sign-in is off.').waitFor();
      await section.scrollIntoViewIfNeeded();
      await shot(page, `off-${width}`, { fullPage: false });
      await section.getByRole('button', { name: 'Add a passkey' }).click();
      await section.getByRole('button', { name: 'Add passkey' }).click();
      await section.getByText('Name this passkey', { exact: false }).first().waitFor();
      await shot(page, `add-message-${width}`, { fullPage: false });
      await section.getByLabel('Passkey name').fill('Work laptop');
      await section.getByRole('button', { name: 'Add passkey' }).click();
      await section.getByRole('list', { name: 'Recovery codes' }).waitFor();
      await shot(page, `codes-${width}`, { fullPage: false });
      await section.getByRole('button', { name: 'Done' }).click();
      await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
      const key = (await section.getByTestId('totp-key').textContent())!.replace(/\s/g, '');
      await section.getByLabel('Authentication code').fill(codeAt(key));
      await section.getByRole('button', { name: 'Confirm' }).click();
      await section
        .getByRole('list', { name: 'Your sign-in factors' })
        .getByText('Authenticator app')
        .waitFor();
      await shot(page, `list-${width}`, { fullPage: false });
      await section.getByRole('button', { name: 'Remove Work laptop' }).click();
      await shot(page, `remove-${width}`, { fullPage: false });
      await section.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: /^Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.locator('input[name=password]').fill('Demo-pass-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Use your passkey' }).waitFor();
      await shot(page, `sign-in-${width}`);
      await page.getByRole('button', { name: 'Use a code from your authenticator app' }).click();
      await page.getByLabel('Authentication code').waitFor();
      await shot(page, `sign-in-code-${width}`);
      await context.close();
    }

    await stack.sql.query('update provider_settings set require_two_factor_qam = true');
    for (const width of [1280, 768]) {
      const context = await newContext(browser, stack.url, { width, height: 900 });
      const page = await context.newPage();
      await signIn(page, 'qam@demo.test');
      await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
      await shot(page, `set-up-${width}`);
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await page.getByLabel('Passkey name').waitFor();
      await shot(page, `set-up-passkey-${width}`);
      await context.close();
    }
  } catch (error) {
    console.error(stack.logs().split('\n').slice(-60).join('\n'));
    throw error;
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
