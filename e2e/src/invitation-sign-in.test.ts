import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAs } from './support/browser.ts';
import {
  createPractice,
  createPracticeManager,
  createStaffMember,
  createUser,
  type TestPractice,
  type TestUser,
} from './support/factories.ts';
import { invitationLink } from './support/mailbox.ts';
import { useE2e } from './support/suite.ts';

/**
 * An invitation survives the sign-in on the way (spec 000 §2): /Login/:invitationToken signs the
 * current user out first, and whoever then signs in there goes on to /Practice/Invite/:token to
 * accept, whether they came from the invitation page ("Sign in as …") or from the sign-up page's
 * "Sign in" link. Each test makes its own practice, its manager and the people involved.
 */
const e2e = useE2e();

/** A practice and its manager, who sends the invitations. */
async function createManagedPractice(): Promise<{ practice: TestPractice; manager: TestUser }> {
  const practice = await createPractice(e2e.stack.sql, { name: 'Banksia Medical Centre' });
  const manager = await createPracticeManager(e2e.stack.sql, [practice], {
    firstName: 'Sarah',
    lastName: 'Mitchell',
  });
  return { practice, manager };
}

/**
 * The practice manager invites `invited` (a new register row) through the real sendStaffInvite
 * action, as the staff page does; the e-mail goes to the dev mailbox.
 */
async function invite(
  { practice, manager }: { practice: TestPractice; manager: TestUser },
  invited: TestUser,
): Promise<void> {
  const { stack } = e2e;
  const staff = await createStaffMember(stack.sql, practice.id, {
    title: 'MR',
    firstName: invited.firstName,
    lastName: 'Invited',
    type: 'support',
    email: invited.email,
  });
  const login = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: manager.email, password: manager.password }),
  });
  expect(login.status).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const sent = await fetch(`${stack.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      query: 'mutation ($id: Int!) { sendStaffInvite(staffId: $id) { email } }',
      variables: { id: staff.id },
    }),
  });
  expect(await sent.json()).toEqual({ data: { sendStaffInvite: { email: invited.email } } });
}

/** Accepts on the invitation page on show and waits for the practice's Staff tab. */
async function acceptAndOpenPractice(page: Page, practice: TestPractice) {
  await page.getByRole('heading', { name: 'You have been invited' }).waitFor();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await page.waitForURL((url) => url.pathname === `/PracticeOverview/${practice.id}/Staff`);
  await page.getByRole('heading', { name: practice.name }).waitFor();
}

async function isMember(user: TestUser, practice: TestPractice): Promise<boolean> {
  const { rows } = await e2e.stack.sql.query<{ member: boolean }>(
    `select exists (select 1 from practice_users pu
                     where pu.user_id = $1 and pu.practice_id = $2 and pu.active) as member`,
    [user.id, practice.id],
  );
  return rows[0]?.member ?? false;
}

describe('signing in on the way to an invitation', () => {
  it('signed in as someone else: "Sign in as" the invited person, sign in, accept, and they belong', async () => {
    const managed = await createManagedPractice();
    // Jordan has an account and no practice yet.
    const invited = await createUser(e2e.stack.sql, { firstName: 'Jordan', lastName: 'Lee' });
    const surveyor = await createUser(e2e.stack.sql, {
      isSurveyor: true,
      firstName: 'Ravi',
      lastName: 'Menon',
    });
    await invite(managed, invited);
    const link = await invitationLink(await e2e.newPage(), e2e.stack.devPagesKey, invited.email);

    // A surveyor is signed in on this browser and opens Jordan's link.
    const { page } = e2e;
    await signInAs(page, surveyor);
    await page.goto(link);
    await page.getByRole('heading', { name: 'You have been invited' }).waitFor();
    await page.getByText(`and you are signed in as ${surveyor.email}`, { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Accept invitation' }).count()).toBe(0);
    await page.getByRole('button', { name: `Sign in as ${invited.email}` }).click();

    // The sign-in page for the invitation: the surveyor's session is gone.
    await page.waitForURL((url) => url.pathname.startsWith('/Login/'));
    await page.getByText('Sign in to accept your invitation.').waitFor();
    await signInAs(page, invited, { goto: false });

    // Back on the invitation, now as Jordan, who accepts.
    expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
    await acceptAndOpenPractice(page, managed.practice);
    expect(await isMember(invited, managed.practice)).toBe(true);
  });

  it("from the sign-up page's sign-in link: sign in, accept, and they belong", async () => {
    const managed = await createManagedPractice();
    // Grace has an account (she manages another practice).
    const invited = await createPracticeManager(e2e.stack.sql, [await createPractice(e2e.stack.sql)], {
      firstName: 'Grace',
      lastName: 'Pham',
    });
    await invite(managed, invited);
    const link = await invitationLink(await e2e.newPage(), e2e.stack.devPagesKey, invited.email);
    expect(await isMember(invited, managed.practice)).toBe(false);

    const { page } = e2e;
    await page.goto(link);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    // Grace already has an account after all.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByText('Sign in to accept your invitation.').waitFor();
    await signInAs(page, invited, { goto: false });

    expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
    await acceptAndOpenPractice(page, managed.practice);
    expect(await isMember(invited, managed.practice)).toBe(true);
  });
});
