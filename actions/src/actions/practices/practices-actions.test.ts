import {
  addPracticeRole,
  createAccreditation,
  createContact,
  createManagedPractice,
  createReapplication,
  createStaff,
  createUser,
  type TestUser,
} from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PAY = 'query Pay($id: Int!) { practicePaymentUrl(practiceId: $id) { practiceId url } }';
const CONTACT = `mutation C($practiceId: Int!, $kind: NominatedContactKind!, $staffId: Int, $userId: Int, $phone: String,
  $phoneCountryCode: String) {
  setNominatedContact(practiceId: $practiceId, kind: $kind, staffId: $staffId, userId: $userId, phone: $phone,
    phoneCountryCode: $phoneCountryCode) { accreditationId kind contactId message } }`;
const PAYMENT_FAILED =
  'Sorry, something went wrong while redirecting you to the payment page, please contact your system administrator.';

describe('practice actions', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      template: 'migrated',
      env: { PAYMENT_URL_TEMPLATE: 'https://pay.example/practice/{practiceId}' },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  describe('practicePaymentUrl', () => {
    it('gives the payment page of a payment-pending practice or renewal to its manager', async () => {
      // A new application awaiting payment, and an accredited practice whose renewal awaits payment.
      const application = await createManagedPractice(stack.sql, { practice: { status: 'PAYMENT_PENDING' } });
      const renewing = await createManagedPractice(stack.sql, { practice: { status: 'ACCREDITED' } });
      await createReapplication(stack.sql, renewing.id, { status: 'PAYMENT_PENDING' });
      expect(await stack.gql(application.pm, PAY, { id: application.id })).toEqual({
        data: {
          practicePaymentUrl: {
            practiceId: application.id,
            url: `https://pay.example/practice/${application.id}`,
          },
        },
      });
      expect((await stack.gql(renewing.pm, PAY, { id: renewing.id })).data).toEqual({
        practicePaymentUrl: { practiceId: renewing.id, url: `https://pay.example/practice/${renewing.id}` },
      });
    });

    it("answers the spec's failure message when nothing is owed, and refuses surveyors", async () => {
      const owesNothing = await createManagedPractice(stack.sql, { practice: { status: 'IN_PROGRESS' } });
      const nothingOwed = await stack.gql(owesNothing.pm, PAY, { id: owesNothing.id });
      expect(nothingOwed.errors?.[0]?.message).toBe(PAYMENT_FAILED);
      // A surveyor (SU) of a practice awaiting payment.
      const application = await createManagedPractice(stack.sql, { practice: { status: 'PAYMENT_PENDING' } });
      const surveyor = await createUser(stack.sql, { isSurveyor: true });
      await addPracticeRole(stack.sql, application.id, surveyor.id, 'SU');
      const bySurveyor = await stack.gql(surveyor, PAY, { id: application.id });
      expect(bySurveyor.errors?.[0]?.extensions?.code).toBe('forbidden');
    });
  });

  describe('setNominatedContact', () => {
    /** `home` (manager `manager`): an open cycle with its accreditation, GP and support contacts. */
    let home: number;
    let manager: TestUser;
    let accreditationId: number;
    /** Rahul Chen, a nurse of home; a GP of home; a GP of `elsewhere`, which `surveyor` surveys. */
    let rahul: number;
    let gp: number;
    let elsewhere: number;
    let elsewhereGp: number;
    let surveyor: TestUser;
    beforeAll(async () => {
      ({ id: home, pm: manager } = await createManagedPractice(stack.sql));
      const contact = async (type: string, columns = {}) =>
        (await createContact(stack.sql, home, { type, ...columns })).id;
      accreditationId = (
        await createAccreditation(stack.sql, home, {
          nominated_accreditation_contact_id: await contact('ACCREDITATION', { user_id: manager.id }),
          nominated_gp_contact_id: await contact('GP', { first_name: 'Anna', last_name: 'Kowalski' }),
          nominated_support_contact_id: await contact('SUPPORT', {
            first_name: 'Sophie',
            last_name: 'Brennan',
          }),
        })
      ).id;
      rahul = await createStaff(stack.sql, home, { firstName: 'Rahul', lastName: 'Chen', type: 'nurse' });
      gp = await createStaff(stack.sql, home, { firstName: 'Henry', lastName: 'Kowalski', type: 'gp' });
      ({ id: elsewhere } = await createManagedPractice(stack.sql));
      elsewhereGp = await createStaff(stack.sql, elsewhere, {
        firstName: 'Rahul',
        lastName: 'Desai',
        type: 'gp',
      });
      surveyor = await createUser(stack.sql, { isSurveyor: true });
      await addPracticeRole(stack.sql, elsewhere, surveyor.id, 'SU');
    });

    const contactOf = async (practiceId: number, column: string) =>
      (
        await stack.sql.query(
          `select c.* from practices p join accreditations a on a.id = p.current_accreditation_id
             join contacts c on c.id = a.${column} where p.organisation_id = $1`,
          [practiceId],
        )
      ).rows[0];

    it('saves the chosen staff member as the contact, then points the accreditation at it', async () => {
      const result = await stack.gql<{ setNominatedContact: Record<string, unknown> }>(manager, CONTACT, {
        practiceId: home,
        kind: 'NURSE',
        staffId: rahul,
        phone: '0411 222 333',
      });
      expect(result.data!.setNominatedContact).toMatchObject({
        accreditationId,
        kind: 'NURSE',
        message: 'Successfully updated nominated contact',
      });
      expect(await contactOf(home, 'nominated_nurse_contact_id')).toMatchObject({
        id: result.data!.setNominatedContact.contactId,
        first_name: 'Rahul',
        last_name: 'Chen',
        type: 'NURSE',
        phone: '0411 222 333',
      });
      // Same person again with another phone: the contact is updated, not duplicated.
      const again = await stack.gql<{ setNominatedContact: { contactId: number } }>(manager, CONTACT, {
        practiceId: home,
        kind: 'NURSE',
        staffId: rahul,
        phone: '',
      });
      expect(again.data!.setNominatedContact.contactId).toBe(result.data!.setNominatedContact.contactId);
      expect((await contactOf(home, 'nominated_nurse_contact_id')).phone).toBeNull();
      // Spec 000 §9: the phone is checked against its country, which is kept with it.
      const wrongCountry = { practiceId: home, kind: 'NURSE', staffId: rahul, phone: '04 472 3000' };
      expect((await stack.gql(manager, CONTACT, wrongCountry)).errors?.[0]?.extensions?.fields).toEqual({
        phone: 'Invalid phone number format',
      });
      const unknown = await stack.gql(manager, CONTACT, { ...wrongCountry, phoneCountryCode: 'XX' });
      expect(unknown.errors?.[0]?.extensions?.fields).toEqual({
        phoneCountryCode: 'Choose the country of the phone number.',
      });
      expect(
        (await stack.gql(manager, CONTACT, { ...wrongCountry, phoneCountryCode: 'NZ' })).errors,
      ).toBeUndefined();
      expect(await contactOf(home, 'nominated_nurse_contact_id')).toMatchObject({
        phone: '04 472 3000',
        phone_country_code: 'NZ',
      });
    });

    it('checks the phone, keeps the accreditation contact, and lets other contacts be cleared', async () => {
      const before = await contactOf(home, 'nominated_gp_contact_id');
      const accreditationContact = await contactOf(home, 'nominated_accreditation_contact_id');
      expect(accreditationContact).toMatchObject({ id: expect.any(Number) });
      const badPhone = await stack.gql(manager, CONTACT, {
        practiceId: home,
        kind: 'GP',
        staffId: gp,
        phone: '12',
      });
      expect(badPhone.errors?.[0]?.message).toBe('Error updating nominated contact');
      expect(badPhone.errors?.[0]?.extensions?.fields).toEqual({ phone: 'Invalid phone number format' });
      expect(await contactOf(home, 'nominated_gp_contact_id')).toEqual(before);

      const removeAccreditation = await stack.gql(manager, CONTACT, {
        practiceId: home,
        kind: 'ACCREDITATION',
      });
      expect(removeAccreditation.errors?.[0]?.message).toBe(
        'The nominated accreditation contact cannot be removed.',
      );
      expect(removeAccreditation.errors?.[0]?.extensions?.code).toBe('invalid_input');
      expect(await contactOf(home, 'nominated_accreditation_contact_id')).toEqual(accreditationContact);

      expect(await contactOf(home, 'nominated_support_contact_id')).toMatchObject({ id: expect.any(Number) });
      const cleared = await stack.gql(manager, CONTACT, { practiceId: home, kind: 'SUPPORT' });
      expect(cleared.errors).toBeUndefined();
      expect(await contactOf(home, 'nominated_support_contact_id')).toBeUndefined();
    });

    it('takes only people of the practice, and only from who may change the practice', async () => {
      const otherPractice = await stack.gql(manager, CONTACT, {
        practiceId: home,
        kind: 'GP',
        staffId: elsewhereGp,
      });
      expect(otherPractice.errors?.[0]?.message).toBe('Error updating nominated contact');
      const user = await stack.gql(manager, CONTACT, {
        practiceId: home,
        kind: 'GP',
        userId: manager.id,
      });
      expect(user.errors).toBeUndefined();
      const bySurveyor = await stack.gql(surveyor, CONTACT, {
        practiceId: elsewhere,
        kind: 'GP',
        staffId: elsewhereGp,
      });
      expect(bySurveyor.errors?.[0]?.extensions?.code).toBe('forbidden');
    });
  });
});
