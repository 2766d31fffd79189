import { describe, expect, it } from 'vitest';
import { pathOf, signIn, waitForAppShell } from './support/browser.ts';
import { invitationLink } from './support/mailbox.ts';
import { openStaff, staffRow, toast } from './support/staff-register.ts';
import { useE2e } from './support/suite.ts';

/**
 * Issue 5 in a real browser, invitations for people who already have an account (spec 000 §2, §4,
 * §8): the practice manager invites a staff member whose e-mail already has an account; they
 * follow the mailed link, sign in, accept, and land on the practice's Staff tab with the practice
 * in their list. A used link and an expired one show the page that says so.
 */
const e2e = useE2e();

/** Southern Cross General Practice: pm@demo.test (Sarah Mitchell) manages it. */
const PRACTICE = 3;
const PRACTICE_NAME = 'Southern Cross General Practice';
const STAFF = `/PracticeOverview/${PRACTICE}/Staff`;
/** newuser@demo.test has an account and no practice yet (hasura/seeds/default/10_users.sql). */
const EXISTING = { email: 'newuser@demo.test', name: 'Jordan Lee' };

describe('inviting someone who already has an account', () => {
  it('the mailed link, after signing in, accepts into the practice; used again it says so', async () => {
    // Jordan works at Southern Cross: the register has them with their account's e-mail.
    await e2e.stack.sql.query(
      `insert into practice_staff (practice_id, title, first_name, last_name, type, employment_type, start_date,
                                   email, hours_per_week, cpr_expiry)
       values ($1, 'MR', 'Jordan', 'Lee', 'support', 'EMPLOYEE', current_date - 10, $2, 20, current_date + 200)`,
      [PRACTICE, EXISTING.email],
    );
    const { page } = e2e;
    await signIn(page, 'pm@demo.test');
    await openStaff(page, STAFF, EXISTING.email);
    await staffRow(page, EXISTING.email)
      .getByRole('button', { name: `INVITE ${EXISTING.name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Invite staff member' });
    await confirm.getByText(EXISTING.email).waitFor();
    await confirm.getByRole('button', { name: 'Send invitation' }).click();
    await toast(page, `You have submitted an invite to ${EXISTING.email}.`);

    const link = await invitationLink(await e2e.newPage(), e2e.stack.devPagesKey, EXISTING.email);

    // Signed out, Jordan follows the link: it names who invited them to which practice.
    const invitee = await e2e.newPage();
    await invitee.goto(link);
    await invitee.getByRole('heading', { name: 'You have been invited' }).waitFor();
    await invitee
      .getByText(`Sarah Mitchell has invited ${EXISTING.email} to join ${PRACTICE_NAME} on Connect.`)
      .waitFor();
    // They have an account: signing in brings them back to the invitation.
    await invitee.getByRole('button', { name: 'I already have an account' }).click();
    await invitee.waitForURL((url) => url.pathname.startsWith('/Login/'));
    await signIn(invitee, EXISTING.email, { goto: false });
    await invitee.waitForURL((url) => url.pathname.startsWith('/Practice/Invite/'));
    // The toast lasts 3 s: watch for it from the click on, not after the next screen has loaded.
    const joined = toast(invitee, `You have joined ${PRACTICE_NAME}.`);
    await invitee.getByRole('button', { name: 'Accept invitation' }).click();

    // On the practice's Staff tab, now theirs.
    await invitee.waitForURL((url) => url.pathname === STAFF);
    await waitForAppShell(invitee, EXISTING.name);
    await invitee.getByRole('heading', { name: PRACTICE_NAME }).waitFor();
    await joined;
    // Their practice list has it: with exactly one practice, the list opens it. They are on that
    // Staff tab already, so first see the list's address, then the way back to the tab.
    const viaList = invitee.waitForURL((url) => url.pathname === '/Practice/List');
    await invitee
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Practices' })
      .click();
    await viaList;
    await invitee.waitForURL((url) => url.pathname === STAFF);
    await invitee.getByRole('heading', { name: PRACTICE_NAME }).waitFor();

    // The manager sees the account on the row, and no invite button any more.
    await page.reload();
    await staffRow(page, EXISTING.email).getByLabel('Staff has an active account.').waitFor();
    expect(
      await staffRow(page, EXISTING.email)
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
    expect(pathOf(invitee)).toMatch(/^\/Practice\/Invite\//);
  });

  it('an expired link shows that it expired, names the practice, and offers nothing to accept', async () => {
    // Ella Walsh's outstanding invitation (demo-invite-4), its two weeks over.
    await e2e.stack.sql.query(
      `update invitations set date_invited = now() - interval '15 days', expires_at = now() - interval '1 day'
        where token_hash = encode(sha256(convert_to('demo-invite-4', 'UTF8')), 'hex')`,
    );
    const { page } = e2e;
    await page.goto('/Practice/Invite/demo-invite-4');
    await page.getByRole('heading', { name: 'This invitation has expired' }).waitFor();
    await page.getByText(`Invitation to ${PRACTICE_NAME}`).waitFor();
    await page
      .getByRole('alert')
      .getByText('This invitation has expired. Please ask the practice to send you a new one.')
      .waitFor();
    await page.getByText(/Ask your practice manager to send you a new invitation\./).waitFor();
    expect(await page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'I already have an account' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/Login');
  });
});
