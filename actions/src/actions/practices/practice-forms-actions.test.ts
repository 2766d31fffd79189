import { EMPTY_PRACTICE_FORM, PRACTICE_FORM_MESSAGES, type TPracticeFormValues } from '@portal/domain';
import {
  addPracticeRole,
  addSurveyVisitor,
  createAccreditation,
  createAddress,
  createManagedPractice,
  createPractice,
  createReapplication,
  createSurveyVisit,
  createUser,
  type TestUser,
} from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_APPLICATIONS } from '../../services/practices/add-practice.ts';

const ADD = `mutation Add($details: jsonb!) { addPractice(details: $details) { id status role } }`;
const SAVE = `mutation Save($id: Int!, $details: jsonb!) {
  savePracticeDetails(practiceId: $id, details: $details) { id addressId } }`;
const SUBMIT = `mutation Submit($id: Int!, $details: jsonb!) {
  submitReapplication(practiceId: $id, details: $details) { id practiceId status submittedAt message } }`;
const CONFIRM = `mutation Confirm($practiceId: Int!, $visitId: Int!) {
  confirmSurveyVisit(practiceId: $practiceId, visitId: $visitId) { id confirmationFormStatus confirmedAt message } }`;
const PAY = 'query Pay($id: Int!) { practicePaymentUrl(practiceId: $id) { url } }';

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
      template: 'migrated',
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
      const { pm: manager } = await createManagedPractice(stack.sql);
      const result = await stack.gql<{ addPractice: { id: number; status: string; role: string } }>(
        manager,
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
      expect(managers.rows).toEqual([{ user_id: manager.id, role: 'PM', active: true }]);
      // The new practice is theirs to open and change.
      const permissions = await stack.gql<{ userPermissions: { practice: { changePractice: boolean } } }>(
        manager,
        'query P($id: Int!) { userPermissions(practiceId: $id) { practice { changePractice } } }',
        { id },
      );
      expect(permissions.data?.userPermissions.practice.changePractice).toBe(true);
    });

    it('lets the provider admin add a practice without becoming its manager', async () => {
      const admin = { ...(await createUser(stack.sql, { isAdmin: true })), role: 'provider_admin' };
      const result = await stack.gql<{ addPractice: { id: number; role: string | null } }>(admin, ADD, {
        details: form({ name: 'Admin Added Clinic', street: '', suburb: '', state: '', postcode: '' }),
      });
      const { id, role } = result.data!.addPractice;
      expect(role).toBeNull();
      expect(await practiceRow(id)).toMatchObject({ name: 'Admin Added Clinic', physical_address_id: null });
      expect(await count(`practice_users where practice_id = ${id}`)).toBe(0);
    });

    it('refuses bad fields by name and a value outside a choice list, adding nothing', async () => {
      const { pm } = await createManagedPractice(stack.sql);
      const before = [await count('practices'), await count('organisations'), await count('addresses')];
      const bad = await stack.gql(pm, ADD, {
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
      const notAState = await stack.gql(pm, ADD, { details: form({ state: 'ZZ' }) });
      expect(notAState.errors?.[0]?.extensions).toMatchObject({
        code: 'invalid_input',
        fields: { state: 'Choose one of the listed values.' },
      });
      expect([await count('practices'), await count('organisations'), await count('addresses')]).toEqual(
        before,
      );
    });

    it('limits a manager to three applications in progress', async () => {
      // The manager of an accredited practice (not an application).
      const { pm } = await createManagedPractice(stack.sql, { practice: { status: 'ACCREDITED' } });
      for (const n of [1, 2, 3]) {
        const ok = await stack.gql(pm, ADD, { details: form({ name: `Application ${n}` }) });
        expect(ok.errors).toBeUndefined();
      }
      const fourth = await stack.gql(pm, ADD, { details: form({ name: 'Application 4' }) });
      expect(fourth.errors?.[0]?.message).toBe(TOO_MANY_APPLICATIONS);
      expect(await count(`organisations where name = 'Application 4'`)).toBe(0);
    });
  });

  describe('savePracticeDetails', () => {
    it("spec 000 §3 practice.phn: a PHN is one of the provider's list or the practice's own; other words are refused and change nothing", async () => {
      const { id, pm } = await createManagedPractice(stack.sql);
      await stack.sql.query(
        `update public.practices set phn = 'Old Sydney Division' where organisation_id = $1`,
        [id],
      );
      const save = (phn: string) =>
        stack.gql<{ savePracticeDetails: { id: number } }>(pm, SAVE, { id, details: form({ phn }) });
      // The practice's own, though not on the list, stays.
      expect((await save('Old Sydney Division')).errors).toBeUndefined();
      const unlisted = await save('Made Up PHN');
      expect(unlisted.errors?.[0]?.message).toBe(PRACTICE_FORM_MESSAGES.phnUnlisted);
      expect(unlisted.errors?.[0]?.extensions?.fields).toEqual({ phn: PRACTICE_FORM_MESSAGES.phnUnlisted });
      const phnOf = async () =>
        (await stack.sql.query(`select phn from public.practices where organisation_id = $1`, [id])).rows[0]
          .phn;
      expect(await phnOf()).toBe('Old Sydney Division');
      expect((await save('Gold Coast PHN')).errors).toBeUndefined();
      expect(await phnOf()).toBe('Gold Coast PHN');
      const added = await stack.gql(pm, ADD, { details: form({ phn: 'Made Up PHN' }) });
      expect(added.errors?.[0]?.message).toBe(PRACTICE_FORM_MESSAGES.phnUnlisted);
    });

    it("saves a manager's changes and creates the address of a practice that has none", async () => {
      // A practice registered without a physical address, with a postal one.
      const postal = await createAddress(stack.sql, { street: 'PO Box 318', suburb: 'Alice Springs' });
      const { id, pm } = await createManagedPractice(stack.sql, {
        organisation: { postal_address_id: postal.id, billing_address_id: postal.id },
      });
      const result = await stack.gql<{ savePracticeDetails: { id: number; addressId: number } }>(pm, SAVE, {
        id,
        details: form({
          name: 'Red Centre Community Clinic',
          street: '14 Hartley Street',
          suburb: 'Alice Springs',
          state: 'NT',
          postcode: '0870',
          doctorHead: '5',
          doctorMax: '7',
        }),
      });
      expect(result.errors).toBeUndefined();
      const { addressId } = result.data!.savePracticeDetails;
      expect(addressId).not.toBe(postal.id); // a new row, not the postal address
      expect(await practiceRow(id)).toMatchObject({
        physical_address_id: addressId,
        street: '14 Hartley Street',
        suburb: 'Alice Springs',
        postcode: '0870',
        abn: '53004085616',
        doctor_head_count: 5,
      });
      // Saving again updates that address instead of adding another.
      const again = await stack.gql<{ savePracticeDetails: { addressId: number } }>(pm, SAVE, {
        id,
        details: form({
          name: 'Red Centre Community Clinic',
          suburb: 'The Gap',
          state: 'NT',
          postcode: '0870',
        }),
      });
      expect(again.data?.savePracticeDetails.addressId).toBe(addressId);
      expect((await practiceRow(id)).suburb).toBe('The Gap');
    });

    it('refuses a bad form, a surveyor and a stranger, changing nothing', async () => {
      const { id, pm } = await createManagedPractice(stack.sql, {
        organisation: { physical_address_id: (await createAddress(stack.sql)).id },
      });
      const surveyor = await createUser(stack.sql, { isSurveyor: true });
      await addPracticeRole(stack.sql, id, surveyor.id, 'SU');
      const { pm: strangerPm } = await createManagedPractice(stack.sql);
      const before = await practiceRow(id);
      const bad = await stack.gql(pm, SAVE, { id, details: form({ abn: '12 345' }) });
      expect(bad.errors?.[0]?.extensions?.fields).toEqual({ abn: 'An ABN is 11 digits.' });
      const bySurveyor = await stack.gql(surveyor, SAVE, { id, details: form() });
      expect(bySurveyor.errors?.[0]?.extensions?.code).toBe('forbidden');
      const stranger = await stack.gql(strangerPm, SAVE, { id, details: form() });
      expect(stranger.errors?.[0]).toMatchObject({
        message: 'There is no such practice.',
        extensions: { code: 'not_found' },
      });
      expect(await practiceRow(id)).toEqual(before);
    });

    it('spec 000 §9: checks the practice phone against its country, AU by default, and keeps the country', async () => {
      const { id, pm } = await createManagedPractice(stack.sql);
      const phoneOf = async () =>
        (await stack.sql.query('select phone, phone_country_code from organisations where id = $1', [id]))
          .rows[0];
      expect(await phoneOf()).toMatchObject({ phone_country_code: 'AU' });
      // A Wellington number is not Australian: refused with the spec's message, nothing saved.
      const wellington = '04 472 3000';
      for (const details of [
        form({ phone: wellington }),
        form({ phone: wellington, phoneCountryCode: 'AU' }),
      ]) {
        const refused = await stack.gql(pm, SAVE, { id, details });
        expect(refused.errors?.[0]?.extensions?.fields).toEqual({ phone: 'Invalid phone number format' });
      }
      const unknown = await stack.gql(pm, SAVE, {
        id,
        details: form({ phone: wellington, phoneCountryCode: 'XX' }),
      });
      expect(unknown.errors?.[0]?.extensions?.fields).toEqual({
        phoneCountryCode: 'Choose the country of the phone number.',
      });
      expect(await phoneOf()).toMatchObject({ phone_country_code: 'AU' });
      // With its country NZ it is accepted, and both are kept.
      const saved = await stack.gql(pm, SAVE, {
        id,
        details: form({ phone: wellington, phoneCountryCode: 'NZ' }),
      });
      expect(saved.errors).toBeUndefined();
      expect(await phoneOf()).toEqual({ phone: wellington, phone_country_code: 'NZ' });
      // A new practice's phone too.
      const added = await stack.gql<{ addPractice: { id: number } }>(pm, ADD, {
        details: form({ name: 'Kiwi Clinic', phone: '+64 4 472 3000', phoneCountryCode: 'NZ' }),
      });
      expect(added.errors).toBeUndefined();
      const row = await stack.sql.query('select phone, phone_country_code from organisations where id = $1', [
        added.data!.addPractice.id,
      ]);
      expect(row.rows[0]).toEqual({ phone: '+64 4 472 3000', phone_country_code: 'NZ' });
    });
  });

  describe('submitReapplication', () => {
    it('submits a DUE renewal with its details, stamped, then offers payment; not twice', async () => {
      // `renewing` has a renewal DUE; `other` (managed by someone else) has none.
      const { id, pm } = await createManagedPractice(stack.sql, {
        name: 'Southern Cross General Practice',
        practice: { status: 'ACCREDITED' },
      });
      const renewal = await createReapplication(stack.sql, id, { status: 'DUE' });
      const other = await createManagedPractice(stack.sql, { name: 'Harbourside Family Medical' });
      expect((await stack.gql(pm, PAY, { id })).errors?.[0]?.message).toMatch(/^Sorry/);
      // A value the database refuses rolls the whole submission back.
      const refused = await stack.gql(pm, SUBMIT, {
        id,
        details: form({ name: 'Southern Cross General Practice', state: 'ZZ' }),
      });
      expect(refused.errors?.[0]?.extensions?.fields).toEqual({ state: 'Choose one of the listed values.' });
      expect(
        (await stack.sql.query('select status from reapplications where id = $1', [renewal.id])).rows[0]
          .status,
      ).toBe('DUE');

      const result = await stack.gql<{ submitReapplication: Record<string, unknown> }>(pm, SUBMIT, {
        id,
        details: form({
          name: 'Southern Cross General Practice',
          suburb: 'Carlton North',
          state: 'VIC',
          postcode: '3054',
        }),
      });
      expect(result.errors).toBeUndefined();
      expect(result.data!.submitReapplication).toMatchObject({
        id: renewal.id,
        practiceId: id,
        status: 'PAYMENT_PENDING',
        message: 'Your renewal has been submitted. Continue to payment to complete it.',
      });
      const row = (
        await stack.sql.query(
          'select status, submitted_at, submitted_by_id from reapplications where id = $1',
          [renewal.id],
        )
      ).rows[0];
      expect(row.status).toBe('PAYMENT_PENDING');
      expect(row.submitted_by_id).toBe(pm.id);
      expect(row.submitted_at.toISOString()).toBe(result.data!.submitReapplication.submittedAt);
      expect((await practiceRow(id)).suburb).toBe('Carlton North');
      expect((await stack.gql(pm, PAY, { id })).data).toEqual({
        practicePaymentUrl: { url: `https://pay.example/practice/${id}` },
      });

      const twice = await stack.gql(pm, SUBMIT, { id, details: form() });
      expect(twice.errors?.[0]?.message).toBe(
        'This renewal has already been submitted and is waiting for payment.',
      );
      const none = await stack.gql(other.pm, SUBMIT, { id: other.id, details: form() });
      expect(none.errors?.[0]?.message).toBe(
        'This practice has no renewal due, so there is nothing to submit.',
      );
      expect((await practiceRow(other.id)).name).toBe('Harbourside Family Medical');
    });

    it('refuses a surveyor on the practice', async () => {
      const { id } = await createManagedPractice(stack.sql, { practice: { status: 'ACCREDITED' } });
      await createReapplication(stack.sql, id, { status: 'DUE' });
      const surveyor = await createUser(stack.sql, { isSurveyor: true });
      await addPracticeRole(stack.sql, id, surveyor.id, 'SU');
      const bySurveyor = await stack.gql(surveyor, SUBMIT, { id, details: form() });
      expect(bySurveyor.errors?.[0]?.extensions?.code).toBe('forbidden');
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

    /** A practice with a cycle and a visit whose confirmation form is as said; managed by `pm` or a new manager. */
    const practiceWithVisit = async (confirmation: string, manager?: TestUser) => {
      const practice = manager
        ? { ...(await createPractice(stack.sql)), pm: manager }
        : await createManagedPractice(stack.sql);
      if (manager) await addPracticeRole(stack.sql, practice.id, manager.id, 'PM');
      const accreditation = await createAccreditation(stack.sql, practice.id);
      const visit = await createSurveyVisit(stack.sql, accreditation.id, {
        confirmation_form_status: confirmation,
      });
      return { ...practice, visitId: visit.id };
    };

    it('confirms a visit whose form was sent, stamped, and only once', async () => {
      const { id: practiceId, visitId, pm } = await practiceWithVisit('SENT');
      const result = await stack.gql<{ confirmSurveyVisit: Record<string, unknown> }>(pm, CONFIRM, {
        practiceId,
        visitId,
      });
      expect(result.errors).toBeUndefined();
      expect(result.data!.confirmSurveyVisit).toMatchObject({
        id: visitId,
        confirmationFormStatus: 'RECEIVED',
        message: 'Thank you. The survey visit is confirmed.',
      });
      const row = await visit(visitId);
      expect(row.confirmation_form_status).toBe('RECEIVED');
      expect(row.confirmation_received_by_id).toBe(pm.id);
      expect(row.confirmation_received_at.toISOString()).toBe(result.data!.confirmSurveyVisit.confirmedAt);

      const again = await stack.gql(pm, CONFIRM, { practiceId, visitId });
      expect(again.errors?.[0]?.message).toBe(
        'This survey visit is not waiting for a confirmation. It may already have been confirmed.',
      );
    });

    it("refuses another practice's visit, a surveyor and a visit not sent, changing nothing", async () => {
      // `sent` and `asked` are both practices of one manager; `sent` has a visit with its form SENT.
      const sent = await practiceWithVisit('SENT');
      const asked = await practiceWithVisit('SENT', sent.pm);
      // The visit of `sent`, asked through `asked`, does not exist.
      const elsewhere = await stack.gql(sent.pm, CONFIRM, { practiceId: asked.id, visitId: sent.visitId });
      expect(elsewhere.errors?.[0]).toMatchObject({
        message: 'There is no such survey visit.',
        extensions: { code: 'not_found' },
      });
      // A surveyor (SU) of the practice and a visitor of the visit.
      const surveyor = await createUser(stack.sql, { isSurveyor: true });
      await addPracticeRole(stack.sql, sent.id, surveyor.id, 'SU');
      await addSurveyVisitor(stack.sql, sent.visitId, surveyor.id, 'ACCEPTED');
      const bySurveyor = await stack.gql(surveyor, CONFIRM, { practiceId: sent.id, visitId: sent.visitId });
      expect(bySurveyor.errors?.[0]?.extensions?.code).toBe('forbidden');
      expect((await visit(sent.visitId)).confirmation_form_status).toBe('SENT');
      // A visit whose form was received long ago (no stamp of this action).
      const received = await practiceWithVisit('RECEIVED', sent.pm);
      const again = await stack.gql(sent.pm, CONFIRM, { practiceId: received.id, visitId: received.visitId });
      expect(again.errors?.[0]?.extensions?.code).toBe('invalid_input');
      expect(await visit(received.visitId)).toMatchObject({ confirmation_received_at: null });
    });
  });
});
