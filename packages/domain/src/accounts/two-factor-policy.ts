import type { TUserFlags } from './derive-user-flags.ts';

/**
 * The provider's two-factor policy: which roles must use a second factor to sign in
 * (docs/decisions/accounts-and-sessions.md, "A policy per role"). A role not required is offered.
 */
export interface TTwoFactorPolicy {
  providerAdmin: boolean;
  qam: boolean;
  surveyor: boolean;
  practiceUser: boolean;
}

/** The default of a new provider: provider admins, QAMs and surveyors required; practice users offered. */
export const DEFAULT_TWO_FACTOR_POLICY: TTwoFactorPolicy = {
  providerAdmin: true,
  qam: true,
  surveyor: true,
  practiceUser: false,
};

/**
 * The only Hasura role of a session that must enrol a factor first: no table, no action and no
 * route but the enrolment ones lets it in.
 */
export const ENROLMENT_ONLY_ROLE = 'two_factor_enrolment';

export const TWO_FACTOR_POLICY_MESSAGES = {
  enrolmentRequired: 'Set up two-factor sign-in before you continue: your role requires it.',
  screenTitle: 'Set up two-factor sign-in',
} as const;

/** The facts of an account the policy looks at (the flags of GET /api/user/current). */
export type TPolicySubject = Pick<TUserFlags, 'admin' | 'qam' | 'surveyor' | 'staff'> & {
  practiceCount: number;
};

/**
 * Whether the policy requires a second factor of this person: any of their roles being required
 * is enough. A practice user is anyone with a role at a practice or marked as staff.
 */
export function twoFactorRequiredFor(policy: TTwoFactorPolicy, person: TPolicySubject): boolean {
  return (
    (policy.providerAdmin && person.admin) ||
    (policy.qam && person.qam) ||
    (policy.surveyor && person.surveyor) ||
    (policy.practiceUser && (person.staff || person.practiceCount > 0))
  );
}
