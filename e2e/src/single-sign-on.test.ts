import { PRACTICE_LIST_PATH, SSO_CALLBACK_PATH } from '@portal/domain';
import { startTestOidcProvider } from '@portal/testkit/oidc-provider';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { pathOf, waitForAppShell } from './support/browser.ts';
import { createUser } from './support/factories.ts';
import { useE2e } from './support/suite.ts';

/**
 * The single sign-on round trip in a real browser (docs/decisions/accounts-and-sessions.md,
 * "Single sign-on"): the sign-in screen's "Sign in with …", the identity provider's own sign-in
 * page (a real OpenID Connect provider, oidc-provider, in this process), and back signed in on the
 * landing screen. A stack of its own: the identity provider's address is in its environment. The
 * attacks and the account rules are tested at the actions layer (single-sign-on.test.ts).
 */
const idp = await startTestOidcProvider();
const e2e = useE2e({ stack: { env: idp.env() } });
beforeAll(() => {
  idp.allowRedirectUri(`${e2e.stack.url}${SSO_CALLBACK_PATH}`);
});
afterAll(() => idp.close());

it('a QAM signs in with the provider’s identity provider and lands on the practice list', async () => {
  const { page, stack } = e2e;
  const qam = await createUser(stack.sql, { isQam: true, firstName: 'Priya', lastName: 'Raman' });
  idp.setAccount('priya.raman', { email: qam.email, email_verified: true, groups: ['portal-qams'] });

  await page.goto('/Login');
  const button = page.getByRole('link', { name: 'Sign in with Test ID' });
  await button.waitFor();
  await expectAccessible(page, 'sign-in with single sign-on offered');
  await button.click();

  // The identity provider's page: its own form, on its own origin.
  await page.getByLabel('Username').fill('priya.raman');
  await page.getByLabel('Password').fill('anything');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await page.waitForURL((url) => url.pathname === PRACTICE_LIST_PATH);
  await waitForAppShell(page, 'Priya Raman');
  expect(pathOf(page)).toBe(PRACTICE_LIST_PATH);
  expect((await e2e.context.cookies()).find((c) => c.name === 'portal_refresh')?.httpOnly).toBe(true);
});
