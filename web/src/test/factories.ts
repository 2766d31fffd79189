import { createGeneralResource } from '@portal/testkit/document-factories';
import {
  addPracticeRole,
  addSurveyVisitor,
  createGeneralComment,
  createInvitation,
  createPractice,
  createUser,
  type InvitationOverrides,
} from '@portal/testkit/factories';
import type pg from 'pg';

/**
 * Factories of the web component tests: each test file makes the people, practices, cycles,
 * visits, renewals, contacts and staff it needs through these (on an empty database, see
 * `useRealStack`), never the demo seeds. They build on the actions service's factories; every one
 * takes overrides, and dates are days from the portal's today (`public.portal_today()`).
 */

export {
  addPracticeRole,
  addSurveyVisitor,
  createGeneralComment,
  createGeneralResource,
  createInvitation,
  createUser,
};

/** A created account: its id and the e-mail and password it signs in with. */
export type TestUser = Awaited<ReturnType<typeof createUser>>;

let counter = 0;
/** A number no other call of this module returns, for unique names, e-mails and registrations. */
const next = () => `${process.pid % 1000}${Date.now() % 100_000}${counter++}`;

export interface AddressSpec {
  unit?: string | null;
  street?: string | null;
  suburb?: string | null;
  state?: string | null;
  postcode?: string | null;
}

async function createAddress(sql: pg.Pool, address: AddressSpec): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into addresses (unit, street, suburb, state, postcode) values ($1, $2, $3, $4, $5) returning id`,
    [
      address.unit ?? null,
      address.street ?? null,
      address.suburb ?? null,
      address.state ?? null,
      address.postcode ?? null,
    ],
  );
  return rows[0]!.id;
}

/** A practice network (the list's Network column and filter). */
export async function createNetwork(sql: pg.Pool, name = `Network ${next()}`) {
  const { rows } = await sql.query<{ id: number }>(
    'insert into practice_networks (name) values ($1) returning id',
    [name],
  );
  return { id: rows[0]!.id, name };
}

export interface PracticeSpec {
  name?: string;
  /** `practices.status`; APPLICATION when not given. */
  status?: 'APPLICATION' | 'PAYMENT_PENDING' | 'IN_PROGRESS' | 'ACCREDITED';
  activeStatus?: 'ACTIVE' | 'INACTIVE';
  /** The physical address; none when not given. */
  address?: AddressSpec;
  network?: { id: number };
  /** Whether the Staff tab opens on the register rather than on the first-view intro. */
  staffIntroSeen?: boolean;
  /** The "Renewal payment received" message waits for the practice's manager. */
  renewalPaymentMessage?: boolean;
  /** Staff numbers of the practice details: `practices.<key>` (e.g. `doctor_head_count`). */
  counts?: Partial<
    Record<`${'doctor' | 'nurse' | 'allied_health' | 'support_staff'}_${'head' | 'max'}_count`, number>
  >;
  /** Practice managers (active PM role). */
  managers?: readonly TestUser[];
  /** Surveyors on the practice (active SU role). */
  surveyors?: readonly TestUser[];
}

/** An organisation and its practice, with address, network, flags and people as asked. */
export async function createPracticeWith(sql: pg.Pool, spec: PracticeSpec = {}) {
  const practice = await createPractice(sql, {
    name: spec.name ?? `Practice ${next()}`,
    activeStatus: spec.activeStatus,
  });
  if (spec.address) {
    await sql.query('update organisations set physical_address_id = $2 where id = $1', [
      practice.id,
      await createAddress(sql, spec.address),
    ]);
  }
  const counts = Object.entries(spec.counts ?? {});
  await sql.query(
    `update practices set status = $2, network_id = $3, is_in_practice_network = $3::int is not null,
            is_staff_first_view = $4, show_message_after_renewal_payment = $5
            ${counts.map(([column], i) => `, ${column} = $${i + 6}`).join('')}
      where organisation_id = $1`,
    [
      practice.id,
      spec.status ?? 'APPLICATION',
      spec.network?.id ?? null,
      !spec.staffIntroSeen,
      spec.renewalPaymentMessage ?? false,
      ...counts.map(([, value]) => value),
    ],
  );
  for (const user of spec.managers ?? []) await addPracticeRole(sql, practice.id, user.id, 'PM');
  for (const user of spec.surveyors ?? []) await addPracticeRole(sql, practice.id, user.id, 'SU');
  return practice;
}

export interface AccreditationSpec {
  status?: 'OPEN' | 'CLOSED';
  qam?: { id: number };
  /** Days from today; none when not given. */
  expiresIn?: number;
  /** The extension's date, days from today. */
  extendedTo?: number;
  selfAssessmentDueIn?: number;
  surveyVisitDueIn?: number;
}

/** An accreditation cycle of the practice; the latest one becomes its current cycle. */
export async function createAccreditation(sql: pg.Pool, practiceId: number, spec: AccreditationSpec = {}) {
  const { rows } = await sql.query<{ id: number }>(
    `insert into accreditations (practice_id, status, qam_id, application_date, expiry_date, ext_date,
                                 self_assessment_due, survey_visit_due)
     values ($1, $2, $3, public.portal_today() - 200, public.portal_today() + $4::int, public.portal_today() + $5::int,
             public.portal_today() + $6::int, public.portal_today() + $7::int)
     returning id`,
    [
      practiceId,
      spec.status ?? 'OPEN',
      spec.qam?.id ?? null,
      spec.expiresIn ?? null,
      spec.extendedTo ?? null,
      spec.selfAssessmentDueIn ?? null,
      spec.surveyVisitDueIn ?? null,
    ],
  );
  return rows[0]!.id;
}

export interface SurveyVisitSpec {
  type?: 'ACCREDITATION' | 'SURVEILLANCE' | 'RELOCATION' | 'GAP';
  status?: 'PLANNING' | 'PREFERRED_DAYS_REQ' | 'DRAFT' | 'FINAL';
  /** The visit's date, days from today. */
  dateIn?: number;
  dueIn?: number;
  /** reason_for_visit: a value of visit_reason (e.g. FOLLOW_UP). */
  reason?: string;
  confirmationFormStatus?: 'NOT_SENT' | 'SENT' | 'RECEIVED';
  /** Surveyors on the visit (the first one leads), each ACCEPTED unless told. */
  visitors?: ReadonlyArray<{ user: { id: number }; status?: 'OFFERED' | 'ACCEPTED' | 'DECLINED' }>;
}

/** A survey visit of an accreditation cycle, with its visitors. */
export async function createSurveyVisit(sql: pg.Pool, accreditationId: number, spec: SurveyVisitSpec = {}) {
  const { rows } = await sql.query<{ id: number }>(
    `insert into survey_visits (accreditation_id, type, status, date, due, reason_for_visit, confirmation_form_status)
     values ($1, $2, $3, public.portal_today() + $4::int, public.portal_today() + $5::int, $6, $7) returning id`,
    [
      accreditationId,
      spec.type ?? 'ACCREDITATION',
      spec.status ?? 'PLANNING',
      spec.dateIn ?? null,
      spec.dueIn ?? null,
      spec.reason ?? null,
      spec.confirmationFormStatus ?? 'NOT_SENT',
    ],
  );
  const id = rows[0]!.id;
  for (const [index, visitor] of (spec.visitors ?? []).entries()) {
    await sql.query(
      'insert into survey_visitors (survey_visit_id, user_id, status, is_lead) values ($1, $2, $3, $4)',
      [id, visitor.user.id, visitor.status ?? 'ACCEPTED', index === 0],
    );
  }
  return id;
}

/** A renewal (reapplication) of the practice. */
export async function createReapplication(
  sql: pg.Pool,
  practiceId: number,
  spec: { status?: 'DUE' | 'PAYMENT_PENDING' | 'COMPLETED'; dueIn?: number; accreditationId?: number } = {},
) {
  const { rows } = await sql.query<{ id: number }>(
    `insert into reapplications (practice_id, accreditation_id, status, due_date)
     values ($1, $2, $3, public.portal_today() + $4::int) returning id`,
    [practiceId, spec.accreditationId ?? null, spec.status ?? 'DUE', spec.dueIn ?? 30],
  );
  return rows[0]!.id;
}

export interface ContactSpec {
  firstName: string;
  lastName: string;
  type?: 'ACCREDITATION' | 'GP' | 'NURSE' | 'SUPPORT';
  userId?: number;
  email?: string;
  phone?: string;
}

/** A contact of the practice (what a nominated contact points at). */
export async function createContact(sql: pg.Pool, practiceId: number, spec: ContactSpec) {
  const { rows } = await sql.query<{ id: number }>(
    `insert into contacts (practice_id, first_name, last_name, type, user_id, email, phone)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      practiceId,
      spec.firstName,
      spec.lastName,
      spec.type ?? null,
      spec.userId ?? null,
      spec.email ?? null,
      spec.phone ?? null,
    ],
  );
  return rows[0]!.id;
}

/** Points the cycle's nominated contacts at the given contact ids. */
export async function nominateContacts(
  sql: pg.Pool,
  accreditationId: number,
  contacts: { accreditation?: number; gp?: number; nurse?: number; support?: number },
) {
  await sql.query(
    `update accreditations set nominated_accreditation_contact_id = $2, nominated_gp_contact_id = $3,
            nominated_nurse_contact_id = $4, nominated_support_contact_id = $5
      where id = $1`,
    [
      accreditationId,
      contacts.accreditation ?? null,
      contacts.gp ?? null,
      contacts.nurse ?? null,
      contacts.support ?? null,
    ],
  );
}

export interface StaffSpec {
  firstName: string;
  lastName: string;
  type?: 'gp' | 'nurse' | 'support' | 'allied_health' | 'other';
  title?: string;
  registrationNum?: string | null;
  employmentType?: 'EMPLOYEE' | 'CONTRACTOR' | 'OWNER';
  /** Days before today. */
  startedDaysAgo?: number;
  email?: string | null;
  phone?: string | null;
  hoursPerWeek?: number;
  /** Days from today. */
  cprExpiresIn?: number;
  /** Verified by this user (stamped now). */
  verifiedBy?: { id: number };
  /** The staff member's own account. */
  userId?: number;
}

/**
 * A complete, valid staff register row (what the register can edit and save as it is): a GP has
 * a registration number, VR status and QI/CPD program; a nurse a registration number.
 */
export async function createStaffMember(sql: pg.Pool, practiceId: number, spec: StaffSpec) {
  const type = spec.type ?? 'nurse';
  const n = next().slice(-8).padStart(8, '0');
  const registration =
    spec.registrationNum !== undefined
      ? spec.registrationNum
      : type === 'gp'
        ? `MED9${n}`
        : type === 'nurse'
          ? `NMW9${n}`
          : null;
  const { rows } = await sql.query<{ id: number }>(
    `insert into practice_staff (practice_id, title, first_name, last_name, type, registration_num, employment_type,
                                 start_date, employment_status, email, vr_status, hours_per_week, fte_band, cpr_expiry,
                                 qicpd, qa_cpd_num, phone, verified, verified_at, verified_by_id, user_id)
     values ($1, $2, $3, $4, $5, $6, $7, public.portal_today() - $8::int, 'ACTIVE', $9, $10, $11, 'FTE_50_75',
             public.portal_today() + $12::int, $13, $14, $15, $16::int is not null, case when $16::int is not null then now() end,
             $16, $17)
     returning id`,
    [
      practiceId,
      spec.title ?? (type === 'gp' ? 'DR' : 'MS'),
      spec.firstName,
      spec.lastName,
      type,
      registration,
      spec.employmentType ?? 'EMPLOYEE',
      spec.startedDaysAgo ?? 400,
      spec.email === undefined
        ? `${spec.firstName}.${spec.lastName}.${next()}@staff.test`.toLowerCase()
        : spec.email,
      type === 'gp' ? 'VR' : null,
      spec.hoursPerWeek ?? 24,
      spec.cprExpiresIn ?? 400,
      type === 'gp' ? 'RACGP' : null,
      type === 'gp' ? `5${n.slice(-5)}` : null,
      spec.phone === undefined ? '0422 309 403' : spec.phone,
      spec.verifiedBy?.id ?? null,
      spec.userId ?? null,
    ],
  );
  return rows[0]!.id;
}

/** The provider's folder with this code (every practice has it), made when the database has none. */
export async function providerFolder(sql: pg.Pool, code = 'STAFF_DOCUMENTS', name = 'Staff documents') {
  const found = await sql.query<{ id: number }>(
    'select id from folders where practice_id is null and code = $1 and not archived',
    [code],
  );
  if (found.rows[0]) return found.rows[0].id;
  const { rows } = await sql.query<{ id: number }>(
    'insert into folders (practice_id, name, code) values (null, $1, $2) returning id',
    [name, code],
  );
  return rows[0]!.id;
}

/** A folder: the provider's (every practice sees it) or, with `practiceId`, one practice's own. */
export async function createFolder(
  sql: pg.Pool,
  spec: {
    name?: string;
    practiceId?: number;
    code?: string;
    sortOrder?: number;
    visible?: boolean;
    emptyHidden?: boolean;
    archived?: boolean;
  } = {},
) {
  const name = spec.name ?? `Folder ${next()}`;
  const { rows } = await sql.query<{ id: number }>(
    `insert into folders (practice_id, name, code, sort_order, visible, empty_hidden, archived)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      spec.practiceId ?? null,
      name,
      spec.code ?? null,
      spec.sortOrder ?? 0,
      spec.visible ?? true,
      spec.emptyHidden ?? false,
      !!spec.archived,
    ],
  );
  return { id: rows[0]!.id, name };
}

/**
 * An uploaded document of the practice in a folder, optionally archived since, made
 * `createdMinutesAgo` (0 by default), of `fileSize` bytes (1000). Its object is not in storage.
 */
export async function createDocument(
  sql: pg.Pool,
  practiceId: number,
  spec: {
    folderId: number;
    name: string;
    createdBy: { id: number };
    archived?: boolean;
    createdMinutesAgo?: number;
    fileSize?: number;
    /** yyyy-MM-dd; today unless given. */
    effectiveDate?: string;
    /** yyyy-MM-dd; none unless given (or its folder's review period gives one). */
    reviewDate?: string;
  },
) {
  const { rows } = await sql.query<{ id: number }>(
    `insert into documents (practice_id, folder_id, name, storage_key, file_size, file_type, uploaded_at,
                            created_by_id, archived, archived_at, created_at, effective_date, review_date)
     values ($1, $2, $3, $4, $7, 'application/pdf', now(), $5, $6, case when $6 then now() end,
             now() - make_interval(mins => $8), coalesce($9::date, public.portal_today()), $10::date)
     returning id`,
    [
      practiceId,
      spec.folderId,
      spec.name,
      `practices/${practiceId}/${next()}.pdf`,
      spec.createdBy.id,
      !!spec.archived,
      spec.fileSize ?? 1000,
      spec.createdMinutesAgo ?? 0,
      spec.effectiveDate ?? null,
      spec.reviewDate ?? null,
    ],
  );
  return rows[0]!.id;
}

/**
 * An invitation to the practice (see the actions' `createInvitation`: its token travels in the
 * link), recorded as sent by `invitedBy` and as accepted by `acceptedBy` when given.
 */
export async function createInvitationFrom(
  sql: pg.Pool,
  practiceId: number,
  overrides: InvitationOverrides & { invitedBy?: { id: number }; acceptedBy?: { id: number } } = {},
) {
  const { invitedBy, acceptedBy, ...rest } = overrides;
  const invitation = await createInvitation(sql, practiceId, rest);
  await sql.query(
    `update invitations
        set invited_by_id = $2,
            status = case when $3::int is null then status else 'ACCEPTED' end,
            accepted_user_id = $3, responded_at = case when $3::int is null then responded_at else now() end
      where id = $1`,
    [invitation.id, invitedBy?.id ?? null, acceptedBy?.id ?? null],
  );
  return invitation;
}

/** A staff register row as the tests address it: its id and the name and e-mail it shows. */
export interface StaffRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

async function staffRow(sql: pg.Pool, practiceId: number, spec: StaffSpec & { email: string }) {
  return { id: await createStaffMember(sql, practiceId, spec), ...spec } as StaffRow;
}

/**
 * The practice of the staff tests (named after the demo's Riverbend), its Staff tab past the
 * first-view intro, an open cycle, and a register whose people each show one case:
 * - Mei Green: GP, owner, not verified; Isla Desai: GP, verified; Oscar Walker: GP, contractor;
 * - Sophie Scott: nurse, not verified, never invited; Ruby White: support staff, never invited;
 * - Rebecca Tan: nurse with an active account of her own (also a manager of the practice);
 * - Liam Wright: support staff who declined his invitation.
 * `manager` manages it and `surveyor`, when given, is a surveyor on it.
 */
export async function createStaffedPractice(
  sql: pg.Pool,
  people: { manager: TestUser; surveyor?: TestUser },
  spec: Pick<PracticeSpec, 'name' | 'renewalPaymentMessage'> = {},
) {
  const practice = await createPracticeWith(sql, {
    name: spec.name ?? 'Riverbend Medical Centre',
    status: 'IN_PROGRESS',
    staffIntroSeen: true,
    renewalPaymentMessage: spec.renewalPaymentMessage,
    managers: [people.manager],
    surveyors: people.surveyor ? [people.surveyor] : [],
  });
  const accreditationId = await createAccreditation(sql, practice.id, {
    selfAssessmentDueIn: -40,
    surveyVisitDueIn: 75,
    expiresIn: 400,
  });
  const rebeccaAccount = await createUser(sql, { firstName: 'Rebecca', lastName: 'Tan' });
  await addPracticeRole(sql, practice.id, rebeccaAccount.id, 'PM');
  const at = (first: string, last: string) => `${first}.${last}.${practice.id}@riverbend.test`.toLowerCase();
  const row = (spec: StaffSpec) =>
    staffRow(sql, practice.id, { ...spec, email: at(spec.firstName, spec.lastName) });
  const staff = {
    mei: await row({
      firstName: 'Mei',
      lastName: 'Green',
      type: 'gp',
      employmentType: 'OWNER',
      startedDaysAgo: 1022,
    }),
    isla: await row({
      firstName: 'Isla',
      lastName: 'Desai',
      type: 'gp',
      startedDaysAgo: 1159,
      verifiedBy: people.manager,
    }),
    oscar: await row({
      firstName: 'Oscar',
      lastName: 'Walker',
      type: 'gp',
      employmentType: 'CONTRACTOR',
      startedDaysAgo: 1296,
      verifiedBy: people.manager,
    }),
    sophie: await row({ firstName: 'Sophie', lastName: 'Scott', type: 'nurse', startedDaysAgo: 1433 }),
    rebecca: await staffRow(sql, practice.id, {
      firstName: 'Rebecca',
      lastName: 'Tan',
      type: 'nurse',
      email: rebeccaAccount.email,
      userId: rebeccaAccount.id,
      verifiedBy: people.manager,
    }),
    ruby: await row({ firstName: 'Ruby', lastName: 'White', type: 'support', verifiedBy: people.manager }),
    liam: await row({ firstName: 'Liam', lastName: 'Wright', type: 'support' }),
  };
  await createInvitation(sql, practice.id, {
    email: staff.liam.email,
    practiceStaffId: staff.liam.id,
    status: 'REJECTED',
  });
  return { practice, accreditationId, staff, rebeccaAccount };
}
