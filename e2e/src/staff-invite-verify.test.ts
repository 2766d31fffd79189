import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { ACTION_TIMEOUT_MS, pathOf, waitForAppShell } from './support/browser.ts';
import { addPracticeRole, createStaffedPractice, createUser } from './support/factories.ts';
import { invitationLink } from './support/mailbox.ts';
import { openStaff, staffRow, toast } from './support/staff-register.ts';
import { useE2e } from './support/suite.ts';

/**
 * In a real browser, the people side of the Staff tab (spec 000 §2, §4, §6, §8): a practice
 * manager invites a staff member; the invitee follows the e-mailed link (the dev mailbox stands in
 * for their inbox), signs up with it and lands on the practice; the link then says it was used. A
 * surveyor of a practice verifies a staff member. Each test makes its own practice and people.
 */
const e2e = useE2e();

const POLL = { timeout: ACTION_TIMEOUT_MS, interval: 100 };
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
    const { practice, manager, staff, staffPath } = await createStaffedPractice(e2e.stack.sql);
    // A GP of the practice with no account and no invitation yet.
    const gp = staff.gp;
    const invitee = { first: gp.firstName, last: gp.lastName, name: gp.name, email: gp.email! };
    await openStaff(page, staffPath, invitee.email, manager);

    await staffRow(page, invitee.email)
      .getByRole('button', { name: `INVITE ${invitee.name}` })
      .click();
    // The confirmation names the address; the e-mail goes when it is confirmed.
    const confirm = page.getByRole('dialog', { name: 'Invite staff member' });
    await confirm.getByText(invitee.email).waitFor();
    await expectAccessible(page, 'invite a staff member');
    await confirm.getByRole('button', { name: 'Send invitation' }).click();
    await toast(page, `You have submitted an invite to ${invitee.email}.`);
    // An outstanding invite is offered again as RE-INVITE.
    await staffRow(page, invitee.email)
      .getByRole('button', { name: `RE-INVITE ${invitee.name}` })
      .waitFor();
    await expectAccessible(page, 'the staff register, an invitation outstanding');

    const mailbox = await e2e.newPage();
    const link = await invitationLink(mailbox, e2e.stack.devPagesKey, invitee.email);

    // The invitee, signed out, follows the link: it names the practice; they create an account.
    const invited = await e2e.newPage();
    await invited.goto(link);
    await invited.getByRole('heading', { name: 'You have been invited' }).waitFor();
    // It names who sent it (the manager) and the practice.
    await invited
      .getByText(`${manager.name} has invited ${invitee.email} to join ${practice.name} on Connect.`)
      .waitFor();
    await expectAccessible(invited, 'the invitation, signed out');
    await invited.getByRole('link', { name: 'Create an account' }).click();
    await invited.waitForURL((url) => url.pathname.startsWith('/signup/'));
    await invited.getByRole('heading', { name: 'Create your account' }).waitFor();
    await expectAccessible(invited, 'sign-up for an invitation');
    await signUp(invited, invitee);
    // Their one practice: they land on its Staff page.
    await invited.waitForURL((url) => url.pathname === staffPath);
    await waitForAppShell(invited, invitee.name);
    await invited.getByRole('heading', { name: practice.name }).waitFor();
    await expectAccessible(invited, 'the staff register of a new member of staff');

    // The manager now sees an account on the row, and no invite button.
    await page.reload();
    await staffRow(page, invitee.email).getByLabel('Staff has an active account.').waitFor();
    await expectAccessible(page, 'the staff register, the invitee with an account');
    expect(
      await staffRow(page, invitee.email)
        .getByRole('button', { name: /INVITE/ })
        .count(),
    ).toBe(0);

    // The link again, by someone signed out: the invitation is used up.
    const again = await e2e.newPage();
    await again.goto(link);
    await again.getByRole('heading', { name: 'This invitation has already been used' }).waitFor();
    await expectAccessible(again, 'the invitation, used, signed out');
    expect(await again.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
    expect(pathOf(again)).toMatch(/^\/Practice\/Invite\//);
  });
});

describe('verifying staff as a surveyor', () => {
  it('the surveyor of a practice verifies a staff member, and it stays verified', async () => {
    const { page } = e2e;
    // The surveyor surveys the practice; its GP is not verified yet.
    const { practice, staff, staffPath } = await createStaffedPractice(e2e.stack.sql);
    const gp = staff.gp;
    const surveyor = await createUser(e2e.stack.sql, {
      isSurveyor: true,
      firstName: 'Ravi',
      lastName: 'Menon',
    });
    await addPracticeRole(e2e.stack.sql, practice.id, surveyor.id, 'SU');
    await openStaff(page, staffPath, gp.email!, surveyor);
    const verify = page.getByRole('checkbox', { name: `Verify ${gp.name}` });
    expect(await verify.isChecked()).toBe(false);
    // The surveyor does not change the register.
    expect(await page.getByRole('button', { name: 'Add staff' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Edit ${gp.name}` }).count()).toBe(0);
    await expectAccessible(page, "the staff register as the practice's surveyor");

    // The box follows the stored value: it turns checked once the server has answered.
    await verify.click();
    await expect.poll(() => verify.isChecked(), POLL).toBe(true);
    await expectAccessible(page, "the staff register as the practice's surveyor, a member verified");
    await page.reload();
    await staffRow(page, gp.email!).waitFor();
    await expect
      .poll(() => page.getByRole('checkbox', { name: `Verify ${gp.name}` }).isChecked(), POLL)
      .toBe(true);
  });
});
