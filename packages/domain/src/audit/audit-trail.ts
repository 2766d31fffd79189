/**
 * The audit trail panels (docs/decisions/audit-trail.md): who may read a record's history, what a
 * history entry says (the fields that changed, old → new, with labels people read), and who made
 * it. Pure: the actions service reads `audit_log` through `public.audit_history(subject, id)` and
 * sends `TAuditEntry` rows; the panel turns each into `TAuditChange`s with these functions.
 */
import { ADMIN_CONSOLE_ROLE } from '../admin-console/admin-console.ts';
import { RISK_RATING_LABELS } from '../assessments/risk-matrix.ts';
import type { TBackOfficeRole } from '../permissions/permission-flags.ts';

/**
 * The records that have a history; the SQL function `audit_history` knows the same five. A user's
 * history is their account row, their sign-in factors and their two-factor sign-in events.
 */
export const AUDIT_SUBJECTS = ['practice', 'staff', 'assessment', 'response', 'user'] as const;
export type TAuditSubject = (typeof AUDIT_SUBJECTS)[number];

/** Entries per page of a history panel ('Load more' asks for the next 20). */
export const AUDIT_PAGE_SIZE = 20;
/** A text value longer than this shows shortened, with 'Show more'. */
export const AUDIT_TEXT_PREVIEW_CHARACTERS = 120;

/** Only the back office (QAM, provider admin) reads history; practice users and surveyors do not. */
export function canReadAuditTrail(access: { backOfficeRole: TBackOfficeRole | null }): boolean {
  return access.backOfficeRole !== null;
}

export type TAuditOperation = 'INSERT' | 'UPDATE' | 'DELETE';
type TJsonRow = Record<string, unknown>;

/** One audit_log row as the route sends it, with the acting user's name when there is one. */
export interface TAuditEntry {
  id: number;
  tableName: string;
  rowId: string | null;
  operation: TAuditOperation;
  oldData: TJsonRow | null;
  newData: TJsonRow | null;
  changedAt: string;
  changedById: number | null;
  changedByRole: string | null;
  changedByName: string | null;
}

/** One page of a record's history, newest first, with the names of the users its values name. */
export interface TAuditPage {
  entries: TAuditEntry[];
  hasMore: boolean;
  /** Display names by user id, for the values of AUDIT_USER_FIELDS. */
  people: Record<string, string>;
}

/** Fields whose value is a user's id: shown as the user's name. */
export const AUDIT_USER_FIELDS: ReadonlySet<string> = new Set([
  'qam_id',
  'user_id',
  'verified_by_id',
  'changed_by_id',
  'archived_by_id',
  'certified_by_id',
  'reviewed_by_id',
  'assigned_to_id',
]);

/** The user ids an entry's values name (for the route to look their names up). */
export function auditUserIds(entry: Pick<TAuditEntry, 'oldData' | 'newData'>): number[] {
  const ids = new Set<number>();
  for (const row of [entry.oldData, entry.newData])
    for (const [field, value] of Object.entries(row ?? {}))
      if (AUDIT_USER_FIELDS.has(field) && typeof value === 'number') ids.add(value);
  return [...ids];
}

/** Book-keeping columns a reader learns nothing from (the entry's own time and user say it). */
export const AUDIT_HIDDEN_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'updated_at',
  'created_at',
  'updated_by_id',
  'created_by_id',
  'search_text',
  'storage_key',
  'password_hash',
  'refresh_token_hash',
  'token_hash',
]);
/** Per table, fields the record's own panel already says (its parent's id, a status row's own who and when). */
export const AUDIT_TABLE_HIDDEN_FIELDS: Readonly<Record<string, readonly string[]>> = {
  assessment_status_changes: ['assessment_id', 'changed_by_id', 'changed_at'],
  indicator_responses: ['assessment_id', 'indicator_id'],
  practice_staff: ['practice_id'],
  user_factors: ['user_id'],
  account_security_events: ['user_id'],
  accreditations: ['practice_id'],
  practices: ['organisation_id'],
};

/** Fields shown first, in this order, when an entry has them; the others follow as the row has them. */
const FIELD_ORDER = [
  'name',
  'title',
  'first_name',
  'last_name',
  'status',
  'from_status',
  'to_status',
  'reason',
];

/** Stamps of who last touched the row and when (`last_updated_by_id`, `updated_at`, …). */
const STAMP = /^(last_)?(updated|created)_(at|by_id)$/;

/** Whether a field stays out of the panel: book-keeping and stamps. */
export function isAuditFieldHidden(field: string): boolean {
  return AUDIT_HIDDEN_FIELDS.has(field) || STAMP.test(field);
}

/** What each audited table is called on screen. */
export const AUDIT_TABLE_LABELS: Readonly<Record<string, string>> = {
  practices: 'Practice',
  organisations: 'Organisation',
  addresses: 'Address',
  accreditations: 'Accreditation',
  practice_staff: 'Staff member',
  assessments: 'Assessment',
  assessment_status_changes: 'Status change',
  indicator_responses: 'Indicator response',
  users: 'Account',
  user_factors: 'Sign-in factor',
  account_security_events: 'Two-factor sign-in',
};

/** Labels of the common fields where snake_case → words would read wrongly. */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  abn: 'ABN',
  is_staff_first_view: 'Staff tab introduction shown',
  is_first_view: 'Introduction shown',
  is_marked_complete: 'Marked complete',
  refer_to_ca: 'Referred to CA',
  current_accreditation_id: 'Current accreditation (no.)',
  survey_visit_id: 'Survey visit (no.)',
  verified_by_id: 'Verified by',
  cpr_expiry: 'CPR expiry',
  vr_status: 'VR status',
  qicpd: 'QI&CPD program',
  qa_cpd_num: 'QA CPD number',
  fte_band: 'FTE band',
  acn: 'ACN',
  phn: 'PHN',
  pip_id: 'PIP ID',
  mmm: 'MMM classification',
  ahpra_number: 'AHPRA number',
  is_amds: 'AMDS',
  is_branch: 'Branch',
  is_in_practice_network: 'In a practice network',
  meets_gp_definition: 'Meets the GP definition',
  network_id: 'Network',
  qam_id: 'QAM',
  practice_id: 'Practice',
  organisation_id: 'Organisation',
  physical_address_id: 'Physical address',
  postal_address_id: 'Postal address',
  billing_address_id: 'Billing address',
  accreditation_id: 'Accreditation',
  assessment_id: 'Assessment',
  indicator_id: 'Indicator',
  user_id: 'User',
  changed_by_id: 'Changed by',
  address1: 'Address line 1',
  address2: 'Address line 2',
  ext_date: 'Extended to',
  nc_status: 'Non-conformity status',
  non_conformity_status: 'Non-conformity status',
  non_compliance_statement: 'Non-compliance statement',
  non_compliance_type: 'Non-compliance type',
  fte: 'FTE',
  active_status: 'Active',
  from_status: 'From status',
  to_status: 'To status',
};

/** 'physical_address_id' → 'Physical address'; the label map first, then snake_case → words. */
export function auditFieldLabel(field: string): string {
  const known = AUDIT_FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/_id$/, '').replace(/^is_/, '').replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : field;
}

/** 'practice_staff' → 'Staff member'; unknown tables read as words. */
export function auditTableLabel(table: string): string {
  return AUDIT_TABLE_LABELS[table] ?? auditFieldLabel(table);
}

/** One field of an entry: its value before and after (null when absent). */
export interface TAuditChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Fields whose values are codes of an enum table (IN_PROGRESS): shown as words (In progress). */
const CODED = /(^|_)(status|compliance|type|rating|likelihood|impact|reason)$/;
const CODE = /^[A-Z][A-Z0-9_]+$/;

/** How values are read: the names of the users they name, the reader's time zone. */
export interface TAuditValueContext {
  people?: Readonly<Record<string, string>>;
  timeZone?: string;
}

/** A field's value as text: a user's name for a user id, words for an enum code, else `formatAuditValue`. */
export function formatAuditField(
  field: string,
  value: unknown,
  context: TAuditValueContext = {},
): string | null {
  if (AUDIT_USER_FIELDS.has(field) && typeof value === 'number')
    return context.people?.[String(value)] ?? `User ${value}`;
  if (field === 'risk_rating' && typeof value === 'string' && value in RISK_RATING_LABELS)
    return RISK_RATING_LABELS[value as keyof typeof RISK_RATING_LABELS];
  if (CODED.test(field) && typeof value === 'string' && CODE.test(value)) return auditStatusLabel(value);
  return formatAuditValue(value, context.timeZone);
}

/** A value as text: blank for none, Yes/No, ISO dates and times as dd/MM/yyyy (HH:mm), JSON as JSON. */
export function formatAuditValue(value: unknown, timeZone?: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object' && Object.keys(value).length === 0) return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatAuditDate(value);
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatAuditDateTime(value, timeZone);
    return value;
  }
  return JSON.stringify(value);
}

function formatAuditDate(wire: string): string {
  const [y, m, d] = wire.split('-');
  return `${d}/${m}/${y}`;
}

/** An instant as dd/MM/yyyy HH:mm in the reader's time zone (or the one given). */
export function formatAuditDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-AU', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/**
 * The fields an entry shows: for an UPDATE only those whose value changed (book-keeping fields
 * hidden); for a created or archived/deleted row the fields it had that carry a value.
 */
export function auditChanges(
  entry: Pick<TAuditEntry, 'operation' | 'oldData' | 'newData'> & { tableName?: string },
  context: TAuditValueContext = {},
): TAuditChange[] {
  const before = entry.oldData ?? {};
  const after = entry.newData ?? {};
  const tableHidden = AUDIT_TABLE_HIDDEN_FIELDS[entry.tableName ?? ''] ?? [];
  const rank = (field: string) => {
    const index = FIELD_ORDER.indexOf(field);
    return index === -1 ? FIELD_ORDER.length : index;
  };
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => !isAuditFieldHidden(field) && !tableHidden.includes(field))
    .sort((a, b) => rank(a) - rank(b));
  const changes: TAuditChange[] = [];
  for (const field of fields) {
    if (entry.operation === 'UPDATE' && same(before[field], after[field])) continue;
    const change = {
      field,
      label: auditFieldLabel(field),
      before: entry.operation === 'INSERT' ? null : formatAuditField(field, before[field], context),
      after: entry.operation === 'DELETE' ? null : formatAuditField(field, after[field], context),
    };
    if (change.before === null && change.after === null) continue;
    changes.push(change);
  }
  return changes;
}

/** Whether an UPDATE archives the row (archived false → true, or active_status → ARCHIVED). */
function archives(entry: Pick<TAuditEntry, 'oldData' | 'newData'>): boolean {
  const before = entry.oldData ?? {};
  const after = entry.newData ?? {};
  return (
    (before.archived === false && after.archived === true) ||
    (before.active_status !== 'ARCHIVED' && after.active_status === 'ARCHIVED')
  );
}

/** The entry's headline: 'Practice changed', 'Staff member created', 'Accreditation archived'. */
export function auditSummary(
  entry: Pick<TAuditEntry, 'tableName' | 'operation' | 'oldData' | 'newData'>,
): string {
  const what = auditTableLabel(entry.tableName);
  if (entry.tableName === 'assessment_status_changes' && entry.operation === 'INSERT') {
    const to = entry.newData?.to_status;
    return typeof to === 'string' ? `Status changed to ${auditStatusLabel(to)}` : 'Status changed';
  }
  if (entry.operation === 'INSERT') return `${what} created`;
  if (entry.operation === 'DELETE') return `${what} deleted`;
  if (archives(entry)) return `${what} archived`;
  return `${what} changed`;
}

/** 'ACTION_REQUIRED' → 'Action required'. */
export function auditStatusLabel(status: string): string {
  const words = status.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ROLE_LABELS: Readonly<Record<string, string>> = {
  user: 'Portal user',
  qam: 'QAM',
  provider_admin: 'Provider admin',
  // The console's own role (docs/decisions/admin-console.md); `admin` in older rows, and for the
  // admin secret.
  [ADMIN_CONSOLE_ROLE]: 'Admin console',
  admin: 'Admin console',
};

/**
 * Who made the change, as shown: 'Jo Smith (QAM)'; 'Admin console' for a change made with the
 * admin secret and no user; 'System' when no session set a user (migrations, jobs, the actions
 * service without a caller).
 */
export function auditActorLabel(
  entry: Pick<TAuditEntry, 'changedById' | 'changedByRole' | 'changedByName'>,
): string {
  const role = entry.changedByRole
    ? (ROLE_LABELS[entry.changedByRole] ?? auditStatusLabel(entry.changedByRole))
    : null;
  if (entry.changedById === null) return role === 'Admin console' ? role : 'System';
  const name = entry.changedByName?.trim() || `User ${entry.changedById}`;
  return role ? `${name} (${role})` : name;
}

/** A long text's preview: the first AUDIT_TEXT_PREVIEW_CHARACTERS and '…', or null when short. */
export function auditPreview(text: string): string | null {
  return text.length > AUDIT_TEXT_PREVIEW_CHARACTERS
    ? `${text.slice(0, AUDIT_TEXT_PREVIEW_CHARACTERS).trimEnd()}…`
    : null;
}

/** The most entries one may skip ('Load more' 500 times): a history is read, not crawled. */
export const AUDIT_MAX_OFFSET = 10_000;

export const AUDIT_MESSAGES = {
  forbidden: 'Only the back office (QAM and provider admin) can read the history of a record.',
  loadFailed: 'The history could not be loaded. Try again.',
  empty: 'No changes have been recorded yet.',
} as const;
