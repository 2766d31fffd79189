import { PRACTICE_LIST_PATH, practiceStaffPath } from '@portal/domain';
import type { TCurrentUser } from './current-user.ts';

/**
 * Where a user lands after signing in: the route they were sent away from, if any (a deep link
 * from an e-mail must survive the sign-in); otherwise a user with exactly one practice goes
 * straight to its staff page and everyone else to the practice list.
 */
export function landingRoute(user: TCurrentUser, remembered: string | null): string {
  if (remembered) return remembered;
  const [only, ...others] = user.practices;
  if (only && others.length === 0) return practiceStaffPath(only.id);
  return PRACTICE_LIST_PATH;
}
