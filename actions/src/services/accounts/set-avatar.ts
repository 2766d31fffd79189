import { randomBytes } from 'node:crypto';
import { AVATAR_EXTENSIONS, checkAvatar } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { SignedInUser } from '../../plugins/app/auth.ts';
import type { AccountsDeps } from './deps.ts';
import { type Avatar, avatarOf } from './get-avatar.ts';
import { actorOf, findUserById } from './users.ts';

/**
 * Replaces a user's avatar (only their own). The type comes from the file's bytes, not from
 * what the client claims; the old image is removed once the new key is committed.
 */
export async function setAvatar(
  deps: AccountsDeps,
  signedIn: SignedInUser,
  userId: number,
  image: Buffer,
): Promise<Avatar> {
  if (userId !== signedIn.id)
    throw new AppError('forbidden', { message: 'You can only change your own picture.' });
  const check = checkAvatar(image.length, image);
  if (!check.ok)
    throw new AppError(check.reason === 'too_large' ? 'file_too_large' : 'unsupported_file_type', {
      message: check.message,
    });
  const { type } = check;
  if (!deps.storage) throw new AppError('storage_unavailable');
  const user = await findUserById(deps.db, userId);
  if (!user?.is_active) throw new AppError('token_not_valid');

  const key = `avatars/${userId}/${randomBytes(12).toString('base64url')}.${AVATAR_EXTENSIONS[type]}`;
  await deps.storage.put(key, image, type);
  await deps.db.transaction(async (tx) => {
    await tx.many(sql`update public.users set avatar_key = ${key} where id = ${userId}`);
  }, actorOf(user));
  if (user.avatar_key) {
    await deps.storage
      .delete(user.avatar_key)
      .catch((error) =>
        deps.log.warn({ err: error, key: user.avatar_key }, 'could not remove the old avatar'),
      );
  }
  return avatarOf(deps, userId);
}
