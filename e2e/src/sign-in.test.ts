import { PRACTICE_LIST_PATH, practiceStaffPath } from '@portal/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { pathOf, signInAs, signOut, waitForAppShell } from './support/browser.ts';
import { createPractice, createPracticeManager, createUser } from './support/factories.ts';
import { useE2e } from './support/suite.ts';

/**
 * Sign-in in a real browser: sessions end on sign-out and on /Login/<token>, deep links survive
 * the sign-in, and the app shell shows what each role may see. The practice list and overview are
 * other tests' screens: only their address and the shell around them are checked. Where each
 * demo account lands, and its shell, is checked by `readme.test.ts` under the README's own
 * commands; every test here makes its own users and practices (factories).
 */
const e2e = useE2e();

const LIST = PRACTICE_LIST_PATH;
const staffPage = practiceStaffPath;

/** A manager of exactly one practice (who lands on its Staff page), and the practice. */
async function createSinglePracticeManager() {
  const practice = await createPractice(e2e.stack.sql, { name: 'Harbourview Family Medical' });
  const manager = await createPracticeManager(e2e.stack.sql, [practice], {
    firstName: 'Daniel',
    lastName: 'Costa',
  });
  return { practice, manager };
}

async function refreshCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'portal_refresh');
}

/** The session's two cookies as someone who copied them would hold them: refresh and CSRF tokens. */
async function sessionCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  const refresh = cookies.find((cookie) => cookie.name === 'portal_refresh')?.value;
  const csrf = cookies.find((cookie) => cookie.name === 'portal_csrf')?.value;
  expect(refresh && csrf).toBeTruthy();
  return { refresh: refresh!, csrf: csrf! };
}

/**
 * Whether the server still honours a session's refresh token, asked the way the app asks
 * (double-submit CSRF with the session's own CSRF token, which is bound to the session).
 */
async function refreshStatus(base: string, copy: { refresh: string; csrf: string }): Promise<number> {
  const response = await fetch(`${base}/api/auth/refresh`, {
    method: 'POST',
    headers: {
      cookie: `portal_refresh=${copy.refresh}; portal_csrf=${copy.csrf}`,
      'x-csrf-token': copy.csrf,
    },
  });
  return response.status;
}

/** The sign-in form, and only it (no signed-in frame around it). */
async function waitForSignInForm(page: Page) {
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(await page.getByRole('button', { name: /^Account menu/ }).count()).toBe(0);
}

describe('the account menu', () => {
  it('names the user and offers what spec 000 §2 lists for their role', async () => {
    const { page } = e2e;
    const { manager } = await createSinglePracticeManager();
    await signInAs(page, manager);
    await page.getByRole('button', { name: 'Account menu for Daniel Costa' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await menu.getByText(manager.email).waitFor();
    const items = await menu.getByRole('menuitem').allTextContents();
    expect(items).toEqual(['Add practice', 'Account Settings', 'Change Password', 'Sign out']);
    await expectAccessible(page, "the account menu open, a practice manager's");

    const surveyor = await e2e.newPage();
    await signInAs(
      surveyor,
      await createUser(e2e.stack.sql, { isSurveyor: true, firstName: 'Michael', lastName: "O'Brien" }),
    );
    await surveyor.getByRole('button', { name: "Account menu for Michael O'Brien" }).click();
    await surveyor.getByRole('menu').waitFor();
    await expectAccessible(surveyor, "the account menu open, a surveyor's");
    expect(await surveyor.getByRole('menuitem').allTextContents()).toEqual([
      'Survey Offers',
      'Account Settings',
      'Change Password',
      'Sign out',
    ]);
  });
});

describe('signing out', () => {
  it('ends the session: cookies gone, the token refused, reload and back stay signed out', async () => {
    const { page, context, stack } = e2e;
    await signInAs(page, await createUser(stack.sql));
    await page.goto('/ChangePassword/');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await expectAccessible(page, 'change password');
    expect((await refreshCookie(context))?.httpOnly).toBe(true);
    const before = await sessionCookies(context);

    await signOut(page);
    await expectAccessible(page, 'sign-in after signing out');
    expect(await refreshCookie(context)).toBeUndefined();
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('portal_csrf');
    // Revoked on the server too: a copy of the cookies taken before is worthless.
    expect(await refreshStatus(stack.url, before)).toBe(401);

    await page.reload();
    await waitForSignInForm(page);
    expect(pathOf(page)).toBe('/Login');

    // Back to the protected page it was on: the guard sends it to Login again.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/Login');
    await waitForSignInForm(page);

    await page.goto(LIST);
    await page.waitForURL((url) => url.pathname === '/Login');
    await waitForSignInForm(page);
  });

  it('/Login with an invitation token signs the current user out first', async () => {
    const { page, context, stack } = e2e;
    await signInAs(page, await createUser(stack.sql));
    expect(await refreshCookie(context)).toMatchObject({
      httpOnly: true,
      value: expect.stringMatching(/^\S{20,}$/),
    });
    const before = await sessionCookies(context);

    await page.goto('/Login/an-invitation-for-someone-else');
    await waitForSignInForm(page);
    await page.getByText('Sign in to accept your invitation.').waitFor();
    await expectAccessible(page, 'sign-in for an invitation');
    expect(pathOf(page)).toBe('/Login/an-invitation-for-someone-else');
    await expect.poll(async () => refreshCookie(context)).toBeUndefined();
    expect(await refreshStatus(stack.url, before)).toBe(401);

    // Signed out for real: the app no longer lets it in.
    await page.goto(LIST);
    await page.waitForURL((url) => url.pathname === '/Login');
  });

  it('/Login without a token keeps a signed-in user signed in and shows the practice list', async () => {
    const { page } = e2e;
    await signInAs(
      page,
      await createUser(e2e.stack.sql, { isQam: true, firstName: 'Helen', lastName: 'Murray' }),
    );
    await page.goto('/Login');
    await page.waitForURL((url) => url.pathname === LIST);
    await waitForAppShell(page, 'Helen Murray');
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === LIST);
  });
});

describe('signed out', () => {
  it('/ and every protected route go to Login', async () => {
    const { page } = e2e;
    const { practice, manager } = await createSinglePracticeManager();
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/Login');
    await waitForSignInForm(page);
    await expectAccessible(page, 'sign-in');
    for (const route of [
      LIST,
      staffPage(practice.id),
      '/Dashboard',
      '/ChangePassword/',
      `/AccountSettings/${manager.id}`,
    ]) {
      await page.goto(route);
      await page.waitForURL((url) => url.pathname === '/Login');
    }
    expect(await refreshCookie(e2e.context)).toBeUndefined();
  });

  it('a deep link survives the sign-in, also for a single-practice manager', async () => {
    const { page } = e2e;
    const { manager } = await createSinglePracticeManager();
    const settings = `/AccountSettings/${manager.id}`;
    await page.goto(settings);
    await page.waitForURL((url) => url.pathname === '/Login');
    await waitForSignInForm(page);
    // The manager would otherwise land on their practice's staff page.
    expect(await signInAs(page, manager, { goto: false })).toBe(settings);
    await page.getByRole('heading', { name: 'Account settings' }).waitFor();
    await waitForAppShell(page, 'Daniel Costa');
    await expectAccessible(page, 'account settings');

    const other = await e2e.newPage();
    await other.goto('/ChangePassword/?from=mail');
    await other.waitForURL((url) => url.pathname === '/Login');
    expect(await signInAs(other, await createUser(e2e.stack.sql), { goto: false })).toBe(
      '/ChangePassword/?from=mail',
    );
    await other.getByRole('heading', { name: 'Change password' }).waitFor();
  });

  it('the remembered route is used once: the next sign-in lands as usual', async () => {
    const { page } = e2e;
    const { practice, manager } = await createSinglePracticeManager();
    await page.goto('/Dashboard');
    await page.waitForURL((url) => url.pathname === '/Login');
    expect(await signInAs(page, manager, { goto: false })).toBe('/Dashboard');
    await signOut(page);
    expect(await signInAs(page, manager)).toBe(staffPage(practice.id));
  });

  it('a wrong password shows one message that does not tell whether the e-mail exists', async () => {
    const { page, context } = e2e;
    const attempt = async (email: string) => {
      await page.goto('/Login');
      await page.getByLabel('Email').fill(email);
      await page.locator('input[name=password]').fill('Not-the-password-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      await expectAccessible(page, 'sign-in with the wrong-password message');
      return (await alert.textContent())?.trim();
    };
    const known = await attempt((await createUser(e2e.stack.sql)).email);
    const unknown = await attempt('nobody-here@demo.test');
    expect(known).toBe('Email or password is incorrect.');
    expect(unknown).toBe(known);
    expect(pathOf(page)).toBe('/Login');
    expect(await refreshCookie(context)).toBeUndefined();
    // What was typed stays, so a typo is fixed in place.
    expect(await page.getByLabel('Email').inputValue()).toBe('nobody-here@demo.test');
  });

  it('an empty form is answered in the form, without a request', async () => {
    const { page } = e2e;
    await page.goto('/Login');
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/login')) requests += 1;
    });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Required.').first().waitFor();
    await expectAccessible(page, 'sign-in with the required-field messages');
    expect(requests).toBe(0);
  });
});

describe('small windows', () => {
  it('under 768 px every page shows the small-screen message over the app', async () => {
    const narrow = await e2e.newPage({ width: 700, height: 800 });
    await narrow.goto('/Login');
    await narrow.getByText('Your browser or device is too small').waitFor();
    // The message is the page: its main landmark holds it as its heading.
    await narrow
      .getByRole('main')
      .getByRole('heading', { level: 1, name: 'Your browser or device is too small' })
      .waitFor();
    await expectAccessible(narrow, 'the small-screen message');
    expect(await narrow.getByRole('button', { name: 'Sign in' }).count()).toBe(0);

    // At exactly 768 px the app is there.
    const tablet = await e2e.newPage({ width: 768, height: 900 });
    await tablet.goto('/Login');
    await tablet.getByRole('button', { name: 'Sign in' }).waitFor();
    await expectAccessible(tablet, 'sign-in at 768 px');
  });
});

describe('under the gateway’s Content-Security-Policy', () => {
  it('the built app is served with it and signs in and shows the shell with no violation', async () => {
    const { page } = e2e;
    const response = await page.goto('/Login');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    const user = await createUser(e2e.stack.sql, { firstName: 'Sarah', lastName: 'Mitchell' });
    await signInAs(page, user, { goto: false });
    await waitForAppShell(page, user.name);
    await expectAccessible(page, 'the practice list of a user with no practice');
    // A violation is a console error that useE2e records; none may have happened.
    expect(e2e.pageErrors).toEqual([]);
  });
});
