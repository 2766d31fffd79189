import { createHash } from 'node:crypto';
import {
  addPracticeRole,
  createInvitation,
  createManagedPractice,
  createPractice,
  createStaff,
  createUser,
} from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const INVITE = `mutation Invite($staffId: Int!) {
  sendStaffInvite(staffId: $staffId) { id staffId email status dateInvited expiry message }
}`;
const ACCEPT = `mutation Accept($token: String!) {
  acceptInvitation(token: $token) { practiceId practiceName staffId role }
}`;

describe('invitations', () => {
  let stack: TestStack;
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  /** The token of the newest invite e-mail to an address, read from the link in the outbox. */
  const tokenFromOutbox = async (to: string) => {
    const { rows } = await stack.sql.query(
      'select text_body from email_outbox where to_address = $1 order by id desc limit 1',
      [to],
    );
    const match = /\/Practice\/Invite\/([\w-]+)/.exec(rows[0]?.text_body ?? '');
    return match?.[1];
  };
  const details = (token: string) =>
    stack.app.inject({ method: 'POST', url: '/api/invitations/details', payload: { token } });

  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('sends an invite e-mail with a link, keeps only the hash, and re-invites by replacing the old link', async () => {
    const { pm, ...practice } = await createManagedPractice(stack.sql, {
      name: 'Riverbend Medical Centre',
      manager: { firstName: 'Sarah', lastName: 'Mitchell' },
    });
    // A new staff row of the practice, never invited.
    const staffId = await createStaff(stack.sql, practice.id, {
      firstName: 'Ivy',
      lastName: 'Invitee',
      type: 'support',
      email: 'ivy.invitee@example.com',
    });
    const first = await stack.gql<{ sendStaffInvite: Record<string, unknown> }>(pm, INVITE, {
      staffId,
    });
    expect(first.errors).toBeUndefined();
    expect(first.data!.sendStaffInvite).toMatchObject({
      staffId,
      email: 'ivy.invitee@example.com',
      status: 'INVITED',
      message: 'You have submitted an invite to ivy.invitee@example.com.',
    });
    const days =
      (Date.parse(first.data!.sendStaffInvite.expiry as string) -
        Date.parse(first.data!.sendStaffInvite.dateInvited as string)) /
      86_400_000;
    expect(days).toBe(14);
    const token = await tokenFromOutbox('ivy.invitee@example.com');
    expect(token).toBeTruthy();
    const stored = await stack.sql.query('select token_hash, role from invitations where id = $1', [
      first.data!.sendStaffInvite.id,
    ]);
    expect(stored.rows[0]).toEqual({ token_hash: sha256(token!), role: 'PM' });
    const mail = await stack.sql.query(
      "select text_body from email_outbox where to_address = 'ivy.invitee@example.com' and template = 'staff-invite'",
    );
    expect(mail.rows[0].text_body).toContain(`http://portal.test:3000/Practice/Invite/${token}`);
    const inviter = await stack.sql.query(
      "select first_name || ' ' || last_name as name from users where id = $1",
      [pm.id],
    );
    expect(mail.rows[0].text_body).toContain(
      `${inviter.rows[0].name} of Riverbend Medical Centre has invited you to join the practice on Connect.`,
    );
    const subject = await stack.sql.query(
      "select subject from email_outbox where to_address = 'ivy.invitee@example.com' and template = 'staff-invite'",
    );
    // One product name wherever users see it (spec 002 §8 calls it Connect).
    expect(subject.rows[0].subject).toBe('You are invited to Riverbend Medical Centre on Connect');
    expect(mail.rows[0].text_body).not.toMatch(/accreditation portal/i);

    const again = await stack.gql<{ sendStaffInvite: { id: number } }>(pm, INVITE, { staffId });
    expect(again.data!.sendStaffInvite.id).not.toBe(first.data!.sendStaffInvite.id);
    const statuses = await stack.sql.query(
      'select status from invitations where practice_staff_id = $1 order by id',
      [staffId],
    );
    expect(statuses.rows.map((r) => r.status)).toEqual(['REVOKED', 'INVITED']);
    expect((await details(token!)).json()).toMatchObject({ state: 'INVALID', practiceName: null });
    const newToken = await tokenFromOutbox('ivy.invitee@example.com');
    expect((await details(newToken!)).json()).toEqual({
      state: 'VALID',
      message: null,
      practiceName: 'Riverbend Medical Centre',
      email: 'ivy.invitee@example.com',
      inviterName: 'Sarah Mitchell',
    });

    // The invitee signs up through the link: a user of the practice, linked to the staff row.
    const signup = await stack.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'ivy.invitee@example.com',
        password: 'Right-pass-1',
        firstName: 'Ivy',
        lastName: 'Invitee',
        invitationToken: newToken,
      },
    });
    expect(signup.statusCode).toBe(201);
    const userId = signup.json().user.id as number;
    const linked = await stack.sql.query(
      `select s.user_id, i.status, exists (select 1 from practice_users where practice_id = $3 and user_id = $2 and role = 'PM') as pm
         from practice_staff s join invitations i on i.practice_staff_id = s.id and i.status <> 'REVOKED'
        where s.id = $1`,
      [staffId, userId, practice.id],
    );
    expect(linked.rows).toEqual([{ user_id: userId, status: 'ACCEPTED', pm: true }]);
    expect((await details(newToken!)).json()).toMatchObject({
      state: 'USED',
      message: 'This invitation has already been used. Please sign in to open the practice.',
    });
    // Now the staff member has an active account: no more invites.
    const refused = await stack.gql(pm, INVITE, { staffId });
    expect(refused.errors?.[0]?.message).toBe('This staff member already has an account.');
  });

  it('follows the eligibility rules and the access rules', async () => {
    // `home` (manager `manager`): one staff member rejected their invite, another has none.
    const { id: home, pm: manager } = await createManagedPractice(stack.sql);
    const rejectedStaff = await createStaff(stack.sql, home, { email: 'ethan.brennan@home.example' });
    await createInvitation(stack.sql, home, {
      email: 'ethan.brennan@home.example',
      practiceStaffId: rejectedStaff,
      status: 'REJECTED',
    });
    const uninvited = await createStaff(stack.sql, home, { email: 'mei.chen@home.example' });
    // `elsewhere` (manager `pm`), surveyed by `surveyor`.
    const { id: elsewhere, pm } = await createManagedPractice(stack.sql);
    const surveyor = await createUser(stack.sql, { isSurveyor: true });
    await addPracticeRole(stack.sql, elsewhere, surveyor.id, 'SU');
    const surveyed = await createStaff(stack.sql, elsewhere, { email: 'mei.green@elsewhere.example' });

    const rejected = await stack.gql(manager, INVITE, { staffId: rejectedStaff });
    expect(rejected.errors?.[0]?.message).toBe('This staff member has already answered their invitation.');
    const bySurveyor = await stack.gql(surveyor, INVITE, { staffId: surveyed });
    expect(bySurveyor.errors?.[0]?.extensions?.code).toBe('forbidden');
    const stranger = await stack.gql(pm, INVITE, { staffId: uninvited });
    expect(stranger.errors?.[0]?.extensions?.code).toBe('not_found');
    const withoutEmail = await createStaff(stack.sql, home, {
      firstName: 'No',
      lastName: 'Mail',
      type: 'other',
    });
    const noEmail = await stack.gql(manager, INVITE, { staffId: withoutEmail });
    expect(noEmail.errors?.[0]?.message).toBe(
      'Invite was not sent to this staff member. Please check you have entered a valid email address & try again.',
    );
    const qam = await createUser(stack.sql, { isQam: true });
    const byQam = await stack.gql(qam, INVITE, { staffId: uninvited });
    expect(byQam.errors).toBeUndefined();
  });

  it('spec 000 §4: a staff member with a deactivated account cannot be invited again', async () => {
    const { id: practiceId, pm } = await createManagedPractice(stack.sql);
    const former = await createUser(stack.sql, { isActive: false, email: 'former.member@home.example' });
    const staffId = await createStaff(stack.sql, practiceId, {
      email: 'former.member@home.example',
      columns: { user_id: former.id },
    });
    const answer = await stack.gql(pm, INVITE, { staffId });
    expect(answer.errors?.[0]?.message).toBe('This staff member already has an account.');
    const invites = await stack.sql.query(
      'select count(*)::int as n from invitations where practice_staff_id = $1',
      [staffId],
    );
    expect(invites.rows[0].n).toBe(0);
  });

  it('acceptInvitation links a signed-in user; expired, used and unknown tokens are told apart', async () => {
    const practice = await createPractice(stack.sql);
    const user = await createUser(stack.sql);
    const staffId = await createStaff(stack.sql, practice.id, { email: user.email });
    const invitation = await createInvitation(stack.sql, practice.id, {
      email: user.email,
      practiceStaffId: staffId,
    });
    const token = await stack.tokenFor(user.email, user.password);
    const accept = (t: string) =>
      fetch(stack.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: ACCEPT, variables: { token: t } }),
      }).then(
        (r) =>
          r.json() as Promise<{
            data?: unknown;
            errors?: Array<{ message: string; extensions: { code: string } }>;
          }>,
      );

    expect(await accept(invitation.token)).toEqual({
      data: {
        acceptInvitation: { practiceId: practice.id, practiceName: practice.name, staffId, role: 'PM' },
      },
    });
    const state = await stack.sql.query(
      `select s.user_id, i.status, i.accepted_user_id from practice_staff s join invitations i on i.id = $2 where s.id = $1`,
      [staffId, invitation.id],
    );
    expect(state.rows).toEqual([{ user_id: user.id, status: 'ACCEPTED', accepted_user_id: user.id }]);

    const used = await accept(invitation.token);
    expect(used.errors?.[0]).toMatchObject({
      message: 'This invitation has already been used. Please sign in to open the practice.',
      extensions: { code: 'invitation_invalid' },
    });
    const expired = await createInvitation(stack.sql, practice.id, {
      email: user.email,
      expiresInSeconds: -5,
    });
    expect((await accept(expired.token)).errors?.[0]?.message).toBe(
      'This invitation has expired. Please ask the practice to send you a new one.',
    );
    expect((await details(expired.token)).json()).toMatchObject({
      state: 'EXPIRED',
      practiceName: practice.name,
    });
    expect((await accept('no-such-token')).errors?.[0]?.message).toBe(
      'This invitation link has expired or has already been used.',
    );
    const someoneElse = await createInvitation(stack.sql, practice.id);
    expect((await accept(someoneElse.token)).errors?.[0]?.message).toBe(
      'Please use the e-mail address the invitation was sent to.',
    );
    const untouched = await stack.sql.query('select status from invitations where id = $1', [someoneElse.id]);
    expect(untouched.rows).toEqual([{ status: 'INVITED' }]);
  });
});
