import { ONE_LINE_CONTROL_CHARACTERS, type TSsoError, type TSsoRole, ZEmailSchema } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { AccountsDeps } from '../accounts/deps.ts';
import { actorOf, findUserByEmail, findUserById, type UserRow } from '../accounts/users.ts';

/** The ID token's claims the account is found or made by. */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  email: unknown;
  emailVerified: unknown;
  givenName: unknown;
  familyName: unknown;
  name: unknown;
  roles: TSsoRole[];
}

export type SsoAccount = { ok: true; user: UserRow } | { ok: false; error: TSsoError; userId?: number };

const isProviderStaff = (user: UserRow) => user.is_admin || user.is_qam || user.is_surveyor;

/**
 * The account an identity signs in to:
 * - bound before: the account of (issuer, subject), whatever e-mail the identity provider sends now;
 * - else linked by e-mail, only when the identity provider says it verified it (`email_verified`
 *   true), only to an account of provider staff (practice users keep passwords), and only when the
 *   account has no identity of this issuer yet; bound from then on;
 * - else made, only when OIDC_CREATE_USERS is on, with the roles the claim maps to.
 * The account must be provider staff in the product too: the claim lets staff in, the product's
 * admin tools keep managing an existing account's roles (only a super admin may take admin
 * rights away; a group renamed at the identity provider must not grant or strip them). Linking
 * and making are one transaction each, run as the user (audited).
 */
export async function resolveSsoAccount(
  deps: Pick<AccountsDeps, 'db'>,
  identity: SsoIdentity,
  createUsers: boolean,
): Promise<SsoAccount> {
  const bound = await deps.db.maybeOne<{ user_id: number }>(sql`
    select user_id from public.user_identities where issuer = ${identity.issuer} and subject = ${identity.subject}`);
  if (bound) {
    const user = await findUserById(deps.db, bound.user_id);
    if (!user?.is_active) return { ok: false, error: 'sso_account_unavailable', userId: bound.user_id };
    if (!isProviderStaff(user)) return { ok: false, error: 'sso_not_staff', userId: user.id };
    await deps.db.many(sql`update public.user_identities set last_signed_in_at = now()
      where issuer = ${identity.issuer} and subject = ${identity.subject}`);
    return { ok: true, user };
  }
  const email = identity.emailVerified === true ? ZEmailSchema.safeParse(identity.email) : null;
  if (!email?.success) return { ok: false, error: 'sso_email_unverified' };
  const user = await findUserByEmail(deps.db, email.data);
  if (!user) {
    if (!createUsers) return { ok: false, error: 'sso_no_account' };
    return { ok: true, user: await createSsoUser(deps, identity, email.data) };
  }
  if (!isProviderStaff(user)) return { ok: false, error: 'sso_not_staff', userId: user.id };
  if (!user.is_active) return { ok: false, error: 'sso_account_unavailable', userId: user.id };
  const other = await deps.db.maybeOne<{ id: number }>(sql`
    select id from public.user_identities where user_id = ${user.id} and issuer = ${identity.issuer}`);
  if (other) return { ok: false, error: 'sso_already_linked', userId: user.id };
  try {
    await deps.db.transaction((tx) => bindIdentity(tx, user.id, identity), actorOf(user));
    return { ok: true, user };
  } catch (error) {
    // The same identity or account linked at the same moment by another sign-in: the unique keys decide.
    if ((error as { code?: string }).code === '23505') return { ok: false, error: 'sso_already_linked' };
    throw error;
  }
}

async function bindIdentity(tx: Queryable, userId: number, identity: SsoIdentity) {
  await tx.many(sql`insert into public.user_identities (user_id, issuer, subject)
    values (${userId}, ${identity.issuer}, ${identity.subject})`);
  await tx.many(sql`insert into public.account_security_events (user_id, event, method)
    values (${userId}, 'SSO_LINKED', 'oidc')`);
}

/** A one-line name of at most 150 characters from a claim, or ''. */
function nameOf(value: unknown): string {
  return typeof value === 'string'
    ? value.replace(new RegExp(ONE_LINE_CONTROL_CHARACTERS.source, 'g'), ' ').trim().slice(0, 150)
    : '';
}

/** OIDC_CREATE_USERS: an account without a password for a verified member of staff, bound at once. */
async function createSsoUser(
  deps: Pick<AccountsDeps, 'db'>,
  identity: SsoIdentity,
  email: string,
): Promise<UserRow> {
  const { id } = await deps.db.one<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('public.users', 'id'))::integer as id`,
  );
  const [first = '', ...rest] = nameOf(identity.name).split(/\s+/);
  const firstName = nameOf(identity.givenName) || first || email.split('@')[0]!.slice(0, 150);
  const lastName = nameOf(identity.familyName) || rest.join(' ');
  const { roles } = identity;
  await deps.db.transaction(
    async (tx) => {
      await tx.many(sql`
        insert into public.users (id, email, first_name, last_name, is_admin, is_qam, is_surveyor)
        overriding system value values (${id}, ${email}, ${firstName}, ${lastName},
          ${roles.includes('provider_admin')}, ${roles.includes('qam')}, ${roles.includes('surveyor')})`);
      await bindIdentity(tx, id, identity);
    },
    { userId: id, role: 'user' },
  );
  return (await findUserById(deps.db, id)) as UserRow;
}
