import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../test-support/test-stack.ts';

const PAY = 'query Pay($id: Int!) { practicePaymentUrl(practiceId: $id) { practiceId url } }';
const CONTACT = `mutation C($practiceId: Int!, $kind: NominatedContactKind!, $staffId: Int, $userId: Int, $phone: String) {
  setNominatedContact(practiceId: $practiceId, kind: $kind, staffId: $staffId, userId: $userId, phone: $phone) {
    accreditationId kind contactId message } }`;
const PAYMENT_FAILED =
  'Sorry, something went wrong while redirecting you to the payment page, please contact your system administrator.';

describe('practice actions', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      env: { PAYMENT_URL_TEMPLATE: 'https://pay.example/practice/{practiceId}' },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  describe('practicePaymentUrl', () => {
    it('gives the payment page of a payment-pending practice or renewal to its manager', async () => {
      // Practice 9 is a new application awaiting payment (PM pm.newcastle); 4 a renewal awaiting payment (PM pm).
      expect(await stack.gql('pm.newcastle@demo.test', PAY, { id: 9 })).toEqual({
        data: { practicePaymentUrl: { practiceId: 9, url: 'https://pay.example/practice/9' } },
      });
      expect((await stack.gql('pm@demo.test', PAY, { id: 4 })).data).toEqual({
        practicePaymentUrl: { practiceId: 4, url: 'https://pay.example/practice/4' },
      });
    });

    it("answers the spec's failure message when nothing is owed, and refuses surveyors", async () => {
      const nothingOwed = await stack.gql('pm.single@demo.test', PAY, { id: 1 });
      expect(nothingOwed.errors?.[0]?.message).toBe(PAYMENT_FAILED);
      // surveyor2 is SU on practice 9 (the locked row of the list).
      const surveyor = await stack.gql('surveyor2@demo.test', PAY, { id: 9 });
      expect(surveyor.errors?.[0]?.extensions?.code).toBe('forbidden');
    });
  });

  describe('setNominatedContact', () => {
    const contactOf = async (practiceId: number, column: string) =>
      (
        await stack.sql.query(
          `select c.* from practices p join accreditations a on a.id = p.current_accreditation_id
             join contacts c on c.id = a.${column} where p.organisation_id = $1`,
          [practiceId],
        )
      ).rows[0];

    it('saves the chosen staff member as the contact, then points the accreditation at it', async () => {
      // Practice 1 (pm.single), staff 3 is Rahul Chen, a nurse.
      const result = await stack.gql<{ setNominatedContact: Record<string, unknown> }>(
        'pm.single@demo.test',
        CONTACT,
        {
          practiceId: 1,
          kind: 'NURSE',
          staffId: 3,
          phone: '0411 222 333',
        },
      );
      expect(result.data!.setNominatedContact).toMatchObject({
        accreditationId: 1,
        kind: 'NURSE',
        message: 'Successfully updated nominated contact',
      });
      expect(await contactOf(1, 'nominated_nurse_contact_id')).toMatchObject({
        id: result.data!.setNominatedContact.contactId,
        first_name: 'Rahul',
        last_name: 'Chen',
        type: 'NURSE',
        phone: '0411 222 333',
      });
      // Same person again with another phone: the contact is updated, not duplicated.
      const again = await stack.gql<{ setNominatedContact: { contactId: number } }>(
        'pm.single@demo.test',
        CONTACT,
        {
          practiceId: 1,
          kind: 'NURSE',
          staffId: 3,
          phone: '',
        },
      );
      expect(again.data!.setNominatedContact.contactId).toBe(result.data!.setNominatedContact.contactId);
      expect((await contactOf(1, 'nominated_nurse_contact_id')).phone).toBeNull();
    });

    it('checks the phone, keeps the accreditation contact, and lets other contacts be cleared', async () => {
      const before = await contactOf(1, 'nominated_gp_contact_id');
      const accreditationContact = await contactOf(1, 'nominated_accreditation_contact_id');
      expect(accreditationContact).toMatchObject({ id: expect.any(Number) });
      const badPhone = await stack.gql('pm.single@demo.test', CONTACT, {
        practiceId: 1,
        kind: 'GP',
        staffId: 1,
        phone: '12',
      });
      expect(badPhone.errors?.[0]?.message).toBe('Error updating nominated contact');
      expect(badPhone.errors?.[0]?.extensions?.fields).toEqual({ phone: 'Invalid phone number format' });
      expect(await contactOf(1, 'nominated_gp_contact_id')).toEqual(before);

      const removeAccreditation = await stack.gql('pm.single@demo.test', CONTACT, {
        practiceId: 1,
        kind: 'ACCREDITATION',
      });
      expect(removeAccreditation.errors?.[0]?.message).toBe(
        'The nominated accreditation contact cannot be removed.',
      );
      expect(removeAccreditation.errors?.[0]?.extensions?.code).toBe('invalid_input');
      expect(await contactOf(1, 'nominated_accreditation_contact_id')).toEqual(accreditationContact);

      const cleared = await stack.gql('pm.single@demo.test', CONTACT, { practiceId: 1, kind: 'SUPPORT' });
      expect(cleared.errors).toBeUndefined();
      expect(await contactOf(1, 'nominated_support_contact_id')).toBeUndefined();
    });

    it('takes only people of the practice, and only from who may change the practice', async () => {
      const otherPractice = await stack.gql('pm.single@demo.test', CONTACT, {
        practiceId: 1,
        kind: 'GP',
        staffId: 6,
      });
      expect(otherPractice.errors?.[0]?.message).toBe('Error updating nominated contact');
      const user = await stack.gql('pm.single@demo.test', CONTACT, {
        practiceId: 1,
        kind: 'GP',
        userId: await stack.userId('pm.single@demo.test'),
      });
      expect(user.errors).toBeUndefined();
      const surveyor = await stack.gql('surveyor@demo.test', CONTACT, {
        practiceId: 2,
        kind: 'GP',
        staffId: 6,
      });
      expect(surveyor.errors?.[0]?.extensions?.code).toBe('forbidden');
    });
  });
});
