import {
  backOfficeRoleOf,
  derivePermissionFlags,
  hasPracticeAccess,
  type TBackOfficeRole,
  type TPermissionFlags,
  type TPracticeAccess,
  type TPracticeRole,
} from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Actor, Queryable } from '../../plugins/app/db.ts';

/**
 * Authorisation of every action, in one place: who the caller is on a practice
 * (`loadPracticeAccess`) and what that lets them do (`derivePermissionFlags` of
 * `@portal/domain`, the one flag table). No action decides from roles itself.
 */

/** The caller of an action: their user id, the request's Hasura role and its back-office part. */
export interface Caller {
  userId: number;
  role: string;
  backOfficeRole: TBackOfficeRole | null;
  actor: Actor;
}

/**
 * The back-office role of the request is the session's `x-hasura-role` (`backOfficeRoleOf` of
 * @portal/domain), so the flags describe exactly what the GraphQL permissions of that same role
 * allow.
 */
export { backOfficeRoleOf };

/** The session's user id, or null when there is none (the admin secret without a user). */
export function sessionUserId(session: Record<string, string>): number | null {
  const raw = session['x-hasura-user-id'];
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}

/** Who called, from the Hasura session variables; these actions need a signed-in user. */
export function callerOf(session: Record<string, string>): Caller {
  const userId = sessionUserId(session);
  if (userId === null) throw new AppError('forbidden');
  const role = session['x-hasura-role'] ?? 'user';
  return { userId, role, backOfficeRole: backOfficeRoleOf(role), actor: { userId, role } };
}

/**
 * The caller of a REST route (bearer token): the user and their default Hasura role, whose
 * back-office part is what GraphQL would grant them too.
 */
export function callerOfUser(user: { id: number; role: string }): Caller {
  return {
    userId: user.id,
    role: user.role,
    backOfficeRole: backOfficeRoleOf(user.role),
    actor: { userId: user.id, role: user.role },
  };
}

/**
 * Who the user is on the practice: active practice_users roles (only on an ACTIVE practice), the
 * request's back-office role, and the non-archived survey visits of the practice they are an
 * ACCEPTED visitor on. Undefined when the practice does not exist.
 */
export async function loadPracticeAccess(
  db: Queryable,
  practiceId: number,
  userId: number | null,
  backOfficeRole: TBackOfficeRole | null,
): Promise<TPracticeAccess | undefined> {
  const practice = await db.maybeOne<{ active: boolean }>(
    sql`select active_status = 'ACTIVE' as active from public.practices where organisation_id = ${practiceId}`,
  );
  if (!practice) return undefined;
  if (userId === null) return { practiceRoles: [], backOfficeRole, visitorOnSurveyVisitIds: [] };
  const roles = practice.active
    ? await db.many<{ role: TPracticeRole }>(
        sql`select distinct role from public.practice_users
             where practice_id = ${practiceId} and user_id = ${userId} and active
             order by role`,
      )
    : [];
  const visits = await db.many<{ id: number }>(
    sql`select v.id from public.survey_visits v
          join public.accreditations a on a.id = v.accreditation_id
          join public.survey_visitors sv on sv.survey_visit_id = v.id
         where a.practice_id = ${practiceId} and not v.archived
           and sv.user_id = ${userId} and sv.status = 'ACCEPTED'
         order by v.id`,
  );
  return {
    practiceRoles: roles.map((row) => row.role),
    backOfficeRole,
    visitorOnSurveyVisitIds: visits.map((row) => row.id),
  };
}

const NO_SUCH_PRACTICE = 'There is no such practice.';
const NO_SUCH_STAFF_MEMBER = 'There is no such staff member.';

/**
 * The caller's flags on a practice, refusing unless they hold the one asked for. An unknown
 * practice and one the caller has no access to answer the same (`notFoundMessage`), so ids
 * cannot be probed; access without the flag is `forbidden`.
 */
export async function requirePracticeFlag(
  db: Queryable,
  caller: Caller,
  practiceId: number,
  allowed: (flags: TPermissionFlags) => boolean,
  notFoundMessage = NO_SUCH_PRACTICE,
): Promise<TPermissionFlags> {
  const access = await loadPracticeAccess(db, practiceId, caller.userId, caller.backOfficeRole);
  if (!access || !hasPracticeAccess(access)) throw new AppError('not_found', { message: notFoundMessage });
  const flags = derivePermissionFlags(access);
  if (!allowed(flags)) throw new AppError('forbidden');
  return flags;
}

/**
 * The practice of a live (not archived) staff row, once the caller is known to hold the flag
 * there. A missing row and a row of a practice the caller cannot see answer the same.
 */
export async function requireStaffFlag(
  db: Queryable,
  caller: Caller,
  staffId: number,
  allowed: (flags: TPermissionFlags) => boolean,
): Promise<number> {
  const row = await db.maybeOne<{ practice_id: number }>(
    sql`select practice_id from public.practice_staff where id = ${staffId} and not archived`,
  );
  if (!row) throw new AppError('not_found', { message: NO_SUCH_STAFF_MEMBER });
  await requirePracticeFlag(db, caller, row.practice_id, allowed, NO_SUCH_STAFF_MEMBER);
  return row.practice_id;
}

/**
 * Whether the caller holds a flag on at least one practice: the union of their practice roles
 * over every ACTIVE practice, with the request's back-office role (for look-ups that are not
 * about one practice, such as the registration-number search).
 */
export async function holdsFlagOnAnyPractice(
  db: Queryable,
  caller: Caller,
  allowed: (flags: TPermissionFlags) => boolean,
): Promise<boolean> {
  const roles = await db.many<{ role: TPracticeRole }>(sql`
    select distinct pu.role from public.practice_users pu
      join public.practices p on p.organisation_id = pu.practice_id
     where pu.user_id = ${caller.userId} and pu.active and p.active_status = 'ACTIVE'`);
  return allowed(
    derivePermissionFlags({
      practiceRoles: roles.map((r) => r.role),
      backOfficeRole: caller.backOfficeRole,
      visitorOnSurveyVisitIds: [],
    }),
  );
}
