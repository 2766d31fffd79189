import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from './support/browser.ts';
import { invitationLink } from './support/mailbox.ts';
import { useE2e } from './support/suite.ts';

/**
 * An invitation survives the sign-in on the way (spec 000 §2): /Login/:invitationToken signs the
 * current user out first, and whoever then signs in there goes on to /Practice/Invite/:token to
 * accept, whether they came from the invitation page ("Sign in as …") or from the sign-up page's
 * "Sign in" link.
 */
const e2e = useE2e();

/** Southern Cross General Practice: pm@demo.test (Sarah Mitchell) manages it and sends the invitations. */
const PRACTICE = 3;
const PRACTICE_NAME = 'Southern Cross General Practice';
const STAFF = `/PracticeOverview/${PRACTICE}/Staff`;

/**
 * The practice manager invites `email` (a new register row) through the real sendStaffInvite
 * action, as the staff page does; the e-mail goes to the dev mailbox.
 */
async function inviteToSouthernCross(email: string, firstName: string): Promise<void> {
  const { stack } = e2e;
  const {
    rows: [staff],
  } = await stack.sql.query<{ id: number }>(
    `insert into practice_staff (practice_id, title, first_name, last_name, type, employment_type, start_date,
                                 email, hours_per_week, cpr_expiry)
     values ($1, 'MR', $2, 'Invited', 'support', 'EMPLOYEE', current_date - 10, $3, 20, current_date + 200)
     returning id`,
    [PRACTICE, firstName, email],
  );
  const login = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'pm@demo.test', password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const sent = await fetch(`${stack.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      query: 'mutation ($id: Int!) { sendStaffInvite(staffId: $id) { email } }',
      variables: { id: staff?.id },
    }),
  });
  expect(await sent.json()).toEqual({ data: { sendStaffInvite: { email } } });
}

/** Accepts on the invitation page on show and waits for the practice's Staff tab. */
async function acceptAndOpenPractice(page: Page) {
  await page.getByRole('heading', { name: 'You have been invited' }).waitFor();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await page.waitForURL((url) => url.pathname === STAFF);
  await page.getByRole('heading', { name: PRACTICE_NAME }).waitFor();
}

async function isMember(email: string): Promise<boolean> {
  const { rows } = await e2e.stack.sql.query<{ member: boolean }>(
    `select exists (select 1 from practice_users pu join users u on u.id = pu.user_id
                     where u.email = $1 and pu.practice_id = $2 and pu.active) as member`,
    [email, PRACTICE],
  );
  return rows[0]?.member ?? false;
}

describe('signing in on the way to an invitation', () => {
  it('signed in as someone else: "Sign in as" the invited person, sign in, accept, and they belong', async () => {
    const invited = 'newuser@demo.test';
    await inviteToSouthernCross(invited, 'Jordan');
    const link = await invitationLink(await e2e.newPage(), e2e.stack.devPagesKey, invited);

    // A surveyor is signed in on this browser and opens Jordan's link.
    const { page } = e2e;
    await signIn(page, 'surveyor@demo.test');
    await page.goto(link);
    await page.getByRole('heading', { name: 'You have been invited' }).waitFor();
    await page.getByText(`and you are signed in as surveyor@demo.test`, { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Accept invitation' }).count()).toBe(0);
    await page.getByRole('button', { name: `Sign in as ${invited}` }).click();

    // The sign-in page for the invitation: the surveyor's session is gone.
    await page.waitForURL((url) => url.pathname.startsWith('/Login/'));
    await page.getByText('Sign in to accept your invitation.').waitFor();
    await signIn(page, invited, { goto: false });

    // Back on the invitation, now as Jordan, who accepts.
    expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
    await acceptAndOpenPractice(page);
    expect(await isMember(invited)).toBe(true);
  });

  it("from the sign-up page's sign-in link: sign in, accept, and they belong", async () => {
    const invited = 'pm.newcastle@demo.test';
    await inviteToSouthernCross(invited, 'Grace');
    const link = await invitationLink(await e2e.newPage(), e2e.stack.devPagesKey, invited);
    expect(await isMember(invited)).toBe(false);

    const { page } = e2e;
    await page.goto(link);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    // Grace already has an account after all.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByText('Sign in to accept your invitation.').waitFor();
    await signIn(page, invited, { goto: false });

    expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
    await acceptAndOpenPractice(page);
    expect(await isMember(invited)).toBe(true);
  });
});
