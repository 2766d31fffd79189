import { displayName } from '@portal/domain';
import { AppError } from '../../errors/app-error.ts';
import { type EngineCaller, queryAsUser } from '../../lib/engine-as-user.ts';
import type { AccountsDeps } from './deps.ts';
import { avatarUrl } from './get-current-user.ts';
import { findUserById } from './users.ts';

/** GET /api/user/:id/avatar: the name and avatar URL (or null) of a user. */
export interface Avatar {
  name: string;
  avatar: string | null;
}

/** Whether the caller may see this account at all: the `users` select permission of their role. */
const VISIBLE = 'query AvatarOf($id: Int!) { users_by_pk(id: $id) { id } }';

/**
 * The name and picture of a user the caller may see, asked of the engine AS THE CALLER: the
 * `users` select permission of their role decides (themselves, the people of their practices and
 * of the visits there, the accreditation team; every account for a QAM or provider admin), so
 * the route tells no more than GraphQL does. Anyone else answers exactly like an unknown id.
 */
export async function getAvatar(deps: AccountsDeps, caller: EngineCaller, userId: number): Promise<Avatar> {
  const { users_by_pk: visible } = await queryAsUser<{ users_by_pk: { id: number } | null }>(
    caller,
    VISIBLE,
    {
      id: userId,
    },
  );
  if (!visible) throw new AppError('not_found', { message: 'No such user.' });
  return avatarOf(deps, userId);
}

/** The name and picture of an account, whoever asks (the caller's own, after they changed it). */
export async function avatarOf(deps: AccountsDeps, userId: number): Promise<Avatar> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('not_found', { message: 'No such user.' });
  return {
    name: displayName({ firstName: user.first_name, lastName: user.last_name, email: user.email }),
    avatar: await avatarUrl(deps.storage, user.avatar_key),
  };
}
