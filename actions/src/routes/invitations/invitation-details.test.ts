import {
  createInvitation,
  createManagedPractice,
  createPractice,
  createStaff,
  createUser,
} from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const INVITE = `mutation Invite($staffId: Int!) { sendStaffInvite(staffId: $staffId) { id } }`;

/** POST /api/invitations/details: the state of a token and, for a known one, who invited whom where. */
describe('POST /api/invitations/details', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const details = async (token: string) =>
    (await stack.app.inject({ method: 'POST', url: '/api/invitations/details', payload: { token } })).json();
  /** The token of the newest e-mail to an address, read from the link in the outbox. */
  const tokenFromOutbox = async (to: string) => {
    const { rows } = await stack.sql.query(
      'select text_body from email_outbox where to_address = $1 order by id desc limit 1',
      [to],
    );
    return /\/Practice\/Invite\/([\w-]+)/.exec(rows[0]?.text_body ?? '')?.[1];
  };

  it('names the user who sent the invite, with the practice and the invited address', async () => {
    const { pm: manager, ...practice } = await createManagedPractice(stack.sql, {
      name: 'Harbourside Family Medical',
      manager: { firstName: 'Daniel', lastName: 'Costa' },
    });
    const staffId = await createStaff(stack.sql, practice.id, {
      firstName: 'Iris',
      lastName: 'Invited',
      type: 'support',
      email: 'iris.invited@example.com',
    });
    const sent = await stack.gql(manager, INVITE, { staffId });
    expect(sent.errors).toBeUndefined();
    const token = await tokenFromOutbox('iris.invited@example.com');
    expect(await details(token!)).toEqual({
      state: 'VALID',
      message: null,
      practiceName: 'Harbourside Family Medical',
      email: 'iris.invited@example.com',
      inviterName: 'Daniel Costa',
    });
    const stored = await stack.sql.query('select invited_by_id from invitations where email = $1', [
      'iris.invited@example.com',
    ]);
    expect(stored.rows[0].invited_by_id).toBe(manager.id);
  });

  it('still names the inviter of a used or an expired invitation', async () => {
    const practice = await createPractice(stack.sql, { name: 'Riverbend Medical Centre' });
    const inviter = await createUser(stack.sql, { firstName: 'Sarah', lastName: 'Mitchell' });
    const invitee = await createUser(stack.sql);
    const used = await createInvitation(stack.sql, practice.id, {
      email: invitee.email,
      invitedById: inviter.id,
      status: 'ACCEPTED',
      acceptedUserId: invitee.id,
    });
    expect(await details(used.token)).toMatchObject({
      state: 'USED',
      practiceName: 'Riverbend Medical Centre',
      inviterName: 'Sarah Mitchell',
    });
    const expired = await createInvitation(stack.sql, practice.id, {
      invitedById: inviter.id,
      expiresInSeconds: -1,
    });
    expect(await details(expired.token)).toMatchObject({ state: 'EXPIRED', inviterName: 'Sarah Mitchell' });
  });

  it('answers null for an invitation nobody is recorded as sending', async () => {
    const practice = await createPractice(stack.sql, { name: 'Southern Cross General Practice' });
    const invitation = await createInvitation(stack.sql, practice.id);
    expect(await details(invitation.token)).toMatchObject({
      state: 'VALID',
      practiceName: 'Southern Cross General Practice',
      inviterName: null,
    });
  });

  it('says nothing about an unknown token', async () => {
    expect(await details('no-such-token')).toEqual({
      state: 'INVALID',
      message: 'This invitation link has expired or has already been used.',
      practiceName: null,
      email: null,
      inviterName: null,
    });
  });
});
