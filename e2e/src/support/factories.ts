import { practiceStaffPath } from '@portal/domain';
import {
  addPracticeRole,
  createInvitation,
  createPractice as createPracticeRow,
  createUser as createUserRow,
  type UserOverrides,
} from '@portal/testkit/factories';
import type pg from 'pg';

/**
 * Factories for the browser tests: each test makes the users, practices, cycles and staff it
 * needs, straight in the stack's database (`stack.sql`), rather than leaning on the demo data's
 * ids, people and lists. The stack still starts from the demo data (`npm start` does), but no
 * journey depends on it, except sign-in.test.ts where it checks where each demo account lands.
 * The rows of users, practices, roles and invitations come from the actions service's factories
 * (`packages/testkit/src/factories.ts`); what only the screens need is filled in here.
 * Dates are whole days from the portal's today (`public.portal_today()`), negative in the past.
 */

export { addPracticeRole, createInvitation };

let counter = 0;
/** A short text unique within a test file (one process, one database), for names that must not clash. */
export const unique = (): string => `${Date.now().toString(36).slice(-4)}${(counter++).toString(36)}`;

/** A user a test signs in as: the password is known, the name is what the header shows. */
export interface TestUser {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** First and last name, as the account menu names them. */
  name: string;
}

/** Inserts an active user (default: no back-office role, no practice) with a known password. */
export async function createUser(sql: pg.Pool, overrides: UserOverrides = {}): Promise<TestUser> {
  const firstName = overrides.firstName ?? 'Alex';
  const lastName = overrides.lastName ?? 'Tester';
  const user = await createUserRow(sql, { ...overrides, firstName, lastName });
  return { ...user, firstName, lastName, name: `${firstName} ${lastName}` };
}

/** Inserts a practice network (a corporate group); its name is unique. */
export async function createNetwork(sql: pg.Pool, name = `Network ${unique()}`) {
  const { rows } = await sql.query<{ id: number }>(
    'insert into public.practice_networks (name) values ($1) returning id',
    [name],
  );
  return { id: rows[0]!.id, name };
}

export interface PracticeOverrides {
  name?: string;
  street?: string;
  suburb?: string;
  /** An australian_state value: NSW, VIC, QLD, … */
  state?: string;
  postcode?: string;
  abn?: string | null;
  networkId?: number | null;
  /** practice_status: APPLICATION, PAYMENT_PENDING, IN_PROGRESS (default), ACCREDITED, … */
  status?: string;
  activeStatus?: 'ACTIVE' | 'INACTIVE';
  /** The Staff tab's first-visit introduction shows (default false: dismissed, the register shows). */
  staffFirstView?: boolean;
}

export interface TestPractice {
  id: number;
  name: string;
  suburb: string;
  state: string;
}

/**
 * Inserts a practice with its organisation's details and physical address, as a practice that
 * went through the add form has them (so its details form saves as it is).
 */
export async function createPractice(sql: pg.Pool, overrides: PracticeOverrides = {}): Promise<TestPractice> {
  const { id, name } = await createPracticeRow(sql, {
    name: overrides.name,
    activeStatus: overrides.activeStatus,
  });
  const suburb = overrides.suburb ?? 'Surry Hills';
  const state = overrides.state ?? 'NSW';
  const address = await sql.query<{ id: number }>(
    `insert into public.addresses (street, suburb, state, postcode) values ($1, $2, $3, $4) returning id`,
    [overrides.street ?? '12 Crown Street', suburb, state, overrides.postcode ?? '2010'],
  );
  await sql.query(
    `update public.organisations
        set legal_entity_name = name || ' Pty Ltd', abn = $2, structure = 'COMPANY',
            email = 'reception@practice.demo.test', phone = '02 9360 4411',
            physical_address_id = $3, postal_address_id = $3, billing_address_id = $3
      where id = $1`,
    [id, overrides.abn === undefined ? '53004085616' : overrides.abn, address.rows[0]!.id],
  );
  const networkId = overrides.networkId ?? null;
  await sql.query(
    `update public.practices
        set status = $2, network_id = $3, is_in_practice_network = $3::int is not null,
            practice_type = 'GENERAL_PRACTICE', mmm = 'MM1', meets_gp_definition = true,
            is_staff_first_view = $4, is_documents_first_view = false,
            first_application_started_date = public.portal_today() - 400,
            doctor_head_count = 4, doctor_max_count = 6, nurse_head_count = 2, nurse_max_count = 3,
            support_staff_head_count = 3, support_staff_max_count = 4
      where organisation_id = $1`,
    [id, overrides.status ?? 'IN_PROGRESS', networkId, overrides.staffFirstView ?? false],
  );
  return { id, name, suburb, state };
}

/** Inserts a user who manages (PM) each of `practices`. */
export async function createPracticeManager(
  sql: pg.Pool,
  practices: ReadonlyArray<{ id: number }>,
  overrides: UserOverrides = {},
): Promise<TestUser> {
  const manager = await createUser(sql, overrides);
  for (const practice of practices) await addPracticeRole(sql, practice.id, manager.id, 'PM');
  return manager;
}

export interface AccreditationOverrides {
  status?: 'OPEN' | 'CLOSED';
  qamId?: number | null;
  /** Days from today to the expiry (null: none yet). */
  expiresIn?: number | null;
  /** Days from today to the extended expiry, when an extension was granted. */
  extendedTo?: number | null;
  selfAssessmentDueIn?: number | null;
  surveyVisitDueIn?: number | null;
}

/** Inserts an accreditation cycle; the newest one is the practice's current cycle. */
export async function createAccreditation(
  sql: pg.Pool,
  practiceId: number,
  overrides: AccreditationOverrides = {},
): Promise<{ id: number }> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.accreditations
       (practice_id, status, qam_id, application_date, expiry_date, ext_date, self_assessment_due,
        survey_visit_due, is_first_view)
     values ($1, $2, $3, public.portal_today() - 200, public.portal_today() + $4::int, public.portal_today() + $5::int,
             public.portal_today() + $6::int, public.portal_today() + $7::int, false)
     returning id`,
    [
      practiceId,
      overrides.status ?? 'OPEN',
      overrides.qamId ?? null,
      overrides.expiresIn ?? null,
      overrides.extendedTo ?? null,
      overrides.selfAssessmentDueIn ?? null,
      overrides.surveyVisitDueIn ?? null,
    ],
  );
  return { id: rows[0]!.id };
}

const CONTACT_COLUMNS = {
  ACCREDITATION: 'nominated_accreditation_contact_id',
  GP: 'nominated_gp_contact_id',
  NURSE: 'nominated_nurse_contact_id',
  SUPPORT: 'nominated_support_contact_id',
} as const;

/** Saves a person as a contact of the practice and nominates them on the cycle for `kind`. */
export async function nominateContact(
  sql: pg.Pool,
  practiceId: number,
  accreditationId: number,
  kind: keyof typeof CONTACT_COLUMNS,
  person: { firstName: string; lastName: string; email?: string | null; userId?: number; phone?: string },
): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.contacts (practice_id, first_name, last_name, type, user_id, email, phone)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      practiceId,
      person.firstName,
      person.lastName,
      kind,
      person.userId ?? null,
      person.email ?? null,
      person.phone ?? null,
    ],
  );
  const id = rows[0]!.id;
  await sql.query(`update public.accreditations set ${CONTACT_COLUMNS[kind]} = $2 where id = $1`, [
    accreditationId,
    id,
  ]);
  return id;
}

/** Inserts a renewal (reapplication) of a practice: DUE by default, due in 30 days. */
export async function createReapplication(
  sql: pg.Pool,
  practiceId: number,
  overrides: { accreditationId?: number; status?: 'DUE' | 'PAYMENT_PENDING'; dueIn?: number } = {},
): Promise<{ id: number }> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.reapplications (practice_id, accreditation_id, status, due_date)
     values ($1, $2, $3, public.portal_today() + $4::int) returning id`,
    [practiceId, overrides.accreditationId ?? null, overrides.status ?? 'DUE', overrides.dueIn ?? 30],
  );
  return { id: rows[0]!.id };
}

export interface SurveyVisitOverrides {
  type?: 'ACCREDITATION' | 'SURVEILLANCE' | 'RELOCATION' | 'GAP';
  /** visit_status: PLANNING (default), PREFERRED_DAYS_REQ, DRAFT, FINAL. */
  status?: string;
  /** Days from today to the visit (null: not booked). */
  dateIn?: number | null;
  dueIn?: number | null;
  /** NOT_SENT (default), SENT (a confirmation is due from the practice), RECEIVED. */
  confirmationFormStatus?: 'NOT_SENT' | 'SENT' | 'RECEIVED';
  /** A value of visit_reason (e.g. FOLLOW_UP), shown as its label. */
  reasonForVisit?: string | null;
  /** Surveyors on the visit: ACCEPTED unless said otherwise; the first is the lead. */
  visitors?: ReadonlyArray<{ userId: number; status?: 'OFFERED' | 'ACCEPTED' | 'DECLINED' }>;
}

/** Inserts a survey visit of a cycle and its surveyors. */
export async function createSurveyVisit(
  sql: pg.Pool,
  accreditationId: number,
  overrides: SurveyVisitOverrides = {},
): Promise<{ id: number }> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.survey_visits (accreditation_id, type, status, date, due, confirmation_form_status, reason_for_visit)
     values ($1, $2, $3, public.portal_today() + $4::int, public.portal_today() + $5::int, $6, $7) returning id`,
    [
      accreditationId,
      overrides.type ?? 'ACCREDITATION',
      overrides.status ?? 'PLANNING',
      overrides.dateIn ?? null,
      overrides.dueIn ?? null,
      overrides.confirmationFormStatus ?? 'NOT_SENT',
      overrides.reasonForVisit ?? null,
    ],
  );
  const id = rows[0]!.id;
  for (const [index, visitor] of (overrides.visitors ?? []).entries()) {
    await sql.query(
      `insert into public.survey_visitors (survey_visit_id, user_id, status, is_lead) values ($1, $2, $3, $4)`,
      [id, visitor.userId, visitor.status ?? 'ACCEPTED', index === 0],
    );
  }
  return { id };
}

export interface StaffOverrides {
  title?: string;
  firstName?: string;
  lastName?: string;
  /** staff_type: gp (default), nurse, support, allied_health, other. */
  type?: string;
  registration?: string | null;
  email?: string | null;
  hoursPerWeek?: number | null;
  verified?: boolean;
  userId?: number | null;
}

export interface TestStaffMember {
  id: number;
  firstName: string;
  lastName: string;
  /** First and last name, as the register's buttons name the row ('Edit <name>'). */
  name: string;
  email: string | null;
  registration: string | null;
}

const REGISTRATION_PREFIX: Record<string, string> = { gp: 'MED9', nurse: 'NMW9', allied_health: 'PHY9' };
/** A registration number no demo row has (theirs start MED0, NMW0, PHY0), unique within the run. */
const registrationFor = (type: string) => {
  const prefix = REGISTRATION_PREFIX[type];
  if (!prefix) return null;
  const digits = `${Date.now()}${counter++}`.slice(-9).padStart(9, '0');
  return `${prefix}${digits}`;
};

/** Inserts a complete, active row of a practice's staff register (a row that saves as it is). */
export async function createStaffMember(
  sql: pg.Pool,
  practiceId: number,
  overrides: StaffOverrides = {},
): Promise<TestStaffMember> {
  const type = overrides.type ?? 'gp';
  const gp = type === 'gp';
  const firstName = overrides.firstName ?? 'Sam';
  const lastName = overrides.lastName ?? `Staff${unique()}`;
  const email =
    overrides.email === undefined
      ? `${firstName}.${lastName}@practice.demo.test`.toLowerCase()
      : overrides.email;
  const registration = overrides.registration === undefined ? registrationFor(type) : overrides.registration;
  const verified = overrides.verified ?? false;
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.practice_staff
       (practice_id, title, first_name, last_name, type, registration_num, employment_type, start_date,
        employment_status, email, vr_status, hours_per_week, fte_band, cpr_expiry, qicpd, qa_cpd_num, phone,
        verified, verified_at, user_id)
     values ($1, $2, $3, $4, $5, $6, 'EMPLOYEE', public.portal_today() - 700, 'ACTIVE', $7, $8, $9, 'FTE_50_75',
             public.portal_today() + 300, $10, $11, '0423 314 400', $12, case when $12 then now() end, $13)
     returning id`,
    [
      practiceId,
      overrides.title ?? (gp ? 'DR' : 'MS'),
      firstName,
      lastName,
      type,
      registration,
      email,
      gp ? 'VR' : null,
      overrides.hoursPerWeek === undefined ? 24 : overrides.hoursPerWeek,
      gp ? 'RACGP' : null,
      gp ? '501358' : null,
      verified,
      overrides.userId ?? null,
    ],
  );
  return { id: rows[0]!.id, firstName, lastName, name: `${firstName} ${lastName}`, email, registration };
}

const DOCUMENT_COLUMNS = {
  cpr: 'cpr_evidence_document_id',
  cpd: 'cpd_evidence_document_id',
  training: 'training_evidence_document_id',
  primaryQualification: 'primary_qualification_document_id',
  secondaryQualification: 'secondary_qualification_document_id',
} as const;

/**
 * Records an uploaded document in the provider's Staff documents folder and puts it on a staff
 * row as its `kind` of evidence. Only the record: no object is stored for it.
 */
export async function createStaffDocument(
  sql: pg.Pool,
  practiceId: number,
  staffId: number,
  kind: keyof typeof DOCUMENT_COLUMNS,
  name = `${kind} evidence ${unique()}.pdf`,
): Promise<{ id: number; name: string }> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.documents (practice_id, folder_id, name, storage_key, file_size, file_type, uploaded_at)
     select $1::int, f.id, $2::text, 'practices/' || $1::int || '/' || gen_random_uuid() || '.pdf', 183137,
            'application/pdf', now()
       from public.folders f where f.code = 'STAFF_DOCUMENTS' and f.practice_id is null and not f.archived
     returning id`,
    [practiceId, name],
  );
  const id = rows[0]!.id;
  await sql.query(`update public.practice_staff set ${DOCUMENT_COLUMNS[kind]} = $2 where id = $1`, [
    staffId,
    id,
  ]);
  return { id, name };
}

/** A practice's own document folder (visible, not hidden while empty unless told). */
export async function createFolder(
  sql: pg.Pool,
  practiceId: number,
  name: string,
  overrides: { sortOrder?: number; emptyHidden?: boolean } = {},
): Promise<{ id: number; name: string }> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.folders (practice_id, name, sort_order, empty_hidden) values ($1, $2, $3, $4) returning id`,
    [practiceId, name, overrides.sortOrder ?? 0, overrides.emptyHidden ?? false],
  );
  return { id: rows[0]!.id, name };
}

/**
 * A practice ready for the Staff tab's journeys: its manager, a current open cycle (the nominated
 * contacts hang on it: the manager for accreditation, the nurse for nursing) and a register of
 * five people of every kind the journeys need, with e-mail addresses of the practice's domain.
 */
export async function createStaffedPractice(
  sql: pg.Pool,
  overrides: { practice?: PracticeOverrides; manager?: UserOverrides; emailDomain?: string } = {},
) {
  const practice = await createPractice(sql, { name: 'Kingfisher Family Practice', ...overrides.practice });
  const manager = await createPracticeManager(sql, [practice], {
    firstName: 'Maria',
    lastName: 'Santos',
    ...overrides.manager,
  });
  const accreditation = await createAccreditation(sql, practice.id, {
    expiresIn: 300,
    selfAssessmentDueIn: 45,
    surveyVisitDueIn: 150,
  });
  const domain = overrides.emailDomain ?? 'kingfisher-gp.demo.test';
  const member = (person: StaffOverrides & { firstName: string; lastName: string }) =>
    createStaffMember(sql, practice.id, {
      email: `${person.firstName}.${person.lastName}@${domain}`.toLowerCase(),
      ...person,
    });
  const staff = {
    /** A verified GP. */
    verifiedGp: await member({ title: 'DR', firstName: 'Leon', lastName: 'Marsh', verified: true }),
    /** A GP not verified yet, with no account and no invitation. */
    gp: await member({ title: 'PROF', firstName: 'Olga', lastName: 'Petrakis' }),
    /** A verified nurse. */
    nurse: await member({
      firstName: 'Jack',
      lastName: 'Okonjo',
      type: 'nurse',
      verified: true,
      hoursPerWeek: 40,
    }),
    support: await member({
      title: 'MRS',
      firstName: 'Erin',
      lastName: 'Walsh',
      type: 'support',
      verified: true,
    }),
    other: await member({ firstName: 'Noel', lastName: 'Young', type: 'other' }),
  };
  await nominateContact(sql, practice.id, accreditation.id, 'ACCREDITATION', {
    firstName: manager.firstName,
    lastName: manager.lastName,
    userId: manager.id,
    phone: '0413 109 200',
  });
  await nominateContact(sql, practice.id, accreditation.id, 'NURSE', {
    firstName: staff.nurse.firstName,
    lastName: staff.nurse.lastName,
    email: staff.nurse.email,
    phone: '0413 111 202',
  });
  return {
    practice,
    manager,
    accreditation,
    staff,
    /** The practice's Staff tab. */
    staffPath: practiceStaffPath(practice.id),
  };
}
