import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitation } from '../../test-support/factories.ts';
import { startTestStack, type TestStack } from '../../test-support/test-stack.ts';

const INVITE = `mutation Invite($staffId: Int!) { sendStaffInvite(staffId: $staffId) { id } }`;

/** POST /api/invitations/details: the state of a token and, for a known one, who invited whom where. */
describe('POST /api/invitations/details', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
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
    // pm.single@demo.test (Daniel Costa) manages Harbourside (practice 1).
    const { rows } = await stack.sql.query(
      `insert into practice_staff (practice_id, first_name, last_name, type, email)
       values (1, 'Iris', 'Invited', 'support', 'iris.invited@example.com') returning id`,
    );
    const sent = await stack.gql('pm.single@demo.test', INVITE, { staffId: rows[0].id });
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
    expect(stored.rows[0].invited_by_id).toBe(await stack.userId('pm.single@demo.test'));
  });

  it('still names the inviter of a used or an expired invitation', async () => {
    // demo-invite-2: accepted, sent by pm@demo.test (Sarah Mitchell).
    expect(await details('demo-invite-2')).toMatchObject({
      state: 'USED',
      practiceName: 'Riverbend Medical Centre',
      inviterName: 'Sarah Mitchell',
    });
    await stack.sql.query(
      `update invitations set expires_at = date_invited + interval '1 second' where token_hash = encode(sha256(convert_to('demo-invite-4', 'UTF8')), 'hex')`,
    );
    expect(await details('demo-invite-4')).toMatchObject({ state: 'EXPIRED', inviterName: 'Sarah Mitchell' });
  });

  it('answers null for an invitation nobody is recorded as sending', async () => {
    const invitation = await createInvitation(stack.sql, 3);
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
