import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, startTestStack, type TestStack } from '../../../actions/src/test-support/test-stack.ts';

// Row-level rules of writes, table by table, against the real engine and a seeded database.
// Seeds: practice 1 has PM pm.single; practice 2 has PM pm and surveyors surveyor (accepted lead
// visitor of visit 2, which asks for preferred days) and surveyor3 (offered visit 2); practice 3
// has PM pm and surveyor2; practice 5's visit 3 (FINAL) has visitors surveyor and surveyor2.

type Expect =
  | { affected: number } // the mutation ran; this many rows changed (0 = outside the filter)
  | { code: 'validation-failed' | 'permission-error'; reason?: RegExp }; // refused, nothing written

interface Case {
  name: string;
  caller: Caller;
  query: string;
  variables?: () => Record<string, unknown>;
  expect: Expect;
  /** Checked as the database owner after the mutation: a query that must return one row with `ok = true`. */
  after?: () => [string, unknown[]];
}

let stack: TestStack;
const ids: Record<string, number> = {};

const u = (table: string, where: string, set: string) =>
  `mutation($id: Int!) { update_${table}(where: {${where}: {_eq: $id}}, _set: {${set}}) { affected_rows } }`;
const byPk = (table: string, key: string, set: string) =>
  `mutation($id: Int!) { update_${table}_by_pk(pk_columns: {${key}: $id}, _set: {${set}}) { ${key} } }`;

const CASES: Case[] = [
  // practices: the PM changes their practice's details and first-view flags; nobody else's.
  {
    name: 'PM updates own practice flag',
    caller: 'pm.single@demo.test',
    query: u('practices', 'organisation_id', 'is_staff_first_view: false'),
    variables: () => ({ id: 1 }),
    expect: { affected: 1 },
  },
  {
    name: 'PM cannot update another practice',
    caller: 'pm.single@demo.test',
    query: u('practices', 'organisation_id', 'is_staff_first_view: false'),
    variables: () => ({ id: 2 }),
    expect: { affected: 0 },
  },
  {
    name: 'surveyor cannot update a practice they survey',
    caller: 'surveyor@demo.test',
    query: u('practices', 'organisation_id', 'is_staff_first_view: false'),
    variables: () => ({ id: 2 }),
    expect: { affected: 0 },
  },
  {
    name: 'PM cannot change the practice status',
    caller: 'pm.single@demo.test',
    query: u('practices', 'organisation_id', 'status: ACCREDITED'),
    variables: () => ({ id: 1 }),
    expect: { code: 'validation-failed', reason: /'status' not found in type: 'practices_set_input'/ },
  },
  {
    name: 'QAM changes a practice status',
    caller: { email: 'qam@demo.test', role: 'qam' },
    query: u('practices', 'organisation_id', 'status: IN_PROGRESS'),
    variables: () => ({ id: 9 }),
    expect: { affected: 1 },
  },
  // organisations and addresses: a PM changes them only through the savePracticeDetails action
  // (practice-details-writes.test.ts); the back office edits them here.
  {
    name: 'PM cannot update own organisation through GraphQL',
    caller: 'pm.single@demo.test',
    query: u('organisations', 'id', 'website: "https://harbourside.example/new"'),
    variables: () => ({ id: 1 }),
    expect: { code: 'validation-failed', reason: /'update_organisations' not found/ },
  },
  {
    name: 'QAM updates an organisation',
    caller: { email: 'qam@demo.test', role: 'qam' },
    query: u('organisations', 'id', 'website: "https://harbourside.example/new"'),
    variables: () => ({ id: 1 }),
    expect: { affected: 1 },
  },
  {
    name: 'PM cannot update own address through GraphQL',
    caller: 'pm.single@demo.test',
    query: u('addresses', 'id', 'street: "214 Crown Street"'),
    variables: () => ({ id: 1 }),
    expect: { code: 'validation-failed', reason: /'update_addresses' not found/ },
  },
  {
    name: 'QAM updates an address',
    caller: { email: 'qam@demo.test', role: 'qam' },
    query: u('addresses', 'id', 'street: "214 Crown Street"'),
    variables: () => ({ id: 1 }),
    expect: { affected: 1 },
  },
  // contacts: practice checked on insert; a linked user must already work on the practice.
  {
    name: 'PM adds a contact to own practice',
    caller: 'pm.single@demo.test',
    query:
      'mutation { insert_contacts_one(object: {practice_id: 1, first_name: "New", last_name: "Contact", type: GP}) { id practice_id } }',
    expect: { affected: 1 },
  },
  {
    name: 'PM cannot add a contact to another practice (forged practice_id)',
    caller: 'pm.single@demo.test',
    query:
      'mutation { insert_contacts_one(object: {practice_id: 2, first_name: "Forged", last_name: "Contact"}) { id } }',
    expect: {
      code: 'permission-error',
      reason: /check constraint of an insert\/update permission has failed/,
    },
    after: () => ["select count(*) = 0 as ok from contacts where first_name = 'Forged'", []],
  },
  {
    name: 'PM cannot link a contact to a user outside the practice',
    caller: 'pm.single@demo.test',
    query:
      'mutation($user: Int!) { insert_contacts_one(object: {practice_id: 1, first_name: "A", last_name: "B", user_id: $user}) { id } }',
    variables: () => ({ user: ids.pm }),
    expect: {
      code: 'permission-error',
      reason: /check constraint of an insert\/update permission has failed/,
    },
  },
  {
    name: 'PM links a contact to a user on the practice',
    caller: 'pm.single@demo.test',
    query:
      'mutation($user: Int!) { insert_contacts_one(object: {practice_id: 1, first_name: "Daniel", last_name: "Costa", user_id: $user}) { id } }',
    variables: () => ({ user: ids.pmSingle }),
    expect: { affected: 1 },
  },
  {
    name: 'surveyor cannot add a contact to a practice they survey',
    caller: 'surveyor@demo.test',
    query:
      'mutation { insert_contacts_one(object: {practice_id: 2, first_name: "S", last_name: "U"}) { id } }',
    expect: {
      code: 'permission-error',
      reason: /check constraint of an insert\/update permission has failed/,
    },
  },
  {
    name: 'PM archives own contact',
    caller: 'pm.single@demo.test',
    query: u('contacts', 'id', 'archived: true'),
    variables: () => ({ id: 4 }),
    expect: { affected: 1 },
  },
  {
    name: "PM cannot archive another practice's contact",
    caller: 'pm.single@demo.test',
    query: u('contacts', 'id', 'archived: true'),
    variables: () => ({ id: 5 }),
    expect: { affected: 0 },
  },
  {
    name: 'PM cannot move a contact to another practice',
    caller: 'pm.single@demo.test',
    query: u('contacts', 'id', 'practice_id: 2'),
    variables: () => ({ id: 3 }),
    expect: { code: 'validation-failed', reason: /'practice_id' not found in type: 'contacts_set_input'/ },
  },
  // accreditations: nominated contacts must be the practice's own.
  {
    name: 'PM nominates own contact',
    caller: 'pm.single@demo.test',
    query: u('accreditations', 'id', 'nominated_gp_contact_id: 2'),
    variables: () => ({ id: 1 }),
    expect: { affected: 1 },
  },
  {
    name: "PM cannot nominate another practice's contact",
    caller: 'pm.single@demo.test',
    query: u('accreditations', 'id', 'nominated_gp_contact_id: 6'),
    variables: () => ({ id: 1 }),
    expect: {
      code: 'permission-error',
      reason: /check constraint of an insert\/update permission has failed/,
    },
    after: () => ['select nominated_gp_contact_id = 2 as ok from accreditations where id = 1', []],
  },
  {
    name: 'surveyor cannot change an accreditation',
    caller: 'surveyor@demo.test',
    query: u('accreditations', 'id', 'is_first_view: false'),
    variables: () => ({ id: 2 }),
    expect: { affected: 0 },
  },
  {
    name: 'PM cannot set the QAM',
    caller: 'pm.single@demo.test',
    query: u('accreditations', 'id', 'qam_id: 6'),
    variables: () => ({ id: 1 }),
    expect: { code: 'validation-failed', reason: /'qam_id' not found/ },
  },
  // practice_staff: PM adds and edits (created_by preset); only a surveyor on the practice verifies.
  {
    name: 'PM adds staff; created_by is the PM',
    caller: 'pm.single@demo.test',
    query:
      'mutation { insert_practice_staff_one(object: {practice_id: 1, first_name: "Ada", last_name: "Lovelace", type: nurse}) { id created_by_id } }',
    expect: { affected: 1 },
    after: () => [
      "select created_by_id = $1 and not verified as ok from practice_staff where first_name = 'Ada'",
      [ids.pmSingle],
    ],
  },
  {
    name: 'PM cannot forge created_by',
    caller: 'pm.single@demo.test',
    query:
      'mutation { insert_practice_staff_one(object: {practice_id: 1, first_name: "F", last_name: "G", type: gp, created_by_id: 1}) { id } }',
    expect: {
      code: 'validation-failed',
      reason: /'created_by_id' not found in type: 'practice_staff_insert_input'/,
    },
  },
  {
    name: 'PM cannot add staff to another practice (forged practice_id)',
    caller: 'pm.single@demo.test',
    query:
      'mutation { insert_practice_staff_one(object: {practice_id: 2, first_name: "Forged", last_name: "Staff", type: gp}) { id } }',
    expect: {
      code: 'permission-error',
      reason: /check constraint of an insert\/update permission has failed/,
    },
    after: () => ["select count(*) = 0 as ok from practice_staff where first_name = 'Forged'", []],
  },
  {
    name: 'PM cannot verify staff (verification is the accreditor’s)',
    caller: 'pm@demo.test',
    query: u('practice_staff', 'id', 'verified: true'),
    variables: () => ({ id: ids.staff2 }),
    expect: { code: 'permission-error', reason: /only a surveyor on the practice may verify/ },
    after: () => ['select not verified as ok from practice_staff where id = $1', [ids.staff2]],
  },
  {
    name: 'surveyor on the practice verifies staff; who and when are stamped',
    caller: 'surveyor@demo.test',
    query: u('practice_staff', 'id', 'verified: true'),
    variables: () => ({ id: ids.staff2 }),
    expect: { affected: 1 },
    after: () => [
      'select verified and verified_by_id = $2 and verified_at is not null as ok from practice_staff where id = $1',
      [ids.staff2, ids.surveyor],
    ],
  },
  {
    name: 'surveyor cannot edit staff details',
    caller: 'surveyor@demo.test',
    query: u('practice_staff', 'id', 'first_name: "Changed"'),
    variables: () => ({ id: ids.staff2 }),
    expect: { code: 'permission-error', reason: /only the practice manager may change staff details/ },
  },
  {
    name: 'surveyor cannot verify staff of a practice they do not survey',
    caller: 'surveyor@demo.test',
    query: u('practice_staff', 'id', 'verified: true'),
    variables: () => ({ id: ids.staff3 }),
    expect: { affected: 0 },
  },
  {
    name: 'PM edits own staff details',
    caller: 'pm@demo.test',
    query: u('practice_staff', 'id', 'phone: "0400 000 000"'),
    variables: () => ({ id: ids.staff3 }),
    expect: { affected: 1 },
  },
  {
    name: "PM cannot attach another practice's document to staff",
    caller: 'pm@demo.test',
    query:
      'mutation($id: Int!, $doc: Int!) { update_practice_staff(where: {id: {_eq: $id}}, _set: {cpr_evidence_document_id: $doc}) { affected_rows } }',
    variables: () => ({ id: ids.staff3, doc: ids.doc7 }),
    expect: {
      code: 'permission-error',
      reason: /check constraint of an insert\/update permission has failed/,
    },
  },
  {
    name: 'PM archives staff (no delete)',
    caller: 'pm.single@demo.test',
    query: u('practice_staff', 'id', 'archived: true'),
    variables: () => ({ id: ids.staff1 }),
    expect: { affected: 1 },
  },
  {
    name: 'QAM verifies staff',
    caller: { email: 'qam@demo.test', role: 'qam' },
    query: u('practice_staff', 'id', 'verified: true'),
    variables: () => ({ id: ids.staff3 }),
    expect: { affected: 1 },
    after: () => [
      'select verified_by_id = $2 as ok from practice_staff where id = $1',
      [ids.staff3, ids.qam],
    ],
  },
  // documents: archived (who and when stamped), renamed, moved within the practice's folders.
  {
    name: 'PM archives a document; who and when are stamped',
    caller: 'pm@demo.test',
    query: u('documents', 'id', 'archived: true'),
    variables: () => ({ id: ids.doc2 }),
    expect: { affected: 1 },
    after: () => [
      'select archived and archived_by_id = $2 and archived_at is not null as ok from documents where id = $1',
      [ids.doc2, ids.pm],
    ],
  },
  {
    name: "PM cannot archive another practice's document",
    caller: 'pm.single@demo.test',
    query: u('documents', 'id', 'archived: true'),
    variables: () => ({ id: ids.doc7 }),
    expect: { affected: 0 },
  },
  {
    name: 'surveyor cannot rename a document',
    caller: 'surveyor@demo.test',
    query: u('documents', 'id', 'name: "renamed.pdf"'),
    variables: () => ({ id: ids.doc2b }),
    expect: { affected: 0 },
  },
  {
    name: "PM cannot move a document into another practice's folder",
    caller: 'pm@demo.test',
    query: u('documents', 'id', 'folder_id: 7'),
    variables: () => ({ id: ids.doc2b }),
    expect: {
      code: 'permission-error',
      reason: /check constraint of an insert\/update permission has failed/,
    },
  },
  // users: a user changes their own names, title and phone only through the updateAccount action
  // (checked with the form's schema; actions/src/actions/accounts/account-actions.test.ts), never
  // through GraphQL; privileges by the provider admin only.
  ...(
    [
      ['first name', 'first_name', '"Dan"', "'Dan'"],
      ['last name', 'last_name', '"Dan"', "'Dan'"],
      ['title', 'title', 'PROF', "'PROF'"],
      ['phone', 'phone', '"not a phone"', "'not a phone'"],
    ] as const
  ).map(
    ([what, column, value, stored]): Case => ({
      name: `user cannot change their own ${what} through GraphQL (update_users_by_pk)`,
      caller: 'pm.single@demo.test',
      query: byPk('users', 'id', `${column}: ${value}`),
      variables: () => ({ id: ids.pmSingle }),
      expect: {
        code: 'validation-failed',
        reason: /'update_users_by_pk' not found in type: 'mutation_root'/,
      },
      after: () => [
        `select ${column} is distinct from ${stored} as ok from users where id = $1`,
        [ids.pmSingle],
      ],
    }),
  ),
  {
    name: "user cannot update another user's profile",
    caller: 'pm.single@demo.test',
    query: u('users', 'id', 'first_name: "X"'),
    variables: () => ({ id: ids.pm }),
    expect: { code: 'validation-failed', reason: /'update_users' not found in type: 'mutation_root'/ },
    after: () => ["select first_name <> 'X' as ok from users where id = $1", [ids.pm]],
  },
  {
    name: 'user cannot make themselves admin',
    caller: 'pm.single@demo.test',
    query: u('users', 'id', 'is_admin: true'),
    variables: () => ({ id: ids.pmSingle }),
    expect: { code: 'validation-failed', reason: /'update_users' not found in type: 'mutation_root'/ },
    after: () => ['select not is_admin as ok from users where id = $1', [ids.pmSingle]],
  },
  {
    name: 'QAM cannot grant privileges',
    caller: { email: 'qam@demo.test', role: 'qam' },
    query: u('users', 'id', 'is_qam: true'),
    variables: () => ({ id: ids.newuser }),
    expect: { code: 'validation-failed', reason: /'is_qam' not found in type: 'users_set_input'/ },
  },
  {
    name: 'provider admin grants a privilege',
    caller: { email: 'admin@demo.test', role: 'provider_admin' },
    query: u('users', 'id', 'is_surveyor: true'),
    variables: () => ({ id: ids.newuser }),
    expect: { affected: 1 },
  },
  {
    name: "provider admin cannot change a super admin's row",
    caller: { email: 'admin@demo.test', role: 'provider_admin' },
    query: u('users', 'id', 'is_admin: false'),
    variables: () => ({ id: ids.admin }),
    expect: { affected: 0 },
  },
  // survey visits and visitors: accepted visitors, while the visit's assessment is being done.
  {
    name: 'accepted visitor adjusts the visit times',
    caller: 'surveyor@demo.test',
    query: u('survey_visits', 'id', 'start_time: "08:45"'),
    variables: () => ({ id: 3 }),
    expect: { affected: 1 },
  },
  {
    name: 'PM cannot change a survey visit',
    caller: 'pm@demo.test',
    query: u('survey_visits', 'id', 'start_time: "08:45"'),
    variables: () => ({ id: 3 }),
    expect: { affected: 0 },
  },
  {
    name: 'visitor cannot change a visit still being planned',
    caller: 'surveyor@demo.test',
    query: u('survey_visits', 'id', 'start_time: "08:45"'),
    variables: () => ({ id: 2 }),
    expect: { affected: 0 },
  },
  {
    name: 'visitor cannot change the visit status',
    caller: 'surveyor@demo.test',
    query: u('survey_visits', 'id', 'status: DRAFT'),
    variables: () => ({ id: 3 }),
    expect: { code: 'validation-failed', reason: /'status' not found in type: 'survey_visits_set_input'/ },
  },
  {
    name: 'visitor records own hours',
    caller: 'surveyor@demo.test',
    query: u('survey_visitors', 'id', 'hours_worked_before_visit: 4'),
    variables: () => ({ id: 3 }),
    expect: { affected: 1 },
  },
  {
    name: "visitor cannot record another visitor's hours",
    caller: 'surveyor@demo.test',
    query: u('survey_visitors', 'id', 'hours_worked_before_visit: 4'),
    variables: () => ({ id: 4 }),
    expect: { affected: 0 },
  },
  {
    name: 'visitor cannot accept their own offer through GraphQL',
    caller: 'surveyor3@demo.test',
    query: u('survey_visitors', 'id', 'status: ACCEPTED'),
    variables: () => ({ id: 2 }),
    expect: { code: 'validation-failed', reason: /'status' not found in type: 'survey_visitors_set_input'/ },
  },
  // preferred days: own, for a visit offered to the surveyor, while days are requested.
  {
    name: 'surveyor states a preferred day; user_id is theirs',
    caller: 'surveyor3@demo.test',
    query:
      'mutation($day: date!) { insert_preferred_days_one(object: {survey_visit_id: 2, day: $day}) { id user_id } }',
    variables: () => ({ day: '2099-01-05' }),
    expect: { affected: 1 },
    after: () => ["select user_id = $1 as ok from preferred_days where day = '2099-01-05'", [ids.surveyor3]],
  },
  {
    name: 'surveyor cannot forge user_id of a preferred day',
    caller: 'surveyor3@demo.test',
    query:
      'mutation($user: Int!) { insert_preferred_days_one(object: {survey_visit_id: 2, day: "2099-01-06", user_id: $user}) { id } }',
    variables: () => ({ user: ids.surveyor }),
    expect: {
      code: 'validation-failed',
      reason: /'user_id' not found in type: 'preferred_days_insert_input'/,
    },
  },
  {
    name: 'surveyor cannot state days for a visit not asking for them',
    caller: 'surveyor@demo.test',
    query: 'mutation { insert_preferred_days_one(object: {survey_visit_id: 3, day: "2099-01-07"}) { id } }',
    expect: {
      code: 'permission-error',
      reason: /check constraint of an insert\/update permission has failed/,
    },
  },
  {
    name: 'PM cannot state preferred days',
    caller: 'pm@demo.test',
    query: 'mutation { insert_preferred_days_one(object: {survey_visit_id: 2, day: "2099-01-08"}) { id } }',
    expect: {
      code: 'permission-error',
      reason: /check constraint of an insert\/update permission has failed/,
    },
  },
  {
    name: "surveyor cannot delete another surveyor's day",
    caller: 'surveyor3@demo.test',
    query: 'mutation { delete_preferred_days(where: {id: {_eq: 1}}) { affected_rows } }',
    expect: { affected: 0 },
  },
  {
    name: 'surveyor withdraws own day',
    caller: 'surveyor@demo.test',
    query: 'mutation { delete_preferred_days(where: {id: {_eq: 1}}) { affected_rows } }',
    expect: { affected: 1 },
  },
  // back office
  {
    name: 'QAM revokes an invitation',
    caller: { email: 'qam@demo.test', role: 'qam' },
    query: u('invitations', 'id', 'status: REVOKED'),
    variables: () => ({ id: ids.invitation }),
    expect: { affected: 1 },
  },
  {
    name: 'QAM supersedes a certificate',
    caller: { email: 'qam@demo.test', role: 'qam' },
    query: u('certificates', 'id', 'validity: SUPERSEDED'),
    variables: () => ({ id: ids.certificate }),
    expect: { affected: 1 },
  },
  {
    name: 'QAM adds a practice user',
    caller: { email: 'qam@demo.test', role: 'qam' },
    query:
      'mutation($u: Int!) { insert_practice_users_one(object: {practice_id: 1, user_id: $u, role: SU}) { id } }',
    variables: () => ({ u: ids.newuser }),
    expect: { affected: 1 },
  },
];

function outcome(result: Awaited<ReturnType<TestStack['gql']>>, reason?: RegExp): Expect {
  const error = result.errors?.[0];
  const code = error?.extensions?.code;
  if (code === 'validation-failed' || code === 'permission-error') {
    // A refusal counts only for the reason the case names (not, say, a mistyped enum).
    return reason && !reason.test(error!.message)
      ? { code, reason: new RegExp(error!.message) }
      : { code, reason };
  }
  if (result.errors) throw new Error(`unexpected error: ${JSON.stringify(result.errors)}`);
  const value = Object.values(result.data ?? {})[0] as { affected_rows?: number; id?: number } | null;
  if (value && typeof value.affected_rows === 'number') return { affected: value.affected_rows };
  return { affected: value ? 1 : 0 };
}

describe('permission rules of writes', () => {
  beforeAll(async () => {
    stack = await startTestStack({ template: 'seeded' });
    for (const [key, email] of Object.entries({
      pm: 'pm@demo.test',
      pmSingle: 'pm.single@demo.test',
      surveyor: 'surveyor@demo.test',
      surveyor3: 'surveyor3@demo.test',
      qam: 'qam@demo.test',
      admin: 'admin@demo.test',
      newuser: 'newuser@demo.test',
    })) {
      ids[key] = await stack.userId(email);
    }
    const one = async (text: string, values: unknown[] = []) => {
      const { rows } = await stack.sql.query<{ id: number }>(text, values);
      if (!rows[0]) throw new Error(`no fixture row: ${text}`);
      return rows[0].id;
    };
    const staffOf =
      'select min(id) as id from practice_staff where practice_id = $1 and not archived and not verified having min(id) is not null';
    ids.staff1 = await one(staffOf, [1]);
    ids.staff2 = await one(staffOf, [2]);
    ids.staff3 = await one(staffOf, [3]);
    const docOf = `select id from documents where practice_id = $1 and not archived and uploaded_at is not null
      and indicator_response_id is null order by id offset $2 limit 1`;
    ids.doc2 = await one(docOf, [2, 0]);
    ids.doc2b = await one(docOf, [2, 1]);
    ids.doc7 = await one(docOf, [7, 0]);
    ids.certificate = await one('select min(id) as id from certificates having min(id) is not null');
    ids.invitation = await one(
      `insert into invitations (practice_id, email, token_hash, expires_at)
       values (2, 'invitee@demo.test', repeat('a', 64), now() + interval '7 days') returning id`,
    );
    // Visit 3's assessment back in progress, so its accepted visitors may record times and hours.
    await stack.sql.query(`update assessments set status = 'IN_PROGRESS' where survey_visit_id = 3`);
    await stack.sql.query(
      'delete from assessment_submissions where assessment_id in (select id from assessments where survey_visit_id = 3)',
    );
  });
  afterAll(async () => {
    await stack?.close();
  });

  // In order: later cases rely on earlier ones only where said (none depend on a refused one).
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const result = await stack.gql(c.caller, c.query, c.variables?.());
    const reason = 'code' in c.expect ? c.expect.reason : undefined;
    expect(outcome(result, reason), JSON.stringify(result)).toEqual(c.expect);
    if (c.after) {
      const [text, values] = c.after();
      const { rows } = await stack.sql.query<{ ok: boolean }>(text, values);
      expect(rows, text).toEqual([{ ok: true }]);
    }
  });

  it('hides an archived document from the practice but not from the back office', async () => {
    const pm = await stack.gql<{ documents: unknown[] }>(
      'pm@demo.test',
      `{ documents(where: {id: {_eq: ${ids.doc2}}}) { id } }`,
    );
    const qam = await stack.gql<{ documents: unknown[] }>(
      { email: 'qam@demo.test', role: 'qam' },
      `{ documents(where: {id: {_eq: ${ids.doc2}}}) { id archived } }`,
    );
    expect(pm.data?.documents).toEqual([]);
    expect(qam.data?.documents).toEqual([{ id: ids.doc2, archived: true }]);
  });

  it('stops a visitor recording hours once they submitted the assessment', async () => {
    await stack.sql.query(
      'insert into assessment_submissions (assessment_id, user_id) select id, $1 from assessments where survey_visit_id = 3',
      [ids.surveyor],
    );
    const result = await stack.gql(
      'surveyor@demo.test',
      u('survey_visitors', 'id', 'hours_worked_after_visit: 1'),
      { id: 3 },
    );
    expect(outcome(result)).toEqual({ affected: 0 });

    // A reopen withdraws the submission (kept, stamped): it no longer counts, so hours can be recorded again.
    await stack.sql.query(
      `update assessment_submissions set withdrawn_at = now(), withdrawn_by_id = $1
        where user_id = $1 and assessment_id in (select id from assessments where survey_visit_id = 3)`,
      [ids.surveyor],
    );
    const again = await stack.gql(
      'surveyor@demo.test',
      u('survey_visitors', 'id', 'hours_worked_after_visit: 1'),
      { id: 3 },
    );
    expect(outcome(again)).toEqual({ affected: 1 });
  });

  it('lets a PM read the invitation status of their staff, never the token', async () => {
    const status = await stack.gql<{ invitations: Array<{ status: string }> }>(
      'pm@demo.test',
      `{ invitations(where: {id: {_eq: ${ids.invitation}}}) { status date_invited expires_at } }`,
    );
    expect(status.data?.invitations).toHaveLength(1);
    const token = await stack.gql('pm@demo.test', '{ invitations { token_hash } }');
    expect(token.errors?.[0]?.extensions?.code).toBe('validation-failed');
    const other = await stack.gql<{ invitations: unknown[] }>(
      'pm.single@demo.test',
      `{ invitations(where: {id: {_eq: ${ids.invitation}}}) { id } }`,
    );
    expect(other.data?.invitations).toEqual([]);
  });
});
