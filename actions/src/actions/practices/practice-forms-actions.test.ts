import { EMPTY_PRACTICE_FORM, type TPracticeFormValues } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_APPLICATIONS } from '../../services/practices/add-practice.ts';
import { startTestStack, type TestStack } from '../../test-support/test-stack.ts';

const ADD = `mutation Add($details: jsonb!) { addPractice(details: $details) { id status role } }`;
const SAVE = `mutation Save($id: Int!, $details: jsonb!) {
  savePracticeDetails(practiceId: $id, details: $details) { id addressId } }`;
const SUBMIT = `mutation Submit($id: Int!, $details: jsonb!) {
  submitReapplication(practiceId: $id, details: $details) { id practiceId status submittedAt message } }`;
const CONFIRM = `mutation Confirm($practiceId: Int!, $visitId: Int!) {
  confirmSurveyVisit(practiceId: $practiceId, visitId: $visitId) { id confirmationFormStatus confirmedAt message } }`;
const PAY = 'query Pay($id: Int!) { practicePaymentUrl(practiceId: $id) { url } }';
const ADMIN = { email: 'admin@demo.test', role: 'provider_admin' };

/** A valid practice form with overrides. */
const form = (overrides: Partial<TPracticeFormValues> = {}): TPracticeFormValues => ({
  ...EMPTY_PRACTICE_FORM,
  name: 'Seaside Family Practice',
  abn: '53 004 085 616',
  street: '1 Ocean Road',
  suburb: 'Manly',
  state: 'NSW',
  postcode: '2095',
  ...overrides,
});

describe('practice form actions', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      env: { PAYMENT_URL_TEMPLATE: 'https://pay.example/practice/{practiceId}' },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const practiceRow = async (id: number) =>
    (
      await stack.sql.query(
        `select o.name, o.abn, o.physical_address_id, a.street, a.suburb, a.state, a.postcode,
                p.status, p.doctor_head_count, p.first_application_started_date is not null as started
           from practices p join organisations o on o.id = p.organisation_id
           left join addresses a on a.id = o.physical_address_id
          where p.organisation_id = $1`,
        [id],
      )
    ).rows[0];
  const count = async (table: string) =>
    Number((await stack.sql.query(`select count(*) from ${table}`)).rows[0].count);

  describe('addPractice', () => {
    it('makes a single-practice manager the manager of the new application, in one go', async () => {
      const result = await stack.gql<{ addPractice: { id: number; status: string; role: string } }>(
        'pm.single@demo.test',
        ADD,
        { details: form({ doctorHead: '3', doctorMax: '4' }) },
      );
      expect(result.errors).toBeUndefined();
      const { id, status, role } = result.data!.addPractice;
      expect({ status, role }).toEqual({ status: 'APPLICATION', role: 'PM' });
      expect(await practiceRow(id)).toMatchObject({
        name: 'Seaside Family Practice',
        abn: '53004085616',
        street: '1 Ocean Road',
        suburb: 'Manly',
        state: 'NSW',
        postcode: '2095',
        status: 'APPLICATION',
        doctor_head_count: 3,
        started: true,
      });
      const managers = await stack.sql.query(
        'select user_id, role, active from practice_users where practice_id = $1',
        [id],
      );
      expect(managers.rows).toEqual([
        { user_id: await stack.userId('pm.single@demo.test'), role: 'PM', active: true },
      ]);
      // The new practice is theirs to open and change.
      const permissions = await stack.gql<{ userPermissions: { practice: { changePractice: boolean } } }>(
        'pm.single@demo.test',
        'query P($id: Int!) { userPermissions(practiceId: $id) { practice { changePractice } } }',
        { id },
      );
      expect(permissions.data?.userPermissions.practice.changePractice).toBe(true);
    });

    it('lets the provider admin add a practice without becoming its manager', async () => {
      const result = await stack.gql<{ addPractice: { id: number; role: string | null } }>(ADMIN, ADD, {
        details: form({ name: 'Admin Added Clinic', street: '', suburb: '', state: '', postcode: '' }),
      });
      const { id, role } = result.data!.addPractice;
      expect(role).toBeNull();
      expect(await practiceRow(id)).toMatchObject({ name: 'Admin Added Clinic', physical_address_id: null });
      expect(await count(`practice_users where practice_id = ${id}`)).toBe(0);
    });

    it('refuses bad fields by name and a value outside a choice list, adding nothing', async () => {
      const before = [await count('practices'), await count('organisations'), await count('addresses')];
      const bad = await stack.gql('pm@demo.test', ADD, {
        details: form({ name: ' ', abn: '123', postcode: '20', doctorMax: '0', doctorHead: '2' }),
      });
      expect(bad.errors?.[0]?.extensions).toMatchObject({
        code: 'invalid_input',
        fields: {
          name: 'Required.',
          abn: 'An ABN is 11 digits.',
          postcode: 'A postcode is 4 digits.',
          doctorMax: 'The maximum cannot be lower than the head count.',
        },
      });
      const notAState = await stack.gql('pm@demo.test', ADD, { details: form({ state: 'ZZ' }) });
      expect(notAState.errors?.[0]?.extensions).toMatchObject({
        code: 'invalid_input',
        fields: { state: 'Choose one of the listed values.' },
      });
      expect([await count('practices'), await count('organisations'), await count('addresses')]).toEqual(
        before,
      );
    });

    it('limits a manager to three applications in progress', async () => {
      const email = 'pm.tas@demo.test';
      for (const n of [1, 2, 3]) {
        const ok = await stack.gql(email, ADD, { details: form({ name: `Application ${n}` }) });
        expect(ok.errors).toBeUndefined();
      }
      const fourth = await stack.gql(email, ADD, { details: form({ name: 'Application 4' }) });
      expect(fourth.errors?.[0]?.message).toBe(TOO_MANY_APPLICATIONS);
      expect(await count(`organisations where name = 'Application 4'`)).toBe(0);
    });
  });

  describe('savePracticeDetails', () => {
    it("saves a manager's changes and creates the address of a practice that has none", async () => {
      // Practice 6 (PM pm): take its address away, as for a practice registered without one.
      await stack.sql.query('update organisations set physical_address_id = null where id = 6');
      const result = await stack.gql<{ savePracticeDetails: { id: number; addressId: number } }>(
        'pm@demo.test',
        SAVE,
        {
          id: 6,
          details: form({
            name: 'Red Centre Community Clinic',
            street: '14 Hartley Street',
            suburb: 'Alice Springs',
            state: 'NT',
            postcode: '0870',
            doctorHead: '5',
            doctorMax: '7',
          }),
        },
      );
      expect(result.errors).toBeUndefined();
      const { addressId } = result.data!.savePracticeDetails;
      expect(addressId).not.toBe(11); // a new row, not the postal address
      expect(await practiceRow(6)).toMatchObject({
        physical_address_id: addressId,
        street: '14 Hartley Street',
        suburb: 'Alice Springs',
        postcode: '0870',
        abn: '53004085616',
        doctor_head_count: 5,
      });
      // Saving again updates that address instead of adding another.
      const again = await stack.gql<{ savePracticeDetails: { addressId: number } }>('pm@demo.test', SAVE, {
        id: 6,
        details: form({
          name: 'Red Centre Community Clinic',
          suburb: 'The Gap',
          state: 'NT',
          postcode: '0870',
        }),
      });
      expect(again.data?.savePracticeDetails.addressId).toBe(addressId);
      expect((await practiceRow(6)).suburb).toBe('The Gap');
    });

    it('refuses a bad form, a surveyor and a stranger, changing nothing', async () => {
      const before = await practiceRow(2);
      const bad = await stack.gql('pm@demo.test', SAVE, { id: 2, details: form({ abn: '12 345' }) });
      expect(bad.errors?.[0]?.extensions?.fields).toEqual({ abn: 'An ABN is 11 digits.' });
      const surveyor = await stack.gql('surveyor@demo.test', SAVE, { id: 2, details: form() });
      expect(surveyor.errors?.[0]?.extensions?.code).toBe('forbidden');
      const stranger = await stack.gql('pm.single@demo.test', SAVE, { id: 2, details: form() });
      expect(stranger.errors?.[0]).toMatchObject({
        message: 'There is no such practice.',
        extensions: { code: 'not_found' },
      });
      expect(await practiceRow(2)).toEqual(before);
    });
  });

  describe('submitReapplication', () => {
    it('submits a DUE renewal with its details, stamped, then offers payment; not twice', async () => {
      // Practice 3 (PM pm) has a renewal DUE; practice 1 has none.
      expect((await stack.gql('pm@demo.test', PAY, { id: 3 })).errors?.[0]?.message).toMatch(/^Sorry/);
      // A value the database refuses rolls the whole submission back.
      const refused = await stack.gql('pm@demo.test', SUBMIT, {
        id: 3,
        details: form({ name: 'Southern Cross General Practice', state: 'ZZ' }),
      });
      expect(refused.errors?.[0]?.extensions?.fields).toEqual({ state: 'Choose one of the listed values.' });
      expect((await stack.sql.query('select status from reapplications where id = 1')).rows[0].status).toBe(
        'DUE',
      );

      const result = await stack.gql<{ submitReapplication: Record<string, unknown> }>(
        'pm@demo.test',
        SUBMIT,
        {
          id: 3,
          details: form({
            name: 'Southern Cross General Practice',
            suburb: 'Carlton North',
            state: 'VIC',
            postcode: '3054',
          }),
        },
      );
      expect(result.errors).toBeUndefined();
      expect(result.data!.submitReapplication).toMatchObject({
        id: 1,
        practiceId: 3,
        status: 'PAYMENT_PENDING',
        message: 'Your renewal has been submitted. Continue to payment to complete it.',
      });
      const row = (
        await stack.sql.query('select status, submitted_at, submitted_by_id from reapplications where id = 1')
      ).rows[0];
      expect(row.status).toBe('PAYMENT_PENDING');
      expect(row.submitted_by_id).toBe(await stack.userId('pm@demo.test'));
      expect(row.submitted_at.toISOString()).toBe(result.data!.submitReapplication.submittedAt);
      expect((await practiceRow(3)).suburb).toBe('Carlton North');
      expect((await stack.gql('pm@demo.test', PAY, { id: 3 })).data).toEqual({
        practicePaymentUrl: { url: 'https://pay.example/practice/3' },
      });

      const twice = await stack.gql('pm@demo.test', SUBMIT, { id: 3, details: form() });
      expect(twice.errors?.[0]?.message).toBe(
        'This renewal has already been submitted and is waiting for payment.',
      );
      const none = await stack.gql('pm.single@demo.test', SUBMIT, { id: 1, details: form() });
      expect(none.errors?.[0]?.message).toBe(
        'This practice has no renewal due, so there is nothing to submit.',
      );
      expect((await practiceRow(1)).name).toBe('Harbourside Family Medical');
    });

    it('refuses a surveyor on the practice', async () => {
      // surveyor2 is SU on practice 3.
      const surveyor = await stack.gql('surveyor2@demo.test', SUBMIT, { id: 3, details: form() });
      expect(surveyor.errors?.[0]?.extensions?.code).toBe('forbidden');
    });
  });

  describe('confirmSurveyVisit', () => {
    const visit = async (id: number) =>
      (
        await stack.sql.query(
          'select confirmation_form_status, confirmation_received_at, confirmation_received_by_id from survey_visits where id = $1',
          [id],
        )
      ).rows[0];

    it('confirms a visit whose form was sent, stamped, and only once', async () => {
      // Visit 9 of practice 10 (PM pm) has its confirmation form SENT.
      const result = await stack.gql<{ confirmSurveyVisit: Record<string, unknown> }>(
        'pm@demo.test',
        CONFIRM,
        {
          practiceId: 10,
          visitId: 9,
        },
      );
      expect(result.errors).toBeUndefined();
      expect(result.data!.confirmSurveyVisit).toMatchObject({
        id: 9,
        confirmationFormStatus: 'RECEIVED',
        message: 'Thank you. The survey visit is confirmed.',
      });
      const row = await visit(9);
      expect(row.confirmation_form_status).toBe('RECEIVED');
      expect(row.confirmation_received_by_id).toBe(await stack.userId('pm@demo.test'));
      expect(row.confirmation_received_at.toISOString()).toBe(result.data!.confirmSurveyVisit.confirmedAt);

      const again = await stack.gql('pm@demo.test', CONFIRM, { practiceId: 10, visitId: 9 });
      expect(again.errors?.[0]?.message).toBe(
        'This survey visit is not waiting for a confirmation. It may already have been confirmed.',
      );
    });

    it("refuses another practice's visit, a surveyor and a visit not sent, changing nothing", async () => {
      await stack.sql.query(`update survey_visits set confirmation_form_status = 'SENT' where id = 2`);
      // Visit 2 is practice 2's; asked through practice 10 it does not exist.
      const elsewhere = await stack.gql('pm@demo.test', CONFIRM, { practiceId: 10, visitId: 2 });
      expect(elsewhere.errors?.[0]).toMatchObject({
        message: 'There is no such survey visit.',
        extensions: { code: 'not_found' },
      });
      // surveyor is SU on practice 2 and a visitor on visit 2.
      const surveyor = await stack.gql('surveyor@demo.test', CONFIRM, { practiceId: 2, visitId: 2 });
      expect(surveyor.errors?.[0]?.extensions?.code).toBe('forbidden');
      expect((await visit(2)).confirmation_form_status).toBe('SENT');
      // Visit 3 (practice 5) was received long ago.
      const received = await stack.gql('pm@demo.test', CONFIRM, { practiceId: 5, visitId: 3 });
      expect(received.errors?.[0]?.extensions?.code).toBe('invalid_input');
      expect(await visit(3)).toMatchObject({ confirmation_received_at: null });
    });
  });
});
