/** A user's practice roles (spec 000 §6): PM = practice manager, SU = surveyor. */
export type TPracticeRole = 'PM' | 'SU';

/** The practice roles among role names as stored or served (anything else is dropped). */
export function practiceRolesFrom(roles: Iterable<string>): TPracticeRole[] {
  return [...roles].filter((role): role is TPracticeRole => role === 'PM' || role === 'SU');
}

/** The account-level facts the flags derive from (columns of `users`). */
export interface UserFacts {
  isStaff: boolean;
  isSurveyor: boolean;
  isAdmin: boolean;
  isSuperadmin: boolean;
  isQam: boolean;
  hasSpecialAccess: boolean;
}

/** A practice the user has roles on; only practices whose active_status is ACTIVE count. */
export interface UserPractice {
  id: number;
  name: string;
  roles: TPracticeRole[];
}

/** The user flags of spec 000 §3, as GET /api/user/current answers them. */
export interface TUserFlags {
  staff: boolean;
  surveyor: boolean;
  admin: boolean;
  superadmin: boolean;
  qam: boolean;
  singlePractice: boolean;
  newUser: boolean;
  isPracticeManager: boolean;
  hasSpecialAccess: boolean;
}

/**
 * Derives the user flags. A surveyor is a user marked as one or with an SU role on any active
 * practice; a new user has no practice role and is neither admin nor QAM (both see every
 * practice, so hiding Practices from them would be wrong).
 */
export function deriveUserFlags(user: UserFacts, practices: readonly UserPractice[]): TUserFlags {
  const roles = new Set(practices.flatMap((practice) => practice.roles));
  return {
    staff: user.isStaff,
    surveyor: user.isSurveyor || roles.has('SU'),
    admin: user.isAdmin,
    superadmin: user.isSuperadmin,
    qam: user.isQam,
    singlePractice: practices.length === 1,
    newUser: !user.isAdmin && !user.isQam && roles.size === 0,
    isPracticeManager: roles.has('PM'),
    hasSpecialAccess: user.hasSpecialAccess,
  };
}
