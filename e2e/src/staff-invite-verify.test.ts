import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACTION_TIMEOUT_MS, pathOf, signIn, waitForAppShell } from './support/browser.ts';
import { invitationLink } from './support/mailbox.ts';
import { openStaff, staffRow, toast } from './support/staff-register.ts';
import { useE2e } from './support/suite.ts';

/**
 * Issue 5 in a real browser, the people side of the Staff tab (spec 000 §2, §4, §6, §8): a practice
 * manager invites a staff member; the invitee follows the e-mailed link (the dev mailbox stands in
 * for their inbox), signs up with it and lands on the practice; the link then says it was used. A
 * surveyor of a practice verifies a staff member.
 */
const e2e = useE2e();

const POLL = { timeout: ACTION_TIMEOUT_MS, interval: 100 };
/** Southern Cross General Practice: pm@demo.test manages it (hasura/seeds/default/40_practices.sql). */
const PRACTICE_NAME = 'Southern Cross General Practice';
const STAFF = '/PracticeOverview/3/Staff';
/** A GP of Southern Cross with no account and no invitation yet. */
const INVITEE = {
  first: 'Olivia',
  last: 'Papadopoulos',
  name: 'Olivia Papadopoulos',
  email: 'olivia.papadopoulos@southerncross.demo.test',
};
const NEW_PASSWORD = 'Welcome-in-1';

/** Fills and sends the sign-up form (/signup/:token). */
async function signUp(page: Page, person: { first: string; last: string; email: string }) {
  await page.getByRole('textbox', { name: 'First name' }).fill(person.first);
  await page.getByRole('textbox', { name: 'Last name' }).fill(person.last);
  await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await page.getByLabel(/^Password/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Confirm password/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

describe('inviting a staff member', () => {
  it('e-mails an invitation; the link signs the person up into the practice, and works once', async () => {
    const { page } = e2e;
    await signIn(page, 'pm@demo.test');
    await openStaff(page, STAFF, INVITEE.email);

    await staffRow(page, INVITEE.email)
      .getByRole('button', { name: `INVITE ${INVITEE.name}` })
      .click();
    // The confirmation names the address; the e-mail goes when it is confirmed.
    const confirm = page.getByRole('dialog', { name: 'Invite staff member' });
    await confirm.getByText(INVITEE.email).waitFor();
    await confirm.getByRole('button', { name: 'Send invitation' }).click();
    await toast(page, `You have submitted an invite to ${INVITEE.email}.`);
    // An outstanding invite is offered again as RE-INVITE.
    await staffRow(page, INVITEE.email)
      .getByRole('button', { name: `RE-INVITE ${INVITEE.name}` })
      .waitFor();

    const mailbox = await e2e.newPage();
    const link = await invitationLink(mailbox, e2e.stack.devPagesKey, INVITEE.email);

    // The invitee, signed out, follows the link: it names the practice; they create an account.
    const invited = await e2e.newPage();
    await invited.goto(link);
    await invited.getByRole('heading', { name: 'You have been invited' }).waitFor();
    // It names who sent it (pm@demo.test) and the practice.
    await invited
      .getByText(`Sarah Mitchell has invited ${INVITEE.email} to join ${PRACTICE_NAME} on Connect.`)
      .waitFor();
    await invited.getByRole('link', { name: 'Create an account' }).click();
    await invited.waitForURL((url) => url.pathname.startsWith('/signup/'));
    await signUp(invited, INVITEE);
    // Their one practice: they land on its Staff page.
    await invited.waitForURL((url) => url.pathname === STAFF);
    await waitForAppShell(invited, INVITEE.name);
    await invited.getByRole('heading', { name: PRACTICE_NAME }).waitFor();

    // The manager now sees an account on the row, and no invite button.
    await page.reload();
    await staffRow(page, INVITEE.email).getByLabel('Staff has an active account.').waitFor();
    expect(
      await staffRow(page, INVITEE.email)
        .getByRole('button', { name: /INVITE/ })
        .count(),
    ).toBe(0);

    // The link again, by someone signed out: the invitation is used up.
    const again = await e2e.newPage();
    await again.goto(link);
    await again.getByRole('heading', { name: 'This invitation has already been used' }).waitFor();
    expect(await again.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
    expect(pathOf(again)).toMatch(/^\/Practice\/Invite\//);
  });
});

describe('verifying staff as a surveyor', () => {
  it('the surveyor of a practice verifies a staff member, and it stays verified', async () => {
    const { page } = e2e;
    // surveyor@demo.test surveys Riverbend (practice 2); Mei Green is not verified yet.
    await signIn(page, 'surveyor@demo.test');
    await openStaff(page, '/PracticeOverview/2/Staff', 'mei.green@');
    const verify = page.getByRole('checkbox', { name: 'Verify Mei Green' });
    expect(await verify.isChecked()).toBe(false);
    // The surveyor does not change the register.
    expect(await page.getByRole('button', { name: 'Add staff' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit Mei Green' }).count()).toBe(0);

    // The box follows the stored value: it turns checked once the server has answered.
    await verify.click();
    await expect.poll(() => verify.isChecked(), POLL).toBe(true);
    await page.reload();
    await staffRow(page, 'mei.green@').waitFor();
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Verify Mei Green' }).isChecked(), POLL)
      .toBe(true);
  });
});
