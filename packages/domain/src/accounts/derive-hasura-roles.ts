/** Hasura roles a signed-in person can have (DESIGN §4). */
export type THasuraRole = 'user' | 'qam' | 'provider_admin';

/**
 * The Hasura roles of a user: everyone is `user`; QAMs also `qam`; admins also
 * `provider_admin`. The default role is the most powerful one they have.
 */
export function deriveHasuraRoles(user: { isAdmin: boolean; isQam: boolean }): {
  allowedRoles: THasuraRole[];
  defaultRole: THasuraRole;
} {
  const allowedRoles: THasuraRole[] = ['user'];
  if (user.isQam) allowedRoles.push('qam');
  if (user.isAdmin) allowedRoles.push('provider_admin');
  const defaultRole: THasuraRole = user.isAdmin ? 'provider_admin' : user.isQam ? 'qam' : 'user';
  return { allowedRoles, defaultRole };
}
