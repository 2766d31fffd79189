/**
 * The permission matrix: which GraphQL operations each role has on each tracked table, and which
 * rows role `user` sees, written independently of the metadata so that the tests compare the two.
 * A table added to the metadata without a row here fails `permission-matrix.test.ts`.
 */

export const ROLES = ['user', 'qam', 'provider_admin'] as const;
export type Role = (typeof ROLES)[number];
export type Op = 'select' | 'insert' | 'update' | 'delete';

/** Letters of the operations a role has: s(elect) i(nsert) u(pdate) d(elete); '' = none. */
type Ops = string;
export interface MatrixRow {
  user: Ops;
  qam: Ops;
  provider_admin: Ops;
}

const READ_ONLY_FOR_ALL: MatrixRow = { user: 's', qam: 's', provider_admin: 's' };
const STANDARDS: MatrixRow = { user: 's', qam: 's', provider_admin: 'siu' };
const PRACTICE_DATA_BACK_OFFICE: MatrixRow = { user: 's', qam: 'siu', provider_admin: 'siu' };

export const ENUM_TABLES = [
  'accreditation_status',
  'active_status',
  'assessment_status',
  'assessment_type',
  'australian_state',
  'branch_or_main',
  'certificate_type',
  'certificate_validity',
  'comment_relationship',
  'compliance',
  'confirmation_form_status',
  'contact_type',
  'edition_status',
  'email_status',
  'employment_status',
  'employment_type',
  'folder_code',
  'fte_band',
  'indicator_set_type',
  'invite_status',
  'mmm_classification',
  'non_conformity_status',
  'organisation_structure',
  'person_title',
  'practice_role',
  'practice_status',
  'practice_type',
  'reapplication_status',
  'risk_level',
  'risk_rating',
  'staff_type',
  'surveyor_rate_classification',
  'visit_status',
  'visit_reason',
  'visit_type',
  'visitor_status',
  'vr_status',
];

/**
 * Assessment tables: their permissions follow the status table of spec 001 §6 and are tested by
 * `consistency*.test.ts` in this folder, not by this matrix.
 */
export const ASSESSMENT_TABLES = [
  'action_plan_activities',
  'assessment_counts',
  'assessment_status_changes',
  'assessment_submissions',
  'assessments',
  'comments',
  'confidentiality_signs',
  'general_comments',
  'indicator_locks',
  'indicator_responses',
  'review_history',
];

export const MATRIX: Record<string, MatrixRow> = {
  ...Object.fromEntries(ENUM_TABLES.map((t) => [t, READ_ONLY_FOR_ALL])),
  // A user changes their own names, title and phone through the updateAccount action, validated there;
  // role user updates only its own row's email_digest (docs/decisions/notifications.md#digests).
  users: { user: 'su', qam: 'su', provider_admin: 'siu' },
  surveyor_profiles: { user: 's', qam: 'siu', provider_admin: 'siu' },
  // Declared and archived through the conflict-of-interest actions, validated there.
  surveyor_conflicts: { user: 's', qam: 's', provider_admin: 's' },
  // A PM changes these only through the savePracticeDetails action, validated there.
  addresses: { user: 's', qam: 'siu', provider_admin: 'siu' },
  organisations: { user: 's', qam: 'siu', provider_admin: 'siu' },
  practice_networks: PRACTICE_DATA_BACK_OFFICE,
  practices: { user: 'su', qam: 'siu', provider_admin: 'siu' },
  practice_users: PRACTICE_DATA_BACK_OFFICE,
  contacts: { user: 'siu', qam: 'siu', provider_admin: 'siu' },
  survey_versions: STANDARDS,
  // Reference data: maintained in the admin console (its own grant: role console_grants, inherited by
  // provider_admin_console; hasura/metadata/inherited_roles.yaml).
  public_holidays: READ_ONLY_FOR_ALL,
  accreditations: { user: 'su', qam: 'siu', provider_admin: 'siu' },
  survey_visits: { user: 'su', qam: 'siu', provider_admin: 'siu' },
  survey_visitors: { user: 'su', qam: 'siu', provider_admin: 'siu' },
  // Role user states preferred days only through the savePreferredDays action.
  preferred_days: { user: 's', qam: 'siu', provider_admin: 'siu' },
  reapplications: PRACTICE_DATA_BACK_OFFICE,
  folders: PRACTICE_DATA_BACK_OFFICE,
  // Created by the upload action (the storage key never leaves the server).
  documents: { user: 'su', qam: 'su', provider_admin: 'su' },
  practice_staff: { user: 'siu', qam: 'siu', provider_admin: 'siu' },
  // Created and accepted by the invitation actions (the token is made and hashed there).
  invitations: { user: 's', qam: 'su', provider_admin: 'su' },
  indicator_sets: STANDARDS,
  indicators: STANDARDS,
  checklists: STANDARDS,
  checklist_items: STANDARDS,
  indicator_resources: STANDARDS,
  // Issued by the certify action; the back office may revoke or supersede (validity).
  certificates: { user: 's', qam: 'su', provider_admin: 'su' },
  email_outbox: { user: '', qam: '', provider_admin: 's' },
  // Fees received: written by recordPayment and the payment stand-in only.
  payments: { user: '', qam: 's', provider_admin: 's' },
  // What the web app only logs (POST /api/utils/log writes it); the provider admin reads it.
  client_logs: { user: '', qam: '', provider_admin: 's' },
  // The choice lists that are data and the provider's settings: served by GET /api/static/choices,
  // changed in the admin console (console_grants; docs/decisions/practices-and-staff.md#choice-lists).
  choice_items: { user: '', qam: '', provider_admin: 's' },
  provider_settings: { user: '', qam: '', provider_admin: 's' },
  // The notification centre: each user reads and marks read their own (written by the actions service).
  notifications: { user: 'su', qam: 'su', provider_admin: 'su' },
  // The back office reads the history panels (docs/decisions/audit-trail.md); also through the
  // function audit_history.
  audit_log: { user: '', qam: 's', provider_admin: 's' },
};

export function has(row: MatrixRow, role: Role, op: Op): boolean {
  return row[role].includes(op[0]!);
}

/** Columns no role may read or filter on: only the admin secret (and the actions service) sees them. */
export const SECRET_COLUMNS = [
  'password_hash',
  'totp_secret',
  'passkey_public_key',
  'code_hash',
  'token_hash',
  'refresh_token_hash',
  'storage_key',
  'avatar_key',
  'failed_login_count',
  'locked_until',
  'text_body',
  'html_body',
];

/** Tables that are not tracked at all: only the actions service reads them. */
export const UNTRACKED_SECRET_TABLES = [
  'sessions',
  'password_resets',
  'login_attempts',
  'pending_registrations',
  'assistance_requests',
  'webinar_connections',
  'registration_lookups',
  'session_handoffs',
  'user_factors',
  'user_recovery_codes',
  'sign_in_challenges',
  'webauthn_challenges',
  'account_security_events',
  'user_identities',
  'sso_sign_in_requests',
  'user_devices',
];

/** Practices on which user `$1` holds a role (PM or SU): an active row on an ACTIVE practice. */
const MINE = `(select pu.practice_id from practice_users pu join practices p on p.organisation_id = pu.practice_id
  where pu.user_id = $1 and pu.active and p.active_status = 'ACTIVE')`;

const byPractice = (table: string) => `select id from ${table} where practice_id in ${MINE}`;

/**
 * The key column and the rows role `user` (user id `$1`) may read, for every table it selects
 * from, as SQL over the database. Reference data is everyone's.
 */
export const VISIBLE_TO_USER: Record<string, { key: string; sql: string }> = {
  ...Object.fromEntries(ENUM_TABLES.map((t) => [t, { key: 'value', sql: `select value as id from ${t}` }])),
  users: {
    key: 'id',
    sql: `select id from users where id = $1 or is_qam or is_admin
      or id in (select user_id from practice_users where practice_id in ${MINE})
      or id in (select user_id from practice_staff where practice_id in ${MINE})
      or id in (select user_id from contacts where practice_id in ${MINE})
      or id in (select sv.user_id from survey_visitors sv join survey_visits v on v.id = sv.survey_visit_id
                join accreditations a on a.id = v.accreditation_id where a.practice_id in ${MINE})`,
  },
  surveyor_profiles: {
    key: 'user_id',
    sql: 'select user_id as id from surveyor_profiles where user_id = $1',
  },
  addresses: {
    key: 'id',
    sql: `select a.id from addresses a where exists (select 1 from organisations o where o.id in ${MINE}
      and a.id in (o.physical_address_id, o.postal_address_id, o.billing_address_id))`,
  },
  organisations: { key: 'id', sql: `select id from organisations where id in ${MINE}` },
  practice_networks: {
    key: 'id',
    sql: `select distinct network_id as id from practices where organisation_id in ${MINE} and network_id is not null`,
  },
  practices: {
    key: 'organisation_id',
    sql: `select organisation_id as id from practices where organisation_id in ${MINE}`,
  },
  practice_users: { key: 'id', sql: byPractice('practice_users') },
  contacts: { key: 'id', sql: byPractice('contacts') },
  survey_versions: { key: 'id', sql: 'select id from survey_versions' },
  public_holidays: { key: 'day', sql: 'select day::text as id from public_holidays' },
  accreditations: { key: 'id', sql: byPractice('accreditations') },
  survey_visits: {
    key: 'id',
    sql: `select v.id from survey_visits v join accreditations a on a.id = v.accreditation_id
      where a.practice_id in ${MINE} or exists (select 1 from survey_visitors sv where sv.survey_visit_id = v.id and sv.user_id = $1)`,
  },
  survey_visitors: {
    key: 'id',
    sql: `select sv.id from survey_visitors sv join survey_visits v on v.id = sv.survey_visit_id
      join accreditations a on a.id = v.accreditation_id where sv.user_id = $1 or a.practice_id in ${MINE}`,
  },
  preferred_days: { key: 'id', sql: 'select id from preferred_days where user_id = $1' },
  notifications: { key: 'id', sql: 'select id from notifications where user_id = $1' },
  surveyor_conflicts: { key: 'id', sql: 'select id from surveyor_conflicts where user_id = $1' },
  reapplications: { key: 'id', sql: byPractice('reapplications') },
  folders: {
    key: 'id',
    sql: `select id from folders where not archived and (practice_id is null or practice_id in ${MINE})`,
  },
  documents: {
    key: 'id',
    sql: `select id from documents where practice_id in ${MINE} and not archived and uploaded_at is not null`,
  },
  practice_staff: { key: 'id', sql: byPractice('practice_staff') },
  invitations: { key: 'id', sql: byPractice('invitations') },
  indicator_sets: { key: 'id', sql: 'select id from indicator_sets' },
  indicators: { key: 'id', sql: 'select id from indicators' },
  checklists: { key: 'id', sql: 'select id from checklists' },
  checklist_items: { key: 'id', sql: 'select id from checklist_items' },
  indicator_resources: {
    key: 'id',
    sql: `select id from indicator_resources where not archived and (
      (for_pm and exists (select 1 from practice_users where user_id = $1 and role = 'PM' and active))
      or (for_surveyor and exists (select 1 from users u where u.id = $1 and (u.is_surveyor
        or exists (select 1 from practice_users where user_id = $1 and role = 'SU' and active)))))`,
  },
  certificates: {
    key: 'id',
    sql: `select id from certificates where validity = 'VALID' and practice_id in ${MINE}`,
  },
};
