import { derivePermissionFlags, hasPracticeAccess } from '@portal/domain';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import {
  backOfficeRoleOf,
  loadPracticeAccess,
  sessionUserId,
} from '../services/practices/practice-access.ts';
import { defineAction } from './define-action.ts';

/** The one answer for an unknown practice and for a practice the caller has no role on. */
export const NO_PRACTICE_ACCESS_MESSAGE = 'You do not have access to this practice.';

/**
 * `userPermissions(practiceId)`: the caller's permission flags on one practice (spec 000 §6,
 * 001 §6), with what they derive from, so the web can scope them to one survey visit
 * (`derivePermissionFlags(access, {surveyVisitId})`). The back-office part follows the request's
 * `x-hasura-role`; the admin secret without a user id counts as a provider admin.
 */
export const userPermissions = defineAction({
  name: 'userPermissions',
  input: z.object({ practiceId: z.number().int().positive() }),
  async handle({ app, session, input }) {
    const userId = sessionUserId(session);
    if (userId === null && session['x-hasura-role'] !== 'admin') throw new AppError('forbidden');
    const backOfficeRole = backOfficeRoleOf(session['x-hasura-role']);
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
