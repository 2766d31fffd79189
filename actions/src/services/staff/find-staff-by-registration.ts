import {
  containsPattern,
  derivePermissionFlags,
  isProviderAcceptedPractice,
  REGISTRATION_LOOKUP_MAX_MISSING,
  REGISTRATION_LOOKUP_MESSAGES,
  REGISTRATION_LOOKUPS_PER_HOUR,
  type TPracticeRole,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { Caller } from '../practices/practice-access.ts';

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

/**
 * Whose registers the caller's look-up reaches: 'all' for the back office (QAMs and admins change
 * every practice's staff anyway); for a practice manager the practices where they may change staff
 * (every field of those), and whether one of them is a practice the provider has taken on, which
 * alone opens the other practices' registers. Null: the caller may change no staff anywhere.
 */
async function lookupScope(
  db: Queryable,
  caller: Caller,
): Promise<'all' | { managed: number[]; acrossPractices: boolean } | null> {
  const noRoles = derivePermissionFlags({
    practiceRoles: [],
    backOfficeRole: caller.backOfficeRole,
    visitorOnSurveyVisitIds: [],
  });
  if (noRoles.practiceStaff.changeStaff) return 'all';
  const rows = await db.many<{ practice_id: number; status: string; roles: TPracticeRole[] }>(sql`
    select pu.practice_id, p.status, array_agg(distinct pu.role order by pu.role)::text[] as roles
      from public.practice_users pu join public.practices p on p.organisation_id = pu.practice_id
     where pu.user_id = ${caller.userId} and pu.active and p.active_status = 'ACTIVE'
     group by pu.practice_id, p.status`);
  const managed = rows.filter(
    (row) =>
      derivePermissionFlags({
        practiceRoles: row.roles,
        backOfficeRole: caller.backOfficeRole,
        visitorOnSurveyVisitIds: [],
      }).practiceStaff.changeStaff,
  );
  if (managed.length === 0) return null;
  return {
    managed: managed.map((row) => row.practice_id),
    acrossPractices: managed.some((row) => isProviderAcceptedPractice(row.status)),
  };
}

/**
 * Counts a practice manager's look-up against REGISTRATION_LOOKUPS_PER_HOUR, in the database so
 * every replica shares it; one look-up of a user at a time, so the limit holds for parallel
 * requests. Over the limit: `rate_limited`, and the refused look-up is not counted.
 */
async function countLookup(db: FastifyInstance['db'], userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.many(sql`select pg_advisory_xact_lock(hashtext('registration-lookup'), ${userId})`);
    const recent = await tx.one<{ count: number }>(sql`
      select count(*)::integer as count from public.registration_lookups
       where user_id = ${userId} and looked_up_at > now() - interval '1 hour'`);
    if (recent.count >= REGISTRATION_LOOKUPS_PER_HOUR) {
      throw new AppError('rate_limited', { message: REGISTRATION_LOOKUP_MESSAGES.tooMany });
    }
    await tx.many(sql`insert into public.registration_lookups (user_id) values (${userId})`);
  });
}

const sameNumber = (a: string | null, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/**
 * `findStaffByRegistration(registrationNum)`: staff whose registration number contains the text,
 * case-insensitively (spec 000 §7), with the spec's field list, so a practice manager adding a GP
 * can reuse what another practice recorded. For callers who hold practiceStaff.changeStaff
 * somewhere (a practice manager of an active practice, a QAM, an admin); others get an empty list.
 * Archived rows are left out; at least REGISTRATION_LOOKUP_MIN_LENGTH characters (the schema).
 *
 * A practice manager's look-ups are counted (REGISTRATION_LOOKUPS_PER_HOUR). Their own
 * practices' staff match in full. Other practices' staff only when one of their practices is one
 * the provider has taken on (not a new application), and then: by name only while at most
 * REGISTRATION_LOOKUP_MAX_MISSING characters of the number are missing (nothing for shorter
 * text, which would tell a character at a time what a number holds), with every field once the
 * number is typed in full.
 */
export async function findStaffByRegistration(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: { registrationNum: string },
) {
  const scope = await lookupScope(app.db, caller);
  if (!scope) return [];
  if (scope !== 'all') await countLookup(app.db, caller.userId);
  const typed = input.registrationNum.trim();
  const everywhere = scope === 'all';
  const managed = scope === 'all' ? [] : scope.managed;
  const acrossPractices = scope !== 'all' && scope.acrossPractices;
  const rows = await app.db.many<StaffMatch>(sql`
    select id, employment_type, email::text as email, first_name, fte_band, last_name, practice_id, qicpd, title,
           type, vr_status, to_char(cpr_expiry, 'YYYY-MM-DD') as cpr_expiry, registration_num, qa_cpd_num, verified
      from public.practice_staff
     where registration_num ilike ${containsPattern(typed)} and not archived
       and (${everywhere}::boolean
            or practice_id = any(${managed}::integer[])
            or (${acrossPractices}::boolean
                and char_length(btrim(registration_num)) <= ${typed.length + REGISTRATION_LOOKUP_MAX_MISSING}))
     order by registration_num, last_name, first_name, id
     limit ${LIMIT}`);
  return rows.map((row) => {
    if (everywhere || managed.includes(row.practice_id) || sameNumber(row.registration_num, typed))
      return row;
    const masked: StaffMatch = { ...row };
    for (const field of PERSONAL_FIELDS) masked[field] = null;
    return masked;
  });
}
