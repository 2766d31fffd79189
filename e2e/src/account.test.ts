import { accountSettingsPath } from '@portal/domain';
import { codeAt } from '@portal/testkit/two-factor';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { openSignedIn, pathOf, signIn, signInAs, signOut, waitForAppShell } from './support/browser.ts';
import { createPractice, createPracticeManager, createUser } from './support/factories.ts';
import { linkInMailbox } from './support/mailbox.ts';
import { useE2e } from './support/suite.ts';

/**
 * The account pages in a real browser against the whole stack: registration, password reset by
 * the e-mailed link (read from the dev mailbox, as a developer would), change password and
 * account settings. Each test makes its own account (factories), so the order does not matter.
 */
const e2e = useE2e();

const CHECK_INBOX = 'Check your inbox: we have sent an e-mail to that address with the next step.';

/** The sign-in form up to its second step (an account with two-factor sign-in). */
async function signInToSecondStep(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
}

/** Whether the sign-in page refuses these credentials (it stays on /Login with its message). */
async function signInFails(page: Page, email: string, password: string): Promise<boolean> {
  await page.goto('/Login');
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Email or password is incorrect.').waitFor();
  return pathOf(page) === '/Login';
}

describe('registration', () => {
  it('a new account: check your inbox; the e-mailed link signs in as a new user, who can sign in again', async () => {
    const { page } = e2e;
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await expectAccessible(page, 'sign-up');
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Ng');
    await page.getByLabel('Email').fill('robin.ng@demo.test');
    await page.locator('input[name=password]').fill('Robin-pass-1');
    await page.locator('input[name=confirmPassword]').fill('Robin-pass-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('status').filter({ hasText: CHECK_INBOX }).waitFor();
    await expectAccessible(page, 'sign-up, check your inbox');
    expect(pathOf(page)).toBe('/signup');
    // Nobody can sign in with it before the address is confirmed.
    expect(await signInFails(page, 'robin.ng@demo.test', 'Robin-pass-1')).toBe(true);

    const link = await linkInMailbox(
      page,
      e2e.stack.devPagesKey,
      'robin.ng@demo.test',
      /\/ConfirmEmail\?token=/,
    );
    expect(new URL(link).pathname).toBe('/ConfirmEmail');
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/Practice/List');
    await waitForAppShell(page, 'Robin Ng');
    await expectAccessible(page, 'the practice list of a new user');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Practices' }).count()).toBe(0);

    await signOut(page);
    expect(await signIn(page, 'robin.ng@demo.test', { password: 'Robin-pass-1' })).toBe('/Practice/List');
  });

  it('checks the form in the browser, and answers a taken address exactly like a new one', async () => {
    const { page } = e2e;
    await page.goto('/signup');
    await page.locator('input[name=password]').fill('short');
    await page.locator('input[name=confirmPassword]').fill('other');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Min 8 characters').waitFor();
    expect(await page.getByText('Required.').count()).toBeGreaterThanOrEqual(3);
    await expectAccessible(page, 'sign-up with its messages');

    const owner = await createUser(e2e.stack.sql);
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Lee');
    await page.getByLabel('Email').fill(owner.email);
    await page.locator('input[name=password]').fill('Sam-pass-12');
    await page.locator('input[name=confirmPassword]').fill('Sam-pass-12');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('status').filter({ hasText: CHECK_INBOX }).waitFor();
    expect(await page.getByText('An account cannot be created').count()).toBe(0);
    expect(pathOf(page)).toBe('/signup');
    // The owner is told instead, with the ways in; their password still works.
    const signInLink = await linkInMailbox(page, e2e.stack.devPagesKey, owner.email, /\/Login$/);
    expect(new URL(signInLink).pathname).toBe('/Login');
    expect(await signInFails(page, owner.email, 'Sam-pass-12')).toBe(true);
    expect(await signInAs(page, owner)).toBe('/Practice/List');
  });
});

describe('password reset', () => {
  it('the e-mailed link sets a new password; the old one stops working; the link works once', async () => {
    const { page } = e2e;
    // A manager of one practice, who lands on its Staff page.
    const practice = await createPractice(e2e.stack.sql);
    const owner = await createPracticeManager(e2e.stack.sql, [practice]);
    await page.goto('/Login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/Reset');
    // The address changes before the reset screen's chunk has loaded, and until then the sign-in
    // page (with its own Email field) stays on show: fill the form only once it is there.
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await expectAccessible(page, 'reset');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your inbox').waitFor();
    await expectAccessible(page, 'reset, check your inbox');

    const link = await linkInMailbox(page, e2e.stack.devPagesKey, owner.email);
    expect(new URL(link).pathname).toBe('/Reset');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectAccessible(page, 'reset, choose a new password');
    await page.locator('input[name=password]').fill('Tas-new-pass-1');
    await page.locator('input[name=confirmPassword]').fill('Tas-new-pass-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await expectAccessible(page, 'reset, password changed');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/Login');
    // The reset page (it, too, has a password field) stays on show until the sign-in chunk loads.
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    // The old password no longer works, the new one does.
    await page.getByLabel('Email').fill(owner.email);
    await page.locator('input[name=password]').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email or password is incorrect.').waitFor();
    expect(await signIn(page, owner.email, { password: 'Tas-new-pass-1' })).toBe(
      `/PracticeOverview/${practice.id}/Staff`,
    );
    await signOut(page);

    // The same link a second time is refused.
    await page.goto(link);
    await page.locator('input[name=password]').fill('Tas-other-pass-2');
    await page.locator('input[name=confirmPassword]').fill('Tas-other-pass-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('This reset link has expired or has already been used.').waitFor();
    await expectAccessible(page, 'reset, the link used');
  });

  it('the sign-in page fetches the sign-up and reset screens ahead, before any link is followed', async () => {
    const { page } = e2e;
    const fetched = (name: string) =>
      page.waitForRequest((request) => new RegExp(`/assets/${name}-[^/]+\\.js$`).test(request.url()));
    const [signup, reset] = [fetched('signup-page'), fetched('reset-page')];
    await page.goto('/Login');
    await Promise.all([signup, reset]);
    expect(pathOf(page)).toBe('/Login');
  });

  it('an unknown address gets the same answer as a known one', async () => {
    const { page } = e2e;
    const answer = async (email: string) => {
      await page.goto('/Reset');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      const status = page.getByRole('status').filter({ hasText: 'Check your inbox' });
      await status.waitFor();
      return status.textContent();
    };
    const known = await createUser(e2e.stack.sql);
    expect(await answer('nobody-at-all@demo.test')).toBe(await answer(known.email));
  });
});

describe('change password', () => {
  it('needs the current password, keeps this session, and the new password signs in', async () => {
    const { page } = e2e;
    const surveyor = await createUser(e2e.stack.sql, {
      isSurveyor: true,
      firstName: 'Tom',
      lastName: 'Whitaker',
    });
    const old = surveyor.password;
    await signInAs(page, surveyor);
    await page.getByRole('button', { name: 'Account menu for Tom Whitaker' }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await page.waitForURL((url) => url.pathname === '/ChangePassword/');

    const fill = async (old: string, next: string, confirm = next) => {
      await page.locator('input[name=oldPassword]').fill(old);
      await page.locator('input[name=newPassword]').fill(next);
      await page.locator('input[name=confirmPassword]').fill(confirm);
      await page.getByRole('button', { name: 'Change password' }).click();
    };
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await expectAccessible(page, 'change password');
    await fill(old, 'Tom-new-pass-1', 'Tom-new-pass-2');
    await page.getByText('Passwords do not match.').waitFor();
    await expectAccessible(page, 'change password, passwords do not match');
    await fill(old, 'far-too-long-password');
    await page.getByText('Max 16 characters').waitFor();
    await fill('Not-my-password-1', 'Tom-new-pass-1');
    await page
      .getByRole('alert')
      .filter({ hasText: /password/i })
      .first()
      .waitFor();
    await expectAccessible(page, 'change password, the current password refused');

    await fill(old, 'Tom-new-pass-1');
    await page.getByText('Your password has been changed.').waitFor();
    await expectAccessible(page, 'change password, changed');
    // Still signed in here, after a reload too.
    await page.reload();
    await waitForAppShell(page, 'Tom Whitaker');
    expect(pathOf(page)).toBe('/ChangePassword/');

    await signOut(page);
    expect(await signIn(page, surveyor.email, { password: 'Tom-new-pass-1' })).toBe('/Practice/List');
  });
});

describe('account settings', () => {
  it('saves the name and phone; the header shows the new name; the row keeps it', async () => {
    const { page, stack } = e2e;
    const user = await createUser(stack.sql, { firstName: 'Grace', lastName: 'Pham' });
    await openSignedIn(page, user, '/Dashboard');
    await page.getByRole('button', { name: 'Account menu for Grace Pham' }).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await page.waitForURL((url) => url.pathname === `/AccountSettings/${user.id}`);
    await page.getByRole('heading', { name: 'Account settings' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
    expect(await page.getByLabel('Email').isEditable()).toBe(false);
    await expectAccessible(page, 'account settings');

    await page.getByLabel('First name').fill('Gracie');
    await page.getByLabel('Phone (optional)').fill('0413 555 010');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your account settings have been saved.').waitFor();
    await waitForAppShell(page, 'Gracie Pham');
    await expectAccessible(page, 'account settings, saved');

    const { rows } = await stack.sql.query<{ first_name: string; phone: string }>(
      'select first_name, phone from users where id = $1',
      [user.id],
    );
    expect(rows[0]).toEqual({ first_name: 'Gracie', phone: '0413 555 010' });

    await page.reload();
    expect(await page.getByLabel('First name').inputValue()).toBe('Gracie');
    expect(await page.getByLabel('Phone (optional)').inputValue()).toBe('0413 555 010');
  });

  it("another user's id in the address shows one's own settings", async () => {
    const { page } = e2e;
    const me = await createUser(e2e.stack.sql, { isSurveyor: true });
    const other = await createUser(e2e.stack.sql, { isAdmin: true });
    await openSignedIn(page, me, accountSettingsPath(other.id));
    await page.waitForURL((url) => url.pathname === `/AccountSettings/${me.id}`);
    expect(await page.getByLabel('Email').inputValue()).toBe(me.email);
  });

  it('two-factor sign-in: sets up an authenticator app from the shown key, signs in with a code, then with a recovery code', async () => {
    const { page, stack } = e2e;
    const user = await createUser(stack.sql, { firstName: 'Ada', lastName: 'Kerr' });
    await openSignedIn(page, user, accountSettingsPath(user.id));
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByText('Two-factor sign-in is off.').waitFor();
    await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await section.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const key = (await section.getByTestId('totp-key').textContent())!.replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page, 'two-factor sign-in, setting up an authenticator app');
    await section.getByLabel('Authentication code').fill(codeAt(key));
    await section.getByRole('button', { name: 'Confirm' }).click();
    const list = section.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    const codes = await list.getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await expectAccessible(page, 'two-factor sign-in, the recovery codes');
    await section.getByRole('button', { name: 'Done' }).click();
    await section.getByText('Recovery codes left: 10 of 10.').waitFor();

    // Signing in now asks for a code, computed from the key as the app would.
    await signOut(page);
    await signInToSecondStep(page, user.email, user.password);
    await expectAccessible(page, 'sign-in, the code of the authenticator app');
    await page.getByLabel('Authentication code').fill(codeAt(key, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForAppShell(page, 'Ada Kerr');

    // And with a recovery code instead, once.
    await signOut(page);
    await signInToSecondStep(page, user.email, user.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await expectAccessible(page, 'sign-in, a recovery code');
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForAppShell(page, 'Ada Kerr');
    const { rows } = await stack.sql.query<{ used: number }>(
      'select count(*)::int as used from user_recovery_codes where user_id = $1 and used_at is not null',
      [user.id],
    );
    expect(rows[0]!.used).toBe(1);
  });

  it("passkeys: adds a passkey (Chromium's virtual authenticator), signs in with it after the password, then removes it", async () => {
    const { page, stack } = e2e;
    // A platform authenticator that answers at once, as a laptop's with the user present and verified.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    try {
      const user = await createUser(stack.sql, { firstName: 'Pia', lastName: 'Sato' });
      await openSignedIn(page, user, accountSettingsPath(user.id));
      const section = page.getByRole('region', { name: 'Two-factor sign-in' });
      await section.getByText('Two-factor sign-in is off.').waitFor();
      await section.getByRole('button', { name: 'Add a passkey' }).click();
      await section.getByLabel('Passkey name').fill('Work laptop');
      await expectAccessible(page, 'two-factor sign-in, adding a passkey');
      await section.getByRole('button', { name: 'Add passkey' }).click();
      // The account's first factor: the recovery codes, once.
      await section.getByRole('list', { name: 'Recovery codes' }).waitFor();
      await section.getByText('From now on, signing in asks for your passkey.').waitFor();
      await section.getByRole('button', { name: 'Done' }).click();
      const factors = section.getByRole('list', { name: 'Your sign-in factors' });
      await factors.getByText('Work laptop').waitFor();
      await expectAccessible(page, 'two-factor sign-in, a passkey listed');

      // Signing in now offers the passkey first; the browser asks the authenticator.
      await signOut(page);
      await signInToSecondStep(page, user.email, user.password);
      await expectAccessible(page, 'sign-in, the passkey');
      await page.getByRole('button', { name: 'Use your passkey' }).click();
      await waitForAppShell(page, 'Pia Sato');

      // Listed as used; removing it needs the password, and two-factor sign-in is off again.
      await page.goto(accountSettingsPath(user.id));
      await factors.getByText(/last used/).waitFor();
      await section.getByRole('button', { name: 'Remove Work laptop' }).click();
      await section.locator('input[name=password]').fill(user.password);
      await section.getByRole('button', { name: 'Remove passkey' }).click();
      await section.getByText('Two-factor sign-in is off.').waitFor();
      const { rows } = await stack.sql.query<{ kind: string; removed: boolean; count: number }>(
        `select kind, removed_at is not null as removed, passkey_sign_count::int as count
           from user_factors where user_id = $1`,
        [user.id],
      );
      expect(rows).toEqual([{ kind: 'passkey', removed: true, count: expect.any(Number) }]);
    } finally {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
      await cdp.detach();
    }
  });

  it('two-factor policy: a QAM without a factor is led to set one up before anything else, then sees where they are signed in', async () => {
    const { page, stack } = e2e;
    // The journeys' stack offers it to every role (the demo data); this test requires it of QAMs.
    await stack.sql.query('update provider_settings set require_two_factor_qam = true');
    try {
      const qam = await createUser(stack.sql, { firstName: 'Quinn', lastName: 'Mason', isQam: true });
      await signInAs(page, qam);
      await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
      await expectAccessible(page, 'two-factor policy, set up before anything else');
      await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
      const key = (await page.getByTestId('totp-key').textContent())!.replace(/\s/g, '');
      await page.getByLabel('Authentication code').fill(codeAt(key));
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
      await page.getByRole('button', { name: 'Done' }).click();
      await waitForAppShell(page, 'Quinn Mason');

      await page.goto(accountSettingsPath(qam.id));
      await page.getByLabel('First name').waitFor();
      const sessions = page.getByRole('list', { name: 'Your sessions' });
      await sessions.getByText('This device').waitFor();
      // Setting up the factor ended any other session; this browser's is the one left.
      expect(await sessions.getByRole('listitem').count()).toBe(1);
      await expectAccessible(page, 'account settings, where you are signed in');
    } finally {
      await stack.sql.query('update provider_settings set require_two_factor_qam = false');
    }
  });
});
