import {
  derivePermissionFlags,
  type TBackOfficeRole,
  type TPermissionFlags,
  type TPracticeRole,
} from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Actor, Queryable } from '../../plugins/app/db.ts';

/** The caller of an action: their user id, the request's Hasura role and its back-office part. */
export interface Caller {
  userId: number;
  role: string;
  backOfficeRole: TBackOfficeRole | null;
  actor: Actor;
}

/** Who called, from the Hasura session variables; actions here need a signed-in user. */
export function callerOf(session: Record<string, string>): Caller {
  const raw = session['x-hasura-user-id'];
  if (!raw || !/^\d+$/.test(raw)) throw new AppError('forbidden');
  const role = session['x-hasura-role'] ?? 'user';
  const backOfficeRole: TBackOfficeRole | null =
    role === 'qam' ? 'qam' : role === 'provider_admin' ? 'provider_admin' : null;
  const userId = Number(raw);
  return { userId, role, backOfficeRole, actor: { userId, role } };
}

/**
 * The caller's permission flags on a practice (spec 000 §6 as decided: the flag table of
 * `@portal/domain`), from their active practice roles on an ACTIVE practice and the request's
 * back-office role. Undefined when the practice does not exist.
 */
export async function practiceFlagsOf(
  db: Queryable,
  caller: Caller,
  practiceId: number,
): Promise<TPermissionFlags | undefined> {
  const practice = await db.maybeOne<{ active: boolean }>(
    sql`select active_status = 'ACTIVE' as active from public.practices where organisation_id = ${practiceId}`,
  );
  if (!practice) return undefined;
  const roles = practice.active
    ? await db.many<{ role: TPracticeRole }>(sql`
        select distinct role from public.practice_users
         where practice_id = ${practiceId} and user_id = ${caller.userId} and active`)
    : [];
  return derivePermissionFlags({
    practiceRoles: roles.map((r) => r.role),
    backOfficeRole: caller.backOfficeRole,
    visitorOnSurveyVisitIds: [],
  });
}

/**
 * Refuses unless the caller holds the flag on the practice. An unknown practice and one the
 * caller cannot see answer the same, so ids cannot be probed.
 */
export async function requirePracticeFlag(
  db: Queryable,
  caller: Caller,
  practiceId: number,
  allowed: (flags: TPermissionFlags) => boolean,
): Promise<void> {
  const flags = await practiceFlagsOf(db, caller, practiceId);
  if (!flags || !(flags.practiceStaff.viewStaff || flags.practice.changePractice)) {
    throw new AppError('not_found', { message: 'There is no such practice.' });
  }
  if (!allowed(flags)) throw new AppError('forbidden');
}
