import { containsPattern, derivePermissionFlags, type TPracticeRole } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { type Caller, holdsFlagOnAnyPractice } from '../practices/practice-access.ts';

/** At most this many matches: the look-up fills a form, it is not a report. */
const LIMIT = 20;

interface StaffMatch {
  id: number;
  employment_type: string | null;
  email: string | null;
  first_name: string;
  fte_band: string | null;
  last_name: string;
  practice_id: number;
  qicpd: string | null;
  title: string | null;
  type: string;
  vr_status: string | null;
  cpr_expiry: string | null;
  registration_num: string | null;
  qa_cpd_num: string | null;
  verified: boolean;
}

/**
 * What a match of another practice hides until the number is typed in full: all but what
 * recognises the person (name, title, type). The number itself too, or the full number read off
 * a partial match would open the exact look-up.
 */
const PERSONAL_FIELDS = [
  'registration_num',
  'email',
  'employment_type',
  'fte_band',
  'qicpd',
  'qa_cpd_num',
  'cpr_expiry',
  'vr_status',
] as const satisfies ReadonlyArray<keyof StaffMatch>;

/** The practices whose staff the caller may change anyway (their own), or 'all' for QAMs and admins. */
async function practicesCallerManages(db: Queryable, caller: Caller): Promise<Set<number> | 'all'> {
  const noRoles = derivePermissionFlags({
    practiceRoles: [],
    backOfficeRole: caller.backOfficeRole,
    visitorOnSurveyVisitIds: [],
  });
  if (noRoles.practiceStaff.changeStaff) return 'all';
  const rows = await db.many<{ practice_id: number; roles: TPracticeRole[] }>(sql`
    select pu.practice_id, array_agg(distinct pu.role order by pu.role)::text[] as roles
      from public.practice_users pu join public.practices p on p.organisation_id = pu.practice_id
     where pu.user_id = ${caller.userId} and pu.active and p.active_status = 'ACTIVE'
     group by pu.practice_id`);
  const managed = rows.filter(
    (row) =>
      derivePermissionFlags({
        practiceRoles: row.roles,
        backOfficeRole: caller.backOfficeRole,
        visitorOnSurveyVisitIds: [],
      }).practiceStaff.changeStaff,
  );
  return new Set(managed.map((row) => row.practice_id));
}

const sameNumber = (a: string | null, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/**
 * `findStaffByRegistration(registrationNum)`: staff of ANY practice whose registration number
 * contains the text, case-insensitively (spec 000 §7), with the spec's field list, so a
 * practice manager adding a GP can reuse what another practice recorded. Only for callers who
 * hold practiceStaff.changeStaff somewhere (today: a practice manager of an active practice, a
 * QAM, an admin); others get an empty list. Archived rows are left out. At least 3 characters, so it cannot list the whole register.
 * Rows of practices the caller does not manage show only what recognises the person (name,
 * title, type) until the number is typed in full: three characters must not list other
 * practices' staff numbers, e-mails and employment details.
 */
export async function findStaffByRegistration(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: { registrationNum: string },
) {
  if (!(await holdsFlagOnAnyPractice(app.db, caller, (f) => f.practiceStaff.changeStaff))) return [];
  const pattern = containsPattern(input.registrationNum);
  const rows = await app.db.many<StaffMatch>(sql`
    select id, employment_type, email::text as email, first_name, fte_band, last_name, practice_id, qicpd, title,
           type, vr_status, to_char(cpr_expiry, 'YYYY-MM-DD') as cpr_expiry, registration_num, qa_cpd_num, verified
      from public.practice_staff
     where registration_num ilike ${pattern} and not archived
     order by registration_num, last_name, first_name, id
     limit ${LIMIT}`);
  const managed = await practicesCallerManages(app.db, caller);
  return rows.map((row) => {
    if (
      managed === 'all' ||
      managed.has(row.practice_id) ||
      sameNumber(row.registration_num, input.registrationNum)
    )
      return row;
    const masked: StaffMatch = { ...row };
    for (const field of PERSONAL_FIELDS) masked[field] = null;
    return masked;
  });
}
