import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { hashPassword } from '../lib/password-hash.ts';

export const DEFAULT_PASSWORD = 'Right-pass-1';

const hashes = new Map<string, Promise<string>>();
/** scrypt is slow on purpose; tests reuse one hash per password. */
function cachedHash(password: string) {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

export interface UserOverrides {
  email?: string;
  password?: string | null;
  firstName?: string;
  lastName?: string;
  isActive?: boolean;
  isAdmin?: boolean;
  isSuperadmin?: boolean;
  isQam?: boolean;
  isStaff?: boolean;
  isSurveyor?: boolean;
  hasSpecialAccess?: boolean;
}

/** Inserts a user; returns its id, e-mail and password. */
export async function createUser(sql: pg.Pool, overrides: UserOverrides = {}) {
  const email = overrides.email ?? `user-${unique()}@demo.test`;
  const password = overrides.password === undefined ? DEFAULT_PASSWORD : overrides.password;
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.users (email, password_hash, first_name, last_name, is_active, is_admin, is_superadmin, is_qam,
       is_staff, is_surveyor, has_special_access)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [
      email,
      password === null ? null : await cachedHash(password),
      overrides.firstName ?? 'Test',
      overrides.lastName ?? 'Person',
      overrides.isActive ?? true,
      overrides.isAdmin ?? overrides.isSuperadmin ?? false,
      overrides.isSuperadmin ?? false,
      overrides.isQam ?? false,
      overrides.isStaff ?? false,
      overrides.isSurveyor ?? false,
      overrides.hasSpecialAccess ?? false,
    ],
  );
  return { id: rows[0]!.id, email, password: password ?? '' };
}

/** Inserts an organisation and its practice; returns the practice id. */
export async function createPractice(
  sql: pg.Pool,
  overrides: { name?: string; activeStatus?: 'ACTIVE' | 'INACTIVE' } = {},
) {
  const name = overrides.name ?? `Practice ${unique()}`;
  const { rows } = await sql.query<{ id: number }>(
    'insert into public.organisations (name) values ($1) returning id',
    [name],
  );
  const id = rows[0]!.id;
  await sql.query('insert into public.practices (organisation_id, active_status) values ($1, $2)', [
    id,
    overrides.activeStatus ?? 'ACTIVE',
  ]);
  return { id, name };
}

export async function addPracticeRole(sql: pg.Pool, practiceId: number, userId: number, role: 'PM' | 'SU') {
  await sql.query('insert into public.practice_users (practice_id, user_id, role) values ($1, $2, $3)', [
    practiceId,
    userId,
    role,
  ]);
}

/** Inserts a staff register row of a practice. */
export async function createStaff(
  sql: pg.Pool,
  practiceId: number,
  overrides: {
    email?: string;
    registrationNum?: string;
    type?: string;
    firstName?: string;
    lastName?: string;
  } = {},
) {
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.practice_staff (practice_id, first_name, last_name, type, email, registration_num)
     values ($1, $4, $5, $3, $2, $6) returning id`,
    [
      practiceId,
      overrides.email ?? null,
      overrides.type ?? 'nurse',
      overrides.firstName ?? 'Sam',
      overrides.lastName ?? 'Staff',
      overrides.registrationNum ?? null,
    ],
  );
  return rows[0]!.id;
}

export interface InvitationOverrides {
  email?: string;
  role?: 'PM' | 'SU';
  status?: 'INVITED' | 'ACCEPTED' | 'REJECTED' | 'REVOKED';
  practiceStaffId?: number | null;
  /** Seconds from now (negative: already expired). */
  expiresInSeconds?: number;
}

/** Inserts an invitation; returns its id and the token that travels in the link. */
export async function createInvitation(
  sql: pg.Pool,
  practiceId: number,
  overrides: InvitationOverrides = {},
) {
  const token = randomBytes(32).toString('base64url');
  const email = overrides.email ?? `invitee-${unique()}@demo.test`;
  const expiresIn = overrides.expiresInSeconds ?? 7 * 86400;
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.invitations (practice_id, practice_staff_id, email, role, token_hash, status, date_invited, expires_at)
     values ($1, $2, $3, $4, $5, 'INVITED', now() - interval '30 days', now() + make_interval(secs => $6))
     returning id`,
    [
      practiceId,
      overrides.practiceStaffId ?? null,
      email,
      overrides.role ?? 'PM',
      createHash('sha256').update(token).digest('hex'),
      expiresIn,
    ],
  );
  const id = rows[0]!.id;
  if (overrides.status && overrides.status !== 'INVITED') {
    await sql.query('update public.invitations set status = $2 where id = $1', [id, overrides.status]);
  }
  return { id, token, email };
}
