// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAppOnStack, startTestStack, type TestStack } from '../../../test/stack-harness.tsx';

const SOUTHERN_CROSS = 'Southern Cross General Practice';

describe('the invitation page on the real stack', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  /** An invitation to Southern Cross (practice 3) for `email`, linked to staff member 18. */
  const invite = async (token: string, email: string, expiresIn = '7 days') => {
    await stack.sql.query(
      `insert into invitations (practice_id, practice_staff_id, email, role, token_hash, status, date_invited, expires_at)
       values (3, 18, $1, 'PM', encode(sha256(convert_to($2, 'UTF8')), 'hex'), 'INVITED', now() - interval '30 days',
               now() + $3::interval)`,
      [email, token, expiresIn],
    );
  };
  const open = async (path: string, as?: string) => {
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
    await invite('test-expired-token', 'expired@demo.test', '-1 day');
    await open('/Practice/Invite/test-expired-token');
    expect(await screen.findByText('This invitation has expired', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(`Invitation to ${SOUTHERN_CROSS}`)).toBeTruthy();
  });

  it('says a used token has been used', async () => {
    await open('/Practice/Invite/demo-invite-2');
    expect(
      await screen.findByText('This invitation has already been used', {}, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('offers a signed-out visitor to create an account or sign in with the token', async () => {
    const view = await open('/Practice/Invite/demo-invite-4');
    // Sent by pm@demo.test (hasura/seeds/default/40_practices.sql): the page names her.
    expect(
      await screen.findByText(
        /^Sarah Mitchell has invited ella\.walsh@southerncross\.demo\.test to join Southern Cross General Practice on Connect\.$/,
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('Create an account').closest('a')?.getAttribute('href')).toBe(
      '/signup/demo-invite-4',
    );
    await userEvent.click(screen.getByText('I already have an account'));
    await waitFor(() => expect(view.path()).toBe('/Login/demo-invite-4'));
  });

  it('tells a user signed in as someone else to sign in as the invited address', async () => {
    await invite('test-other-user', 'someone.else@demo.test');
    await open('/Practice/Invite/test-other-user', 'pm@demo.test');
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
  const signInHere = async (email: string) => {
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Email/, {}, { timeout: 10_000 }), email);
    await user.type(screen.getByLabelText(/^Password/), 'Demo-pass-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
  };
  const membership = async (token: string, email: string) =>
    (
      await stack.sql.query(
        `select i.status, exists (select 1 from practice_users pu
                                   where pu.user_id = u.id and pu.practice_id = 3 and pu.role = 'PM') as member
           from invitations i, users u
          where i.token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex') and u.email = $2`,
        [token, email],
      )
    ).rows[0];

  it('signed in as someone else: "Sign in as" signs them out, and after signing in the invitation waits', async () => {
    await invite('test-switch', 'newuser@demo.test');
    const view = await open('/Practice/Invite/test-switch', 'pm@demo.test');
    await userEvent.click(await screen.findByText('Sign in as newuser@demo.test', {}, { timeout: 10_000 }));
    await waitFor(() => expect(view.path()).toBe('/Login/test-switch'));
    expect(
      await screen.findByText('Sign in to accept your invitation.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    await signInHere('newuser@demo.test');
    await waitFor(() => expect(view.path()).toBe('/Practice/Invite/test-switch'), { timeout: 10_000 });
    await userEvent.click(await screen.findByText('Accept invitation', {}, { timeout: 10_000 }));
    await waitFor(() => expect(view.path()).toBe('/PracticeOverview/3/Staff'), { timeout: 10_000 });
    expect(await membership('test-switch', 'newuser@demo.test')).toEqual({
      status: 'ACCEPTED',
      member: true,
    });
  });

  it("from the sign-up page's sign-in link, signing in leads back to the invitation", async () => {
    await invite('test-signup-link', 'newuser@demo.test');
    const view = await open('/signup/test-signup-link');
    await userEvent.click(await screen.findByRole('link', { name: 'Sign in' }, { timeout: 10_000 }));
    await waitFor(() => expect(view.path()).toBe('/Login/test-signup-link'));
    await signInHere('newuser@demo.test');
    await waitFor(() => expect(view.path()).toBe('/Practice/Invite/test-signup-link'), { timeout: 10_000 });
    expect(await screen.findByText('Accept invitation', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('a signed-in user opening a sign-up link with a token is shown the invitation', async () => {
    await invite('test-signup-signed-in', 'someone.new@demo.test');
    const view = await open('/signup/test-signup-signed-in', 'pm@demo.test');
    await waitFor(() => expect(view.path()).toBe('/Practice/Invite/test-signup-signed-in'), {
      timeout: 10_000,
    });
    expect(await screen.findByText('Sign in as someone.new@demo.test', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('lets the invited user accept: practice role, staff link, and on to the practice', async () => {
    await invite('test-accept', 'newuser@demo.test');
    const view = await open('/Practice/Invite/test-accept', 'newuser@demo.test');
    await userEvent.click(await screen.findByText('Accept invitation', {}, { timeout: 10_000 }));
    await waitFor(() => expect(view.path()).toBe('/PracticeOverview/3/Staff'), { timeout: 10_000 });
    const { rows } = await stack.sql.query(
      `select i.status, s.user_id = u.id as linked,
              exists (select 1 from practice_users pu where pu.user_id = u.id and pu.practice_id = 3 and pu.role = 'PM') as member
         from invitations i, practice_staff s, users u
        where i.token_hash = encode(sha256(convert_to('test-accept', 'UTF8')), 'hex') and s.id = 18 and u.email = 'newuser@demo.test'`,
    );
    expect(rows[0]).toEqual({ status: 'ACCEPTED', linked: true, member: true });
  });

  it('signs a new user up with the token, who then belongs to the practice', async () => {
    await invite('test-signup', 'fresh.person@demo.test');
    const view = await open('/signup/test-signup');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^First name/, {}, { timeout: 10_000 }), 'Fresh');
    await user.type(screen.getByLabelText(/^Last name/), 'Person');
    await user.type(screen.getByLabelText(/^Email/), 'fresh.person@demo.test');
    await user.type(screen.getByLabelText(/^Password/), 'Fresh-pass-1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Fresh-pass-1');
    await user.click(screen.getByRole('button', { name: /create|sign up|register/i }));
    await waitFor(() => expect(view.path()).not.toBe('/signup/test-signup'), { timeout: 10_000 });
    const { rows } = await stack.sql.query(
      `select i.status, exists (select 1 from practice_users pu where pu.user_id = u.id and pu.practice_id = 3) as member
         from invitations i join users u on u.id = i.accepted_user_id where u.email = 'fresh.person@demo.test'`,
    );
    expect(rows[0]).toEqual({ status: 'ACCEPTED', member: true });
  });
});
