import { displayName } from '@portal/domain';
import { AppError } from '../../errors/app-error.ts';
import type { AccountsDeps } from './deps.ts';
import { avatarUrl } from './get-current-user.ts';
import { findUserById } from './users.ts';

/** GET /api/user/:id/avatar: the name and avatar URL (or null) of a user. */
export interface Avatar {
  name: string;
  avatar: string | null;
}

export async function getAvatar(deps: AccountsDeps, userId: number): Promise<Avatar> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('not_found', { message: 'No such user.' });
  return {
    name: displayName({ firstName: user.first_name, lastName: user.last_name, email: user.email }),
    avatar: await avatarUrl(deps.storage, user.avatar_key),
  };
}
