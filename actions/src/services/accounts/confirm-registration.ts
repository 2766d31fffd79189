import type { TRegisterConfirm } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { AccountsDeps } from './deps.ts';
import type { ClientInfo } from './sessions.ts';
import { openSession, type SignedIn } from './sign-in.ts';
import { findUserByEmail, findUserById } from './users.ts';

interface PendingRow {
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
}

/**
 * Opens the link of a sign-up: the address is proven, so the user is created with the names and
 * password of that sign-up and signed in. Every pending sign-up of the address goes (whoever
 * else typed it in), in the same transaction. Unknown, expired and spent links, and an address
 * that got an account meanwhile, all answer `registration_link_invalid`.
 */
export async function confirmRegistration(
  deps: AccountsDeps,
  input: TRegisterConfirm,
  client: ClientInfo,
): Promise<SignedIn> {
  const { id } = await deps.db.one<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('public.users', 'id'))::integer as id`,
  );
  let created: boolean;
  try {
    created = await deps.db.transaction(
      async (tx) => {
        const row = await tx.maybeOne<PendingRow>(sql`
          select email::text as email, first_name, last_name, password_hash from public.pending_registrations
           where token_hash = ${sha256Hex(input.token)} and expires_at > now()
           for update`);
        if (!row) return false;
        await tx.many(sql`delete from public.pending_registrations where email = ${row.email}`);
        if (await findUserByEmail(tx, row.email)) return false;
        await tx.many(sql`
          insert into public.users (id, email, password_hash, first_name, last_name)
          overriding system value values (${id}, ${row.email}, ${row.password_hash}, ${row.first_name}, ${row.last_name})`);
        return true;
      },
      { userId: id, role: 'user' },
    );
  } catch (error) {
    // The same address confirmed twice at once: the unique index decides.
    if ((error as { code?: string }).code === '23505') throw new AppError('registration_link_invalid');
    throw error;
  }
  if (!created) throw new AppError('registration_link_invalid');
  const user = await findUserById(deps.db, id);
  return openSession(deps, user!, client);
}
