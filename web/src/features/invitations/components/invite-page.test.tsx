import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createInvitationFrom,
  createPracticeWith,
  createStaffMember,
  createUser,
  type TestUser,
} from '../../../test/factories.ts';
import { renderAppOnStack, type SignIn, useRealStack } from '../../../test/stack-harness.tsx';

const SOUTHERN_CROSS = 'Southern Cross General Practice';

describe('the invitation page on the real stack', () => {
  const stack = useRealStack();
  /** Sarah Mitchell manages Southern Cross; the newcomer has no practice yet. Tests that accept make their own invitee. */
  let manager: TestUser;
  let newcomer: TestUser;
  let practiceId: number;
  /** The staff member the invitations below are for. */
  let staffId: number;
  /** A used invitation, and one sent by the manager that waits for its answer. */
  let usedToken: string;
  let pendingToken: string;
  let pendingEmail: string;
  beforeAll(async () => {
    const { sql } = stack;
    manager = await createUser(sql, { firstName: 'Sarah', lastName: 'Mitchell' });
    newcomer = await createUser(sql);
    practiceId = (
      await createPracticeWith(sql, { name: SOUTHERN_CROSS, staffIntroSeen: true, managers: [manager] })
    ).id;
    staffId = await createStaffMember(sql, practiceId, {
      firstName: 'Noah',
      lastName: 'Young',
      type: 'other',
    });
    usedToken = (
      await createInvitationFrom(sql, practiceId, { invitedBy: manager, acceptedBy: await createUser(sql) })
    ).token;
    pendingEmail = 'ella.walsh@southerncross.demo.test';
    const ella = await createStaffMember(sql, practiceId, {
      firstName: 'Ella',
      lastName: 'Walsh',
      type: 'support',
      email: pendingEmail,
    });
    pendingToken = (
      await createInvitationFrom(sql, practiceId, {
        email: pendingEmail,
        practiceStaffId: ella,
        invitedBy: manager,
        expiresInSeconds: 9 * 86_400,
      })
    ).token;
  }, 60_000);

  /** An invitation to Southern Cross for `email`, linked to the staff member; answers its token. */
  const invite = async (email: string, expiresInSeconds = 7 * 86_400) =>
    (await createInvitationFrom(stack.sql, practiceId, { email, practiceStaffId: staffId, expiresInSeconds }))
      .token;
  const open = async (path: string, as?: SignIn) => {
    const view = await renderAppOnStack(stack, path, as ? { as } : {});
    return view;
  };

  it('says an unknown token cannot be used', async () => {
    await open('/Practice/Invite/no-such-token');
    expect(
      await screen.findByText('This invitation can no longer be used', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('This invitation link has expired or has already been used.')).toBeTruthy();
    expect(screen.getByText('Go to sign in')).toBeTruthy();
  });

  it('says an expired token has expired, naming the practice', async () => {
    const token = await invite('expired@demo.test', -86_400);
    await open(`/Practice/Invite/${token}`);
    expect(await screen.findByText('This invitation has expired', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(`Invitation to ${SOUTHERN_CROSS}`)).toBeTruthy();
  });

  it('says a used token has been used', async () => {
    await open(`/Practice/Invite/${usedToken}`);
    expect(
      await screen.findByText('This invitation has already been used', {}, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('offers a signed-out visitor to create an account or sign in with the token', async () => {
    const view = await open(`/Practice/Invite/${pendingToken}`);
    // Sent by the manager, Sarah Mitchell: the page names her.
    expect(
      await screen.findByText(
        `Sarah Mitchell has invited ${pendingEmail} to join ${SOUTHERN_CROSS} on Connect.`,
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('Create an account').closest('a')?.getAttribute('href')).toBe(
      `/signup/${pendingToken}`,
    );
    await userEvent.click(screen.getByText('I already have an account'));
    await waitFor(() => expect(view.path()).toBe(`/Login/${pendingToken}`));
  });

  it('tells a user signed in as someone else to sign in as the invited address', async () => {
    const token = await invite('someone.else@demo.test');
    await open(`/Practice/Invite/${token}`, manager);
    expect(
      await screen.findByText('Sign in as someone.else@demo.test', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    // Nobody is recorded as sending this one: the practice invites.
    expect(
      screen.getByText(
        'Southern Cross General Practice has invited someone.else@demo.test to join it on Connect.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Accept invitation')).toBeNull();
  });

  /** Signs in on the Login page on show, as a person would. */
  const signInHere = async (who: SignIn) => {
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Email/, {}, { timeout: 10_000 }), who.email);
    await user.type(screen.getByLabelText(/^Password/), who.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
  };
  const membership = async (token: string, email: string) =>
    (
      await stack.sql.query(
        `select i.status, exists (select 1 from practice_users pu
                                   where pu.user_id = u.id and pu.practice_id = $3 and pu.role = 'PM') as member
           from invitations i, users u
          where i.token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex') and u.email = $2`,
        [token, email, practiceId],
      )
    ).rows[0];

  it('signed in as someone else: "Sign in as" signs them out, and after signing in the invitation waits', async () => {
    const invitee = await createUser(stack.sql);
    const token = await invite(invitee.email);
    const view = await open(`/Practice/Invite/${token}`, manager);
    await userEvent.click(await screen.findByText(`Sign in as ${invitee.email}`, {}, { timeout: 10_000 }));
    await waitFor(() => expect(view.path()).toBe(`/Login/${token}`));
    expect(
      await screen.findByText('Sign in to accept your invitation.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    await signInHere(invitee);
    await waitFor(() => expect(view.path()).toBe(`/Practice/Invite/${token}`), { timeout: 10_000 });
    await userEvent.click(await screen.findByText('Accept invitation', {}, { timeout: 10_000 }));
    await waitFor(() => expect(view.path()).toBe(`/PracticeOverview/${practiceId}/Staff`), {
      timeout: 10_000,
    });
    expect(await membership(token, invitee.email)).toEqual({
      status: 'ACCEPTED',
      member: true,
    });
  });

  it("from the sign-up page's sign-in link, signing in leads back to the invitation", async () => {
    const token = await invite(newcomer.email);
    const view = await open(`/signup/${token}`);
    await userEvent.click(await screen.findByRole('link', { name: 'Sign in' }, { timeout: 10_000 }));
    await waitFor(() => expect(view.path()).toBe(`/Login/${token}`));
    await signInHere(newcomer);
    await waitFor(() => expect(view.path()).toBe(`/Practice/Invite/${token}`), { timeout: 10_000 });
    expect(await screen.findByText('Accept invitation', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('a signed-in user opening a sign-up link with a token is shown the invitation', async () => {
    const token = await invite('someone.new@demo.test');
    const view = await open(`/signup/${token}`, manager);
    await waitFor(() => expect(view.path()).toBe(`/Practice/Invite/${token}`), {
      timeout: 10_000,
    });
    expect(await screen.findByText('Sign in as someone.new@demo.test', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('lets the invited user accept: practice role, staff link, and on to the practice', async () => {
    const invitee = await createUser(stack.sql);
    const token = await invite(invitee.email);
    const view = await open(`/Practice/Invite/${token}`, invitee);
    await userEvent.click(await screen.findByText('Accept invitation', {}, { timeout: 10_000 }));
    await waitFor(() => expect(view.path()).toBe(`/PracticeOverview/${practiceId}/Staff`), {
      timeout: 10_000,
    });
    const { rows } = await stack.sql.query(
      `select i.status, s.user_id = u.id as linked,
              exists (select 1 from practice_users pu where pu.user_id = u.id and pu.practice_id = $4 and pu.role = 'PM') as member
         from invitations i, practice_staff s, users u
        where i.token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex') and s.id = $2 and u.email = $3`,
      [token, staffId, invitee.email, practiceId],
    );
    expect(rows[0]).toEqual({ status: 'ACCEPTED', linked: true, member: true });
  });

  it('signs a new user up with the token, who then belongs to the practice', async () => {
    const token = await invite('fresh.person@demo.test');
    const view = await open(`/signup/${token}`);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^First name/, {}, { timeout: 10_000 }), 'Fresh');
    await user.type(screen.getByLabelText(/^Last name/), 'Person');
    await user.type(screen.getByLabelText(/^Email/), 'fresh.person@demo.test');
    await user.type(screen.getByLabelText(/^Password/), 'Fresh-pass-1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Fresh-pass-1');
    await user.click(screen.getByRole('button', { name: /create|sign up|register/i }));
    await waitFor(() => expect(view.path()).not.toBe(`/signup/${token}`), { timeout: 10_000 });
    const { rows } = await stack.sql.query(
      `select i.status, exists (select 1 from practice_users pu where pu.user_id = u.id and pu.practice_id = $1) as member
         from invitations i join users u on u.id = i.accepted_user_id where u.email = 'fresh.person@demo.test'`,
      [practiceId],
    );
    expect(rows[0]).toEqual({ status: 'ACCEPTED', member: true });
  });
});
