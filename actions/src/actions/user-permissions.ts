import {
  derivePermissionFlags,
  hasPracticeAccess,
  type TBackOfficeRole,
  type TPracticeAccess,
  type TPracticeRole,
} from '@portal/domain';
import { z } from 'zod';
import { sql } from '../db/sql.ts';
import { AppError } from '../errors/app-error.ts';
import type { Queryable } from '../plugins/app/db.ts';
import { defineAction } from './define-action.ts';

/** The one answer for an unknown practice and for a practice the caller has no role on. */
export const NO_PRACTICE_ACCESS_MESSAGE = 'You do not have access to this practice.';

/**
 * The back-office role of the request: the session's `x-hasura-role`, so the flags describe
 * exactly what the GraphQL permissions of that same role allow. Hasura's admin secret counts as
 * a provider admin.
 */
function backOfficeRoleOf(role: string | undefined): TBackOfficeRole | null {
  if (role === 'qam') return 'qam';
  if (role === 'provider_admin' || role === 'admin') return 'provider_admin';
  return null;
}

/**
 * Who the user is on the practice: active practice_users roles (only on an ACTIVE practice) and
 * the non-archived survey visits of the practice they are an ACCEPTED visitor on. Undefined when
 * the practice does not exist.
 */
async function loadPracticeAccess(
  db: Queryable,
  practiceId: number,
  userId: number | null,
  backOfficeRole: TBackOfficeRole | null,
): Promise<TPracticeAccess | undefined> {
  const practice = await db.maybeOne<{ active: boolean }>(
    sql`select active_status = 'ACTIVE' as active from practices where organisation_id = ${practiceId}`,
  );
  if (!practice) return undefined;
  if (userId === null) return { practiceRoles: [], backOfficeRole, visitorOnSurveyVisitIds: [] };
  const roles = practice.active
    ? await db.many<{ role: TPracticeRole }>(
        sql`select distinct role from practice_users
             where practice_id = ${practiceId} and user_id = ${userId} and active
             order by role`,
      )
    : [];
  const visits = await db.many<{ id: number }>(
    sql`select v.id from survey_visits v
          join accreditations a on a.id = v.accreditation_id
          join survey_visitors sv on sv.survey_visit_id = v.id
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

/**
 * `userPermissions(practiceId)`: the caller's permission flags on one practice (spec 000 §6,
 * 001 §6), with what they derive from, so the web can scope them to one survey visit
 * (`derivePermissionFlags(access, {surveyVisitId})`).
 */
export const userPermissions = defineAction({
  name: 'userPermissions',
  input: z.object({ practiceId: z.number().int().positive() }),
  async handle({ app, session, input }) {
    const backOfficeRole = backOfficeRoleOf(session['x-hasura-role']);
    const rawUserId = session['x-hasura-user-id'];
    const userId = rawUserId && /^\d+$/.test(rawUserId) ? Number(rawUserId) : null;
    if (userId === null && session['x-hasura-role'] !== 'admin') throw new AppError('forbidden');
    const access = await loadPracticeAccess(app.db, input.practiceId, userId, backOfficeRole);
    if (!access || !hasPracticeAccess(access)) {
      throw new AppError('forbidden', { message: NO_PRACTICE_ACCESS_MESSAGE });
    }
    return {
      practiceId: input.practiceId,
      practiceRoles: access.practiceRoles,
      backOfficeRole: access.backOfficeRole,
      visitorOnSurveyVisitIds: access.visitorOnSurveyVisitIds,
      ...derivePermissionFlags(access),
    };
  },
});
