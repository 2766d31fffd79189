import { EMPTY_PRACTICE_FORM, PRACTICE_FORM_MESSAGES, type TPracticeFormValues } from '@portal/domain';
import {
  addPracticeRole,
  createAddress,
  createManagedPractice,
  createUser,
  type TestUser,
} from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// One validated write path for a practice's details: a PM changes the practice, its organisation
// and its address only through the actions (savePracticeDetails, addPractice,
// submitReapplication), never straight through GraphQL; GraphQL leaves a PM only the first-view
// flags the screens clear. The test's practices: `mine` (Harbourside, with its address) managed
// by PM; `theirs` managed by someone else and surveyed by `surveyor`.

const SAVE = `mutation Save($id: Int!, $details: jsonb!) {
  savePracticeDetails(practiceId: $id, details: $details) { id addressId } }`;

/** A valid practice form with overrides. */
const form = (overrides: Partial<TPracticeFormValues> = {}): TPracticeFormValues => ({
  ...EMPTY_PRACTICE_FORM,
  name: 'Harbourside Medical Centre',
  street: '12 Harbour Street',
  suburb: 'Sydney',
  state: 'NSW',
  postcode: '2000',
  ...overrides,
});

describe("a PM's practice details are written only through the actions", () => {
  let stack: TestStack;
  let addressId: number;
  let mine: number;
  let PM: TestUser;
  let theirs: number;
  let surveyor: TestUser;
  let QAM: TestUser & { role: string };
  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
    addressId = (await createAddress(stack.sql, { street: '212 Crown Street', postcode: '2010' })).id;
    ({ id: mine, pm: PM } = await createManagedPractice(stack.sql, {
      name: 'Harbourside Family Medical',
      organisation: { physical_address_id: addressId },
      practice: { practice_type: 'GENERAL_PRACTICE', doctor_head_count: 4 },
    }));
    ({ id: theirs } = await createManagedPractice(stack.sql));
    surveyor = await createUser(stack.sql, { isSurveyor: true });
    await addPracticeRole(stack.sql, theirs, surveyor.id, 'SU');
    QAM = { ...(await createUser(stack.sql, { isQam: true })), role: 'qam' };
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** The columns of `mine` that the refused writes aim at, read as the owner. */
  const practice1 = async () =>
    (
      await stack.sql.query(
        `select p.practice_type, p.doctor_head_count, o.name, a.postcode
           from practices p join organisations o on o.id = p.organisation_id
           left join addresses a on a.id = o.physical_address_id
          where p.organisation_id = $1`,
        [mine],
      )
    ).rows[0];

  it.each([
    [
      'the practice type',
      'mutation($practice: Int!) { update_practices_by_pk(pk_columns: {organisation_id: $practice}, _set: {practice_type: OTHER}) { organisation_id } }',
      /'practice_type' not found in type: 'practices_set_input'/,
    ],
    [
      'a head count (by increment)',
      'mutation($practice: Int!) { update_practices_by_pk(pk_columns: {organisation_id: $practice}, _inc: {doctor_head_count: 5}) { organisation_id } }',
      /'update_practices_by_pk' has no argument named '_inc'/,
    ],
    [
      'the organisation name',
      'mutation($practice: Int!) { update_organisations_by_pk(pk_columns: {id: $practice}, _set: {name: "Renamed"}) { id } }',
      /'update_organisations_by_pk' not found in type: 'mutation_root'/,
    ],
    [
      "the address's postcode",
      'mutation($id: Int!) { update_addresses_by_pk(pk_columns: {id: $id}, _set: {postcode: "9999"}) { id } }',
      /'update_addresses_by_pk' not found in type: 'mutation_root'/,
    ],
  ])('refuses a PM setting %s through GraphQL, and changes nothing', async (_what, query, reason) => {
    const before = await practice1();
    const result = await stack.gql(PM, query, query.includes('$id') ? { id: addressId } : { practice: mine });
    expect(result.errors?.[0]?.extensions?.code, JSON.stringify(result)).toBe('validation-failed');
    expect(result.errors?.[0]?.message).toMatch(reason);
    expect(await practice1()).toEqual(before);
  });

  it('lets the PM clear the first-view flags and the renewal message, and nobody else', async () => {
    await stack.sql.query(
      `update practices set is_staff_first_view = true, is_documents_first_view = true,
         show_message_after_renewal_payment = true where organisation_id in ($1, $2)`,
      [mine, theirs],
    );
    const clear = `mutation($id: Int!) { update_practices_by_pk(pk_columns: {organisation_id: $id},
      _set: {is_staff_first_view: false, is_documents_first_view: false, show_message_after_renewal_payment: false})
      { organisation_id } }`;
    const own = await stack.gql(PM, clear, { id: mine });
    expect(own).toEqual({ data: { update_practices_by_pk: { organisation_id: mine } } });
    // Another practice's PM and a surveyor of that practice: outside the filter, nothing written.
    expect(await stack.gql(PM, clear, { id: theirs })).toEqual({ data: { update_practices_by_pk: null } });
    expect(await stack.gql(surveyor, clear, { id: theirs })).toEqual({
      data: { update_practices_by_pk: null },
    });
    const { rows } = await stack.sql.query(
      `select organisation_id as id, is_staff_first_view as s, is_documents_first_view as d,
              show_message_after_renewal_payment as r from practices where organisation_id in ($1, $2) order by 1`,
      [mine, theirs],
    );
    expect(rows).toEqual([
      { id: mine, s: false, d: false, r: false },
      { id: theirs, s: true, d: true, r: true },
    ]);
  });

  it('saves the same details for the PM through savePracticeDetails', async () => {
    const result = await stack.gql<{ savePracticeDetails: { id: number; addressId: number } }>(PM, SAVE, {
      id: mine,
      details: form({ practiceType: 'OTHER', postcode: '2011', doctorHead: '5', doctorMax: '6' }),
    });
    expect(result.errors).toBeUndefined();
    expect(result.data?.savePracticeDetails).toEqual({ id: mine, addressId });
    expect(await practice1()).toEqual({
      practice_type: 'OTHER',
      doctor_head_count: 5,
      name: 'Harbourside Medical Centre',
      postcode: '2011',
    });
  });

  it('refuses through the action what its schema refuses, and changes nothing', async () => {
    const before = await practice1();
    const result = await stack.gql(PM, SAVE, { id: mine, details: form({ postcode: '99999' }) });
    expect(JSON.stringify(result.errors)).toContain(PRACTICE_FORM_MESSAGES.postcode);
    expect(await practice1()).toEqual(before);
  });

  it('leaves the back office its GraphQL edits', async () => {
    const result = await stack.gql(
      QAM,
      `mutation($id: Int!, $practice: Int!) {
        update_practices_by_pk(pk_columns: {organisation_id: $practice}, _set: {practice_type: GENERAL_PRACTICE}) { practice_type }
        update_addresses_by_pk(pk_columns: {id: $id}, _set: {postcode: "2010"}) { postcode }
        update_organisations_by_pk(pk_columns: {id: $practice}, _set: {name: "Harbourside Clinic"}) { name } }`,
      { id: addressId, practice: mine },
    );
    expect(result).toEqual({
      data: {
        update_practices_by_pk: { practice_type: 'GENERAL_PRACTICE' },
        update_addresses_by_pk: { postcode: '2010' },
        update_organisations_by_pk: { name: 'Harbourside Clinic' },
      },
    });
  });
});
