import type { TPracticeRole } from '../accounts/derive-user-flags.ts';
import { ADMIN_CONSOLE_ROLE } from '../admin-console/admin-console.ts';

/** The back-office Hasura roles; each sees every practice. */
export type TBackOfficeRole = 'qam' | 'provider_admin';

/**
 * Who a user is on one practice: their active practice roles there (on an ACTIVE practice), the
 * back-office role of the request, and the survey visits of the practice they are an accepted
 * visitor on.
 */
export interface TPracticeAccess {
  practiceRoles: readonly TPracticeRole[];
  backOfficeRole: TBackOfficeRole | null;
  visitorOnSurveyVisitIds: readonly number[];
}

/** The kinds of access the flag table has a column for. */
export type TAccessKind = 'practiceManager' | 'surveyor' | 'qam' | 'providerAdmin';

/** The per-practice permission flags (spec 001 §6, 000 §6), grouped as the web reads them. */
export interface TPermissionFlags {
  assessment: {
    changeSelfAssessmentUnderReview: boolean;
    changeSelfAssessmentComplete: boolean;
    changeSurveyInProgress: boolean;
    changeSurveyUnderReview: boolean;
    viewSurveyUnderReview: boolean;
    changeActionPlan: boolean;
    changeOtherSurveyorSummary: boolean;
    certifySurvey: boolean;
  };
  indicatorResponse: { addActivityToSurveyActionPlan: boolean };
  practiceStaff: { viewStaff: boolean; changeStaff: boolean; verifyStaff: boolean; inviteStaff: boolean };
  practice: { changePractice: boolean };
}

type Grant = Readonly<Record<TAccessKind, boolean>>;
const grant = (practiceManager: boolean, surveyor: boolean, qam: boolean, providerAdmin: boolean): Grant => ({
  practiceManager,
  surveyor,
  qam,
  providerAdmin,
});

/**
 * THE table: which kind of access receives each flag (docs/decisions/permission-flags.md).
 * Verification and review are the accreditor's independent acts, so practice managers never get
 * them; certification is the provider's. A surveyor's `changeSurveyInProgress` further needs them
 * to be a visitor on the visit (see `derivePermissionFlags`).
 */
export const PERMISSION_FLAG_TABLE: {
  readonly [G in keyof TPermissionFlags]: { readonly [F in keyof TPermissionFlags[G]]: Grant };
} = {
  assessment: {
    changeSelfAssessmentUnderReview: grant(false, false, true, true),
    changeSelfAssessmentComplete: grant(false, false, true, true),
    changeSurveyInProgress: grant(false, true, true, true),
    changeSurveyUnderReview: grant(false, false, true, true),
    viewSurveyUnderReview: grant(false, true, true, true),
    changeActionPlan: grant(false, true, true, true),
    changeOtherSurveyorSummary: grant(false, false, true, true),
    certifySurvey: grant(false, false, false, true),
  },
  indicatorResponse: {
    addActivityToSurveyActionPlan: grant(true, true, true, true),
  },
  practiceStaff: {
    viewStaff: grant(true, true, true, true),
    changeStaff: grant(true, false, true, true),
    verifyStaff: grant(false, true, true, true),
    inviteStaff: grant(true, false, true, true),
  },
  practice: {
    changePractice: grant(true, false, true, true),
  },
};

/** Flags that a surveyor holds only as a visitor on the survey visit in question. */
const VISITOR_ONLY_FOR_SURVEYORS: ReadonlySet<string> = new Set(['assessment.changeSurveyInProgress']);

/**
 * The back-office role a request's Hasura role stands for (`x-hasura-role`); Hasura's admin
 * secret and the admin console's role (`ADMIN_CONSOLE_ROLE`) count as a provider admin, as they
 * do in the SQL rules (`public.portal_role`). Anything else: none.
 */
export function backOfficeRoleOf(role: string | null | undefined): TBackOfficeRole | null {
  if (role === 'qam') return 'qam';
  if (role === 'provider_admin' || role === 'admin' || role === ADMIN_CONSOLE_ROLE) return 'provider_admin';
  return null;
}

/** True when the user has any access to the practice at all (a practice role or a back-office role). */
export function hasPracticeAccess(access: TPracticeAccess): boolean {
  return access.practiceRoles.length > 0 || access.backOfficeRole !== null;
}

/**
 * The flags of a user on a practice: the union over every kind of access they have there.
 * Without `surveyVisitId` the answer is for the practice as a whole (a surveyor counts as a
 * visitor when they are one on any of its visits); with it, for that one visit (`null`: an
 * assessment without a visit, i.e. a self assessment).
 */
export function derivePermissionFlags(
  access: TPracticeAccess,
  scope: { surveyVisitId?: number | null } = {},
): TPermissionFlags {
  const isVisitor =
    scope.surveyVisitId === undefined
      ? access.visitorOnSurveyVisitIds.length > 0
      : scope.surveyVisitId !== null && access.visitorOnSurveyVisitIds.includes(scope.surveyVisitId);
  const kinds: Record<TAccessKind, boolean> = {
    practiceManager: access.practiceRoles.includes('PM'),
    surveyor: access.practiceRoles.includes('SU'),
    qam: access.backOfficeRole === 'qam',
    providerAdmin: access.backOfficeRole === 'provider_admin',
  };
  const decide = (name: string, g: Grant): boolean =>
    (Object.keys(kinds) as TAccessKind[]).some(
      (kind) =>
        kinds[kind] && g[kind] && (kind !== 'surveyor' || isVisitor || !VISITOR_ONLY_FOR_SURVEYORS.has(name)),
    );
  const group = <G extends keyof TPermissionFlags>(name: G): TPermissionFlags[G] =>
    Object.fromEntries(
      Object.entries(PERMISSION_FLAG_TABLE[name] as Record<string, Grant>).map(([flag, g]) => [
        flag,
        decide(`${name}.${flag}`, g),
      ]),
    ) as TPermissionFlags[G];
  return {
    assessment: group('assessment'),
    indicatorResponse: group('indicatorResponse'),
    practiceStaff: group('practiceStaff'),
    practice: group('practice'),
  };
}

/** Every flag as `group.flag`, in table order (for tests and documentation). */
export const PERMISSION_FLAG_NAMES: readonly string[] = Object.entries(PERMISSION_FLAG_TABLE).flatMap(
  ([group, flags]) => Object.keys(flags).map((flag) => `${group}.${flag}`),
);
