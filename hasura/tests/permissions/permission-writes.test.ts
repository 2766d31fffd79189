import { checkDocumentRename } from '@portal/domain';
import { createDocument } from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPermissionWorld, type PermissionWorld } from './world.ts';

// Row-level rules of writes, table by table, against the real engine and the practices of
// world.ts: p1 has PM pmSingle; p2 has PM pm and surveyors surveyor (accepted lead visitor of its
// visit, which asks for preferred days) and surveyor3 (offered that visit); p3 has PM pm and
// surveyor2; p5's FINAL visit has the accepted visitors surveyor and surveyor2.

type Expect =
  | { affected: number } // the mutation ran; this many rows changed (0 = outside the filter)
  | { code: 'validation-failed' | 'permission-error'; reason?: RegExp }; // refused, nothing written

interface Case {
  name: string;
  /** Who of the world's users calls, and in which role (their default one unless said). */
  as: keyof PermissionWorld['users'];
  role?: 'qam' | 'provider_admin';
  query: string;
  variables?: () => Record<string, unknown>;
  expect: Expect;
  /** Checked as the database owner after the mutation: a query that must return one row with `ok = true`. */
  after?: () => [string, unknown[]];
}

let stack: TestStack;
let w: PermissionWorld;

const u = (table: string, where: string, set: string) =>
  `mutation($id: Int!) { update_${table}(where: {${where}: {_eq: $id}}, _set: {${set}}) { affected_rows } }`;
const byPk = (table: string, key: string, set: string) =>
  `mutation($id: Int!) { update_${table}_by_pk(pk_columns: {${key}: $id}, _set: {${set}}) { ${key} } }`;
/** Like `u`, with the value set passed as `$value`. */
const uv = (table: string, column: string, type: string) =>
  `mutation($id: Int!, $value: ${type}) { update_${table}(where: {id: {_eq: $id}}, _set: {${column}: $value}) { affected_rows } }`;

const CASES: Case[] = [
  // practices: the PM changes their practice's details and first-view flags; nobody else's.
  {
    name: 'PM updates own practice flag',
    as: 'pmSingle',
    query: u('practices', 'organisation_id', 'is_staff_first_view: false'),
    variables: () => ({ id: w.practices.p1.id }),
    expect: { affected: 1 },
  },
  {
    name: 'PM cannot update another practice',
    as: 'pmSingle',
    query: u('practices', 'organisation_id', 'is_staff_first_view: false'),
    variables: () => ({ id: w.practices.p2.id }),
    expect: { affected: 0 },
  },
  {
    name: 'surveyor cannot update a practice they survey',
    as: 'surveyor',
    query: u('practices', 'organisation_id', 'is_staff_first_view: false'),
    variables: () => ({ id: w.practices.p2.id }),
    expect: { affected: 0 },
  },
  {
    name: 'PM cannot change the practice status',
    as: 'pmSingle',
    query: u('practices', 'organisation_id', 'status: ACCREDITED'),
    variables: () => ({ id: w.practices.p1.id }),
    expect: { code: 'validation-failed', reason: /'status' not found in type: 'practices_set_input'/ },
  },
  {
    name: 'QAM changes a practice status',
    as: 'qam',
    role: 'qam',
    query: u('practices', 'organisation_id', 'status: IN_PROGRESS'),
    variables: () => ({ id: w.practices.p7.id }),
    expect: { affected: 1 },
  },
  // organisations and addresses: a PM changes them only through the savePracticeDetails action
  // (practice-details-writes.test.ts); the back office edits them here.
  {
    name: 'PM cannot update own organisation through GraphQL',
    as: 'pmSingle',
    query: u('organisations', 'id', 'website: "https://harbourside.example/new"'),
    variables: () => ({ id: w.practices.p1.id }),
    expect: { code: 'validation-failed', reason: /'update_organisations' not found/ },
  },
  {
    name: 'QAM updates an organisation',
    as: 'qam',
    role: 'qam',
    query: u('organisations', 'id', 'website: "https://harbourside.example/new"'),
    variables: () => ({ id: w.practices.p1.id }),
    expect: { affected: 1 },
  },
  {
    name: 'PM cannot update own address through GraphQL',
    as: 'pmSingle',
    query: u('addresses', 'id', 'street: "214 Crown Street"'),
    variables: () => ({ id: w.practices.p1.addressId }),
    expect: { code: 'validation-failed', reason: /'update_addresses' not found/ },
  },
  {
    name: 'QAM updates an address',
    as: 'qam',
    role: 'qam',
    query: u('addresses', 'id', 'street: "214 Crown Street"'),
    variables: () => ({ id: w.practices.p1.addressId }),
    expect: { affected: 1 },
  },
  // contacts: practice checked on insert; a linked user must already work on the practice.
  {
    name: 'PM adds a contact to own practice',
    as: 'pmSingle',
    query:
      'mutation($p: Int!) { insert_contacts_one(object: {practice_id: $p, first_name: "New", last_name: "Contact", type: GP}) { id practice_id } }',
    variables: () => ({ p: w.practices.p1.id }),
    expect: { affected: 1 },
  },
  {
    name: 'PM cannot add a contact to another practice (forged practice_id)',
    as: 'pmSingle',
    query:
      'mutation($p: Int!) { insert_contacts_one(object: {practice_id: $p, first_name: "Forged", last_name: "Contact"}) { id } }',
    variables: () => ({ p: w.practices.p2.id }),
    expect: {
      code: 'permission-error',
      reason: /check constraint of an insert\/update permission has failed/,
    },
    after: () => ["select count(*) = 0 as ok from contacts where first_name = 'Forged'", []],
  },
  {
    name: 'PM cannot link a contact to a user outside the practice',
    as: 'pmSingle',
    query:
      'mutation($p: Int!, $user: Int!) { insert_contacts_one(object: {practice_id: $p, first_name: "A", last_name: "B", user_id: $user}) { id } }',
    variables: () => ({ p: w.practices.p1.id, user: w.users.pm.id }),
    expect: {
      code: 'permission-error',
      reason: /check constraint of an insert\/update permission has failed/,
    },
  },
  {
    name: 'PM links a contact to a user on the practice',
    as: 'pmSingle',
    query:
      'mutation($p: Int!, $user: Int!) { insert_contacts_one(object: {practice_id: $p, first_name: "Daniel", last_name: "Costa", user_id: $user}) { id } }',
    variables: () => ({ p: w.practices.p1.id, user: w.users.pmSingle.id }),
    expect: { affected: 1 },
  },
  {
    name: 'surveyor cannot add a contact to a practice they survey',
    as: 'surveyor',
    query:
      'mutation($p: Int!) { insert_contacts_one(object: {practice_id: $p, first_name: "S", last_name: "U"}) { id } }',
    variables: () => ({ p: w.practices.p2.id }),
    expect: {
      code: 'permission-error',
      reason: /check constraint of an insert\/update permission has failed/,
    },
  },
  {
    name: 'PM archives own contact',
    as: 'pmSingle',
    query: u('contacts', 'id', 'archived: true'),
    variables: () => ({ id: w.contacts.p1Support }),
    expect: { affected: 1 },
  },
  {
    name: "PM cannot archive another practice's contact",
    as: 'pmSingle',
    query: u('contacts', 'id', 'archived: true'),
    variables: () => ({ id: w.contacts.p2Accreditation }),
    expect: { affected: 0 },
  },
  {
    name: 'PM cannot move a contact to another practice',
    as: 'pmSingle',
    query: uv('contacts', 'practice_id', 'Int!'),
    variables: () => ({ id: w.contacts.p1Nurse, value: w.practices.p2.id }),
    expect: { code: 'validation-failed', reason: /'practice_id' not found in type: 'contacts_set_input'/ },
  },
  // accreditations: nominated contacts must be the practice's own.
  {
    name: 'PM nominates own contact',
    as: 'pmSingle',
    query: uv('accreditations', 'nominated_gp_contact_id', 'Int!'),
    variables: () => ({ id: w.accreditations.p1, value: w.contacts.p1Gp }),
    expect: { affected: 1 },
  },
  {
    name: "PM cannot nominate another practice's contact",
    as: 'pmSingle',
    query: uv('accreditations', 'nominated_gp_contact_id', 'Int!'),
    variables: () => ({ id: w.accreditations.p1, value: w.contacts.p2Gp }),
    expect: {
      code: 'permission-error',
      reason: /check constraint of an insert\/update permission has failed/,
    },
    after: () => [
      'select nominated_gp_contact_id = $2 as ok from accreditations where id = $1',
      [w.accreditations.p1, w.contacts.p1Gp],
    ],
  },
  {
    name: 'surveyor cannot change an accreditation',
    as: 'surveyor',
    query: u('accreditations', 'id', 'is_first_view: false'),
    variables: () => ({ id: w.accreditations.p2 }),
    expect: { affected: 0 },
  },
  {
    name: 'PM cannot set the QAM',
    as: 'pmSingle',
    query: uv('accreditations', 'qam_id', 'Int!'),
    variables: () => ({ id: w.accreditations.p1, value: w.users.pm.id }),
    expect: { code: 'validation-failed', reason: /'qam_id' not found/ },
  },
  // practice_staff: PM adds and edits (created_by preset); only a surveyor on the practice verifies.
  {
    name: 'PM adds staff; created_by is the PM',
    as: 'pmSingle',
    query:
      'mutation($p: Int!) { insert_practice_staff_one(object: {practice_id: $p, first_name: "Ada", last_name: "Lovelace", type: nurse}) { id created_by_id } }',
    variables: () => ({ p: w.practices.p1.id }),
    expect: { affected: 1 },
    after: () => [
      "select created_by_id = $1 and not verified as ok from practice_staff where first_name = 'Ada'",
      [w.users.pmSingle.id],
    ],
  },
  {
    name: 'PM cannot forge created_by',
    as: 'pmSingle',
    query:
      'mutation($p: Int!, $by: Int!) { insert_practice_staff_one(object: {practice_id: $p, first_name: "F", last_name: "G", type: gp, created_by_id: $by}) { id } }',
    variables: () => ({ p: w.practices.p1.id, by: w.users.admin.id }),
    expect: {
      code: 'validation-failed',
      reason: /'created_by_id' not found in type: 'practice_staff_insert_input'/,
    },
  },
  {
    name: 'PM cannot add staff to another practice (forged practice_id)',
    as: 'pmSingle',
    query:
      'mutation($p: Int!) { insert_practice_staff_one(object: {practice_id: $p, first_name: "Forged", last_name: "Staff", type: gp}) { id } }',
    variables: () => ({ p: w.practices.p2.id }),
    expect: {
      code: 'permission-error',
      reason: /check constraint of an insert\/update permission has failed/,
    },
    after: () => ["select count(*) = 0 as ok from practice_staff where first_name = 'Forged'", []],
  },
  {
    name: 'PM cannot verify staff (verification is the accreditor’s)',
    as: 'pm',
    query: u('practice_staff', 'id', 'verified: true'),
    variables: () => ({ id: w.staff.p2 }),
    expect: { code: 'permission-error', reason: /only a surveyor on the practice may verify/ },
    after: () => ['select not verified as ok from practice_staff where id = $1', [w.staff.p2]],
  },
  {
    name: 'surveyor on the practice verifies staff; who and when are stamped',
    as: 'surveyor',
    query: u('practice_staff', 'id', 'verified: true'),
    variables: () => ({ id: w.staff.p2 }),
    expect: { affected: 1 },
    after: () => [
      'select verified and verified_by_id = $2 and verified_at is not null as ok from practice_staff where id = $1',
      [w.staff.p2, w.users.surveyor.id],
    ],
  },
  {
    name: 'surveyor cannot edit staff details',
    as: 'surveyor',
    query: u('practice_staff', 'id', 'first_name: "Changed"'),
    variables: () => ({ id: w.staff.p2 }),
    expect: { code: 'permission-error', reason: /only the practice manager may change staff details/ },
  },
  {
    name: 'surveyor cannot verify staff of a practice they do not survey',
    as: 'surveyor',
    query: u('practice_staff', 'id', 'verified: true'),
    variables: () => ({ id: w.staff.p3 }),
    expect: { affected: 0 },
  },
  {
    name: 'PM edits own staff details',
    as: 'pm',
    query: u('practice_staff', 'id', 'phone: "0400 000 000"'),
    variables: () => ({ id: w.staff.p3 }),
    expect: { affected: 1 },
  },
  {
    name: "PM cannot attach another practice's document to staff",
    as: 'pm',
    query:
      'mutation($id: Int!, $doc: Int!) { update_practice_staff(where: {id: {_eq: $id}}, _set: {cpr_evidence_document_id: $doc}) { affected_rows } }',
    variables: () => ({ id: w.staff.p3, doc: w.documents.p7 }),
    expect: {
      code: 'permission-error',
      reason: /check constraint of an insert\/update permission has failed/,
    },
  },
  {
    name: 'PM archives staff (no delete)',
    as: 'pmSingle',
    query: u('practice_staff', 'id', 'archived: true'),
    variables: () => ({ id: w.staff.p1 }),
    expect: { affected: 1 },
  },
  {
    name: 'QAM verifies staff',
    as: 'qam',
    role: 'qam',
    query: u('practice_staff', 'id', 'verified: true'),
    variables: () => ({ id: w.staff.p3 }),
    expect: { affected: 1 },
    after: () => [
      'select verified_by_id = $2 as ok from practice_staff where id = $1',
      [w.staff.p3, w.users.qam.id],
    ],
  },
  // documents: archived (who and when stamped), renamed, moved within the practice's folders.
  {
    name: 'PM archives a document; who and when are stamped',
    as: 'pm',
    query: u('documents', 'id', 'archived: true'),
    variables: () => ({ id: w.documents.p2 }),
    expect: { affected: 1 },
    after: () => [
      'select archived and archived_by_id = $2 and archived_at is not null as ok from documents where id = $1',
      [w.documents.p2, w.users.pm.id],
    ],
  },
  {
    name: "PM cannot archive another practice's document",
    as: 'pmSingle',
    query: u('documents', 'id', 'archived: true'),
    variables: () => ({ id: w.documents.p7 }),
    expect: { affected: 0 },
  },
  {
    name: 'surveyor cannot rename a document',
    as: 'surveyor',
    query: u('documents', 'id', 'name: "renamed.pdf"'),
    variables: () => ({ id: w.documents.p2b }),
    expect: { affected: 0 },
  },
  // A rename keeps an upload's name rules (documents_name_guard, twin of the domain's
  // checkDocumentRename, compared name by name below).
  {
    name: 'PM cannot rename a document to another extension',
    as: 'pm',
    query: uv('documents', 'name', 'String!'),
    variables: () => ({ id: w.documents.p2b, value: 'policy.html' }),
    expect: {
      code: 'permission-error',
      reason: /^Check constraint violation\. A document keeps its file type: its name must end in \.pdf$/,
    },
  },
  {
    name: 'QAM cannot rename a document to another extension either',
    as: 'qam',
    role: 'qam',
    query: uv('documents', 'name', 'String!'),
    variables: () => ({ id: w.documents.p2b, value: 'policy' }),
    expect: { code: 'permission-error', reason: /must end in \.pdf$/ },
  },
  {
    name: 'PM cannot give a document a name of two lines',
    as: 'pm',
    query: uv('documents', 'name', 'String!'),
    variables: () => ({ id: w.documents.p2b, value: 'policy\nfinal.pdf' }),
    expect: { code: 'permission-error', reason: /"documents_name_control_characters"/ },
  },
  // Free text holds no control character (decisions/data-model.md): C0 but
  // TAB, LF and CR, DEL and C1; one-line texts (names of people) not TAB, LF or CR either.
  {
    name: 'PM cannot put an escape sequence in a contact name',
    as: 'pmSingle',
    query: uv('contacts', 'first_name', 'String!'),
    variables: () => ({ id: w.contacts.p1Nurse, value: 'Mei\u001b[2J' }),
    expect: { code: 'permission-error', reason: /"contacts_first_name_control_characters"/ },
  },
  {
    name: 'PM cannot put a control character in a staff member',
    as: 'pm',
    query: uv('practice_staff', 'registration_num', 'String!'),
    variables: () => ({ id: w.staff.p2, value: 'MED\u00850001' }),
    expect: { code: 'permission-error', reason: /"practice_staff_registration_num_control_characters"/ },
  },
  {
    name: "PM cannot move a document into another practice's folder",
    as: 'pm',
    query: uv('documents', 'folder_id', 'Int!'),
    variables: () => ({ id: w.documents.p2b, value: w.folderOfP3 }),
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
      as: 'pmSingle',
      query: byPk('users', 'id', `${column}: ${value}`),
      variables: () => ({ id: w.users.pmSingle.id }),
      expect: {
        code: 'validation-failed',
        // Role user may set only its own email_digest: no other column is in users_set_input.
        reason: /field '\w+' not found in type: 'users_set_input'/,
      },
      after: () => [
        `select ${column} is distinct from ${stored} as ok from users where id = $1`,
        [w.users.pmSingle.id],
      ],
    }),
  ),
  {
    name: "user cannot update another user's profile",
    as: 'pmSingle',
    query: u('users', 'id', 'first_name: "X"'),
    variables: () => ({ id: w.users.pm.id }),
    expect: { code: 'validation-failed', reason: /field 'first_name' not found in type: 'users_set_input'/ },
    after: () => ["select first_name <> 'X' as ok from users where id = $1", [w.users.pm.id]],
  },
  {
    name: "spec 000 §9: user cannot set another user's phone_country_code",
    as: 'pmSingle',
    query: u('users', 'id', 'phone_country_code: "NZ"'),
    variables: () => ({ id: w.users.pm.id }),
    expect: {
      code: 'validation-failed',
      reason: /field 'phone_country_code' not found in type: 'users_set_input'/,
    },
    after: () => ["select phone_country_code = 'AU' as ok from users where id = $1", [w.users.pm.id]],
  },
  {
    name: "spec 000 §9: QAM sets a user's phone_country_code (the back office edits profiles, as the phone)",
    as: 'qam',
    role: 'qam',
    query: u('users', 'id', 'phone_country_code: "NZ"'),
    variables: () => ({ id: w.users.newuser.id }),
    expect: { affected: 1 },
    after: () => ["select phone_country_code = 'NZ' as ok from users where id = $1", [w.users.newuser.id]],
  },
  {
    name: 'user cannot make themselves admin',
    as: 'pmSingle',
    query: u('users', 'id', 'is_admin: true'),
    variables: () => ({ id: w.users.pmSingle.id }),
    expect: { code: 'validation-failed', reason: /field 'is_admin' not found in type: 'users_set_input'/ },
    after: () => ['select not is_admin as ok from users where id = $1', [w.users.pmSingle.id]],
  },
  {
    name: 'QAM cannot grant privileges',
    as: 'qam',
    role: 'qam',
    query: u('users', 'id', 'is_qam: true'),
    variables: () => ({ id: w.users.newuser.id }),
    expect: { code: 'validation-failed', reason: /'is_qam' not found in type: 'users_set_input'/ },
  },
  {
    name: 'provider admin grants a privilege',
    as: 'admin',
    role: 'provider_admin',
    query: u('users', 'id', 'is_surveyor: true'),
    variables: () => ({ id: w.users.newuser.id }),
    expect: { affected: 1 },
  },
  {
    name: "provider admin cannot change a super admin's row",
    as: 'admin',
    role: 'provider_admin',
    query: u('users', 'id', 'is_admin: false'),
    variables: () => ({ id: w.users.admin.id }),
    expect: { affected: 0 },
  },
  // survey visits and visitors: accepted visitors, while the visit's assessment is being done.
  {
    name: 'accepted visitor adjusts the visit times',
    as: 'surveyor',
    query: u('survey_visits', 'id', 'start_time: "08:45"'),
    variables: () => ({ id: w.visits.visit3 }),
    expect: { affected: 1 },
  },
  {
    name: 'PM cannot change a survey visit',
    as: 'pm',
    query: u('survey_visits', 'id', 'start_time: "08:45"'),
    variables: () => ({ id: w.visits.visit3 }),
    expect: { affected: 0 },
  },
  {
    name: 'visitor cannot change a visit still being planned',
    as: 'surveyor',
    query: u('survey_visits', 'id', 'start_time: "08:45"'),
    variables: () => ({ id: w.visits.visit2 }),
    expect: { affected: 0 },
  },
  {
    name: 'visitor cannot change the visit status',
    as: 'surveyor',
    query: u('survey_visits', 'id', 'status: DRAFT'),
    variables: () => ({ id: w.visits.visit3 }),
    expect: { code: 'validation-failed', reason: /'status' not found in type: 'survey_visits_set_input'/ },
  },
  {
    name: 'visitor records own hours',
    as: 'surveyor',
    query: u('survey_visitors', 'id', 'hours_worked_before_visit: 4'),
    variables: () => ({ id: w.visitors.visit3Surveyor }),
    expect: { affected: 1 },
  },
  {
    name: "visitor cannot record another visitor's hours",
    as: 'surveyor',
    query: u('survey_visitors', 'id', 'hours_worked_before_visit: 4'),
    variables: () => ({ id: w.visitors.visit3Surveyor2 }),
    expect: { affected: 0 },
  },
  {
    name: 'visitor cannot accept their own offer through GraphQL',
    as: 'surveyor3',
    query: u('survey_visitors', 'id', 'status: ACCEPTED'),
    variables: () => ({ id: w.visitors.visit2Offered }),
    expect: { code: 'validation-failed', reason: /'status' not found in type: 'survey_visitors_set_input'/ },
  },
  // preferred days: own, for a visit offered to the surveyor, while days are requested.
  // Preferred days change only through the savePreferredDays action (due date, period, reasons),
  // so role user has no write on the table at all.
  {
    name: 'surveyor cannot state a preferred day directly (savePreferredDays is the way)',
    as: 'surveyor3',
    query:
      'mutation($visit: Int!, $day: date!) { insert_preferred_days_one(object: {survey_visit_id: $visit, day: $day}) { id user_id } }',
    variables: () => ({ visit: w.visits.visit2, day: '2099-01-05' }),
    expect: {
      code: 'validation-failed',
      reason: /'insert_preferred_days_one' not found in type: 'mutation_root'/,
    },
    after: () => ["select count(*) = 0 as ok from preferred_days where day = '2099-01-05'", []],
  },
  {
    name: 'PM cannot state preferred days',
    as: 'pm',
    query:
      'mutation($visit: Int!) { insert_preferred_days_one(object: {survey_visit_id: $visit, day: "2099-01-08"}) { id } }',
    variables: () => ({ visit: w.visits.visit2 }),
    expect: {
      code: 'validation-failed',
      reason: /'insert_preferred_days_one' not found in type: 'mutation_root'/,
    },
  },
  {
    name: 'surveyor cannot change or delete even their own day directly',
    as: 'surveyor',
    query: 'mutation($id: Int!) { delete_preferred_days(where: {id: {_eq: $id}}) { affected_rows } }',
    variables: () => ({ id: w.preferredDay }),
    expect: {
      code: 'validation-failed',
      reason: /'delete_preferred_days' not found in type: 'mutation_root'/,
    },
    after: () => ['select count(*) = 1 as ok from preferred_days where id = $1', [w.preferredDay]],
  },
  {
    name: 'surveyor cannot update their own day directly',
    as: 'surveyor',
    query:
      'mutation($id: Int!) { update_preferred_days(where: {id: {_eq: $id}}, _set: {available: false}) { affected_rows } }',
    variables: () => ({ id: w.preferredDay }),
    expect: {
      code: 'validation-failed',
      reason: /'update_preferred_days' not found in type: 'mutation_root'/,
    },
  },
  // back office
  {
    name: 'QAM revokes an invitation',
    as: 'qam',
    role: 'qam',
    query: u('invitations', 'id', 'status: REVOKED'),
    variables: () => ({ id: w.invitation }),
    expect: { affected: 1 },
  },
  {
    name: 'QAM supersedes a certificate',
    as: 'qam',
    role: 'qam',
    query: u('certificates', 'id', 'validity: SUPERSEDED'),
    variables: () => ({ id: w.certificate }),
    expect: { affected: 1 },
  },
  {
    name: 'QAM adds a practice user',
    as: 'qam',
    role: 'qam',
    query:
      'mutation($p: Int!, $u: Int!) { insert_practice_users_one(object: {practice_id: $p, user_id: $u, role: SU}) { id } }',
    variables: () => ({ p: w.practices.p1.id, u: w.users.newuser.id }),
    expect: { affected: 1 },
  },
  // users.email_digest: each user sets their own, as role user; nobody another's (decisions/notifications.md#digests).
  {
    name: 'decisions/notifications.md#digests: a user sets their own e-mail digest',
    as: 'pm',
    query: u('users', 'id', 'email_digest: "DAILY"'),
    variables: () => ({ id: w.users.pm.id }),
    expect: { affected: 1 },
    after: () => ["select email_digest = 'DAILY' as ok from users where id = $1", [w.users.pm.id]],
  },
  {
    name: "decisions/notifications.md#digests: a user cannot set another user's e-mail digest",
    as: 'pm',
    query: u('users', 'id', 'email_digest: "OFF"'),
    variables: () => ({ id: w.users.pmSingle.id }),
    expect: { affected: 0 },
    after: () => ["select email_digest = 'WEEKLY' as ok from users where id = $1", [w.users.pmSingle.id]],
  },
  {
    name: "decisions/notifications.md#digests: a QAM cannot set another user's e-mail digest as qam",
    as: 'qam',
    role: 'qam',
    query: u('users', 'id', 'email_digest: "OFF"'),
    variables: () => ({ id: w.users.pmSingle.id }),
    expect: { code: 'validation-failed' },
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
    stack = await startTestStack({ template: 'migrated' });
    w = await createPermissionWorld(stack.sql);
  });
  afterAll(async () => {
    await stack?.close();
  });

  // In order: later cases rely on earlier ones only where said (none depend on a refused one).
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const result = await stack.gql({ ...w.users[c.as], role: c.role }, c.query, c.variables?.());
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
      w.users.pm,
      `{ documents(where: {id: {_eq: ${w.documents.p2}}}) { id } }`,
    );
    const qam = await stack.gql<{ documents: unknown[] }>(
      { ...w.users.qam, role: 'qam' },
      `{ documents(where: {id: {_eq: ${w.documents.p2}}}) { id archived } }`,
    );
    expect(pm.data?.documents).toEqual([]);
    expect(qam.data?.documents).toEqual([{ id: w.documents.p2, archived: true }]);
  });

  it('renames a document as checkDocumentRename says, name by name (trimmed, same extension, 255)', async () => {
    const pairs: Array<[string, string]> = [
      ['policy.pdf', '  Manual 2026.PDF '],
      ['policy.pdf', '\u00a0Manual\u3000'],
      ['policy.pdf', 'policy.html'],
      ['policy.pdf', 'policy'],
      ['policy.pdf', 'policy.'],
      ['policy.pdf', '.pdf'],
      ['policy.pdf', '   '],
      ['policy.pdf', `${'a'.repeat(251)}.pdf`],
      ['policy.pdf', `${'a'.repeat(252)}.pdf`],
      ['scan.tar.gz', 'scan 2.GZ'],
      ['notes', 'minutes'],
      ['notes', 'notes.pdf'],
    ];
    for (const [current, next] of pairs) {
      const { id } = await createDocument(stack.sql, w.practices.p2.id, { name: current });
      const result = await stack.gql<{ update_documents_by_pk: { name: string } | null }>(
        w.users.pm,
        'mutation ($id: Int!, $n: String!) { update_documents_by_pk(pk_columns: {id: $id}, _set: {name: $n}) { name } }',
        { id, n: next },
      );
      const domain = checkDocumentRename(current, next);
      const stored = (await stack.sql.query('select name from documents where id = $1', [id])).rows[0].name;
      const label = JSON.stringify([current, next]);
      if (domain.ok) {
        expect(result.data?.update_documents_by_pk, label).toEqual({ name: domain.name });
        expect(stored, label).toBe(domain.name);
      } else {
        expect(result.errors?.[0], label).toMatchObject({
          message: `Check constraint violation. ${domain.message}`,
          extensions: { code: 'permission-error' },
        });
        expect(stored, label).toBe(current);
      }
    }
  });

  it('stops a visitor recording hours once they submitted the assessment', async () => {
    const hours = u('survey_visitors', 'id', 'hours_worked_after_visit: 1');
    const visitor = { id: w.visitors.visit3Surveyor };
    expect(outcome(await stack.gql(w.users.surveyor, hours, visitor))).toEqual({ affected: 1 });
    await stack.sql.query('insert into assessment_submissions (assessment_id, user_id) values ($1, $2)', [
      w.surveyAssessment,
      w.users.surveyor.id,
    ]);
    expect(outcome(await stack.gql(w.users.surveyor, hours, visitor))).toEqual({ affected: 0 });

    // A reopen withdraws the submission (kept, stamped): it no longer counts, so hours can be recorded again.
    await stack.sql.query(
      `update assessment_submissions set withdrawn_at = now(), withdrawn_by_id = $1
        where user_id = $1 and assessment_id = $2`,
      [w.users.surveyor.id, w.surveyAssessment],
    );
    expect(outcome(await stack.gql(w.users.surveyor, hours, visitor))).toEqual({ affected: 1 });
  });

  it('lets a PM read the invitation status of their staff, never the token', async () => {
    const status = await stack.gql<{ invitations: Array<{ status: string }> }>(
      w.users.pm,
      `{ invitations(where: {id: {_eq: ${w.invitation}}}) { status date_invited expires_at } }`,
    );
    expect(status.data?.invitations).toHaveLength(1);
    const token = await stack.gql(w.users.pm, '{ invitations { token_hash } }');
    expect(token.errors?.[0]?.extensions?.code).toBe('validation-failed');
    const other = await stack.gql<{ invitations: unknown[] }>(
      w.users.pmSingle,
      `{ invitations(where: {id: {_eq: ${w.invitation}}}) { id } }`,
    );
    expect(other.data?.invitations).toEqual([]);
  });
});
