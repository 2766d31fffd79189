import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { openSignedIn, pathOf, signInAs } from './support/browser.ts';
import { createUser } from './support/factories.ts';
import { unlockDevPages } from './support/mailbox.ts';
import { useE2e } from './support/suite.ts';

/**
 * Webinars in a real browser against the whole stack and its stand-in webinar provider (the dev
 * pages, opened as a developer does): connect through the provider's consent page, see the
 * upcoming webinars, disconnect; the callback of a signed-out browser goes through Login.
 */
const e2e = useE2e();

describe('webinars', () => {
  it('a user connects through the provider, sees the upcoming webinars, and disconnects', async () => {
    const { page, stack } = e2e;
    const user = await createUser(stack.sql, { firstName: 'Wren', lastName: 'Okafor' });
    await unlockDevPages(page, stack.devPagesKey);
    await openSignedIn(page, user, '/Webinars');
    await page.getByRole('heading', { name: 'Connect your webinar account' }).waitFor();
    await expectAccessible(page, 'webinars, not connected');

    await page.getByRole('button', { name: 'Connect to webinars' }).click();
    await page.waitForURL((url) => url.pathname === '/api/dev/webinars/authorize');
    await expectAccessible(page, "the stand-in provider's consent page");
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname === '/Webinars');
    await page.getByText('Connected', { exact: true }).waitFor();
    const cards = page.getByRole('article');
    expect(await cards.getByRole('heading').allTextContents()).toEqual([
      'Preparing for your accreditation survey',
      'Self assessment: common questions',
      'Infection control update',
    ]);
    const register = cards.first().getByRole('link', { name: /^Register for / });
    expect(await register.getAttribute('href')).toMatch(/\/api\/dev\/webinars\/register\/\d+$/);
    await expectAccessible(page, 'webinars, connected');

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('button', { name: 'Connect to webinars' }).waitFor();
    expect(await page.getByText('Connected', { exact: true }).count()).toBe(0);
    const { rows } = await stack.sql.query('select 1 from webinar_connections where user_id = $1', [user.id]);
    expect(rows).toEqual([]);
  });

  it('the callback of a signed-out browser goes to Login, then back, and a foreign state connects nothing', async () => {
    const { page, stack } = e2e;
    const user = await createUser(stack.sql);
    await page.goto('/GoToWebinars/callback?code=stolen&state=forged');
    await page.waitForURL((url) => url.pathname === '/Login');
    await signInAs(page, user, { goto: false });
    await page.waitForURL((url) => url.pathname === '/Webinars');
    await page.getByRole('button', { name: 'Connect to webinars' }).waitFor();
    expect(pathOf(page)).toBe('/Webinars');
    const { rows } = await stack.sql.query('select 1 from webinar_connections where user_id = $1', [user.id]);
    expect(rows).toEqual([]);
  });
});
