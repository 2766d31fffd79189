/**
 * Screenshots of /Webinars at 1280 and 768 px, for looking at: not connected, the stand-in
 * provider's consent page, connected with the upcoming webinars, and a connection to renew.
 * pm.single (demo data) connects through the stand-in provider of the dev pages.
 * Run: npx tsx e2e/src/webinars-screenshots.ts → e2e/screenshots/webinars-*.png
 */
import { mkdir } from 'node:fs/promises';
import { devMailboxPath } from '@portal/domain';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
import { SCREENSHOT_DIR, screenshotTaker } from './support/screenshots.ts';
import { startE2eStack } from './support/stack.ts';

const shot = screenshotTaker('webinars-');
const EMAIL = 'pm.single@demo.test';

async function main() {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const stack = await startE2eStack({ database: 'embedded' });
  const browser = await launchBrowser();
  try {
    for (const width of [1280, 768]) {
      await stack.sql.query(
        'delete from webinar_connections where user_id = (select id from users where email = $1)',
        [EMAIL],
      );
      const context = await newContext(browser, stack.url, { width, height: 900 });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
      await page.goto(devMailboxPath(stack.devPagesKey));
      await signIn(page, EMAIL);
      await page.goto('/Webinars');
      await page.getByRole('button', { name: 'Connect to webinars' }).waitFor();
      await shot(page, `disconnected-${width}`);
      await page.getByRole('button', { name: 'Connect to webinars' }).click();
      await page.waitForURL((url) => url.pathname === '/api/dev/webinars/authorize');
      await shot(page, `provider-${width}`);
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL((url) => url.pathname === '/Webinars');
      await page.getByRole('article').first().waitFor();
      await shot(page, `connected-${width}`);
      await stack.sql.query(
        `update webinar_connections set expires_at = now() - interval '1 minute', refresh_token_enc = null
          where user_id = (select id from users where email = $1)`,
        [EMAIL],
      );
      await page.reload();
      await page.getByRole('button', { name: 'Reconnect' }).waitFor();
      await shot(page, `reconnect-${width}`);
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
