import { invitationPath } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { pathOf, signInAs, waitForAppShell } from './support/browser.ts';
import {
  createInvitation,
  createPractice,
  createStaffedPractice,
  createStaffMember,
  createUser,
} from './support/factories.ts';
import { invitationLink } from './support/mailbox.ts';
import { openStaff, staffRow, toast } from './support/staff-register.ts';
import { useE2e } from './support/suite.ts';

/**
 * In a real browser, invitations for people who already have an account (spec 000 §2, §4,
 * §8): the practice manager invites a staff member whose e-mail already has an account; they
 * follow the mailed link, sign in, accept, and land on the practice's Staff tab with the practice
 * in their list. A used link and an expired one show the page that says so. Each test makes its
 * own practice and people.
 */
const e2e = useE2e();

describe('inviting someone who already has an account', () => {
  it('the mailed link, after signing in, accepts into the practice; used again it says so', async () => {
    const { sql } = e2e.stack;
    const { practice, manager, staffPath } = await createStaffedPractice(sql);
    // Jordan has an account and no practice yet, and works at this practice: the register has
    // them with their account's e-mail.
    const existing = await createUser(sql, { firstName: 'Jordan', lastName: 'Lee' });
    await createStaffMember(sql, practice.id, {
      title: 'MR',
      firstName: 'Jordan',
      lastName: 'Lee',
      type: 'support',
      email: existing.email,
    });
    const { page } = e2e;
    await openStaff(page, staffPath, existing.email, manager);
    await staffRow(page, existing.email)
      .getByRole('button', { name: `INVITE ${existing.name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Invite staff member' });
    await confirm.getByText(existing.email).waitFor();
    await expectAccessible(page, 'invite a staff member who has an account');
    await confirm.getByRole('button', { name: 'Send invitation' }).click();
    await toast(page, `You have submitted an invite to ${existing.email}.`);

    const link = await invitationLink(await e2e.newPage(), e2e.stack.devPagesKey, existing.email);

    // Signed out, Jordan follows the link: it names who invited them to which practice.
    const invitee = await e2e.newPage();
    await invitee.goto(link);
    await invitee.getByRole('heading', { name: 'You have been invited' }).waitFor();
    await invitee
      .getByText(`${manager.name} has invited ${existing.email} to join ${practice.name} on Connect.`)
      .waitFor();
    await expectAccessible(invitee, 'the invitation, signed out, for someone with an account');
    // They have an account: signing in brings them back to the invitation.
    await invitee.getByRole('button', { name: 'I already have an account' }).click();
    await invitee.waitForURL((url) => url.pathname.startsWith('/Login/'));
    await invitee.getByText('Sign in to accept your invitation.').waitFor();
    await expectAccessible(invitee, 'sign-in for an invitation');
    await signInAs(invitee, existing, { goto: false });
    await invitee.waitForURL((url) => url.pathname.startsWith('/Practice/Invite/'));
    await invitee.getByRole('button', { name: 'Accept invitation' }).waitFor();
    await expectAccessible(invitee, 'the invitation, signed in as the invited person');
    // The toast lasts 3 s: watch for it from the click on, not after the next screen has loaded.
    const joined = toast(invitee, `You have joined ${practice.name}.`);
    await invitee.getByRole('button', { name: 'Accept invitation' }).click();

    // On the practice's Staff tab, now theirs.
    await invitee.waitForURL((url) => url.pathname === staffPath);
    await waitForAppShell(invitee, existing.name);
    await invitee.getByRole('heading', { name: practice.name }).waitFor();
    await joined;
    await expectAccessible(invitee, 'the staff register of a new member of staff, the welcome toast');
    // Their practice list has it: with exactly one practice, the list opens it. They are on that
    // Staff tab already, so first see the list's address, then the way back to the tab.
    const viaList = invitee.waitForURL((url) => url.pathname === '/Practice/List');
    await invitee
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Practices' })
      .click();
    await viaList;
    await invitee.waitForURL((url) => url.pathname === staffPath);
    await invitee.getByRole('heading', { name: practice.name }).waitFor();

    // The manager sees the account on the row, and no invite button any more.
    await page.reload();
    await staffRow(page, existing.email).getByLabel('Staff has an active account.').waitFor();
    expect(
      await staffRow(page, existing.email)
        .getByRole('button', { name: /INVITE/ })
        .count(),
    ).toBe(0);

    // The same link again, even signed in as Jordan: used up, and the way on is their practices.
    await invitee.goto(link);
    await invitee.getByRole('heading', { name: 'This invitation has already been used' }).waitFor();
    await invitee
      .getByText('This invitation has already been used. Please sign in to open the practice.')
      .waitFor();
    expect(await invitee.getByRole('button', { name: 'Accept invitation' }).count()).toBe(0);
    await invitee.getByRole('link', { name: 'Go to my practices' }).waitFor();
    await expectAccessible(invitee, 'the invitation, used, signed in');
    expect(pathOf(invitee)).toMatch(/^\/Practice\/Invite\//);
  });

  it('an expired link shows that it expired, names the practice, and offers nothing to accept', async () => {
    // An invitation still outstanding, its time over a day ago.
    const practice = await createPractice(e2e.stack.sql, { name: 'Wattle Bay Family Practice' });
    const { token } = await createInvitation(e2e.stack.sql, practice.id, { expiresInSeconds: -86_400 });
    const { page } = e2e;
    await page.goto(invitationPath(token));
    await page.getByRole('heading', { name: 'This invitation has expired' }).waitFor();
    await page.getByText(`Invitation to ${practice.name}`).waitFor();
    await page
      .getByRole('alert')
      .getByText('This invitation has expired. Please ask the practice to send you a new one.')
      .waitFor();
    await page.getByText(/Ask your practice manager to send you a new invitation\./).waitFor();
    await expectAccessible(page, 'the invitation, expired');
    expect(await page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'I already have an account' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/Login');
  });
});
