/** The people of a test: users, practices and their roles, staff rows, invitations. */
import { createHash, randomBytes } from 'node:crypto';
import { hashPassword } from '@portal/actions/password-hash';
import { insertRow, type Row, type Sql, unique } from './row-factories.ts';

export const DEFAULT_PASSWORD = 'Right-pass-1';

/**
 * The scrypt cost of the test users' password hashes: the lowest `verifyPassword` accepts. A
 * stored hash names its cost, so each sign-in of a test user verifies in about 4 ms instead of
 * about 90 (the product's own cost); the suite signs in well over a thousand times. Accounts made
 * through the product (registration, a reset, the demo seeds) keep the product's cost.
 */
const TEST_USER_COST = { N: 1024, r: 8, p: 1 } as const;

const hashes = new Map<string, Promise<string>>();
/** Tests reuse one hash per password. */
function cachedHash(password: string) {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password, TEST_USER_COST));
  return hashes.get(password)!;
}

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
export async function createUser(sql: Sql, overrides: UserOverrides = {}) {
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

/**
 * Inserts an organisation and its practice; returns the practice id. `organisation` and
 * `practice` add columns of either row (e.g. `physical_address_id`, `status`, `network_id`).
 */
export async function createPractice(
  sql: Sql,
  overrides: {
    name?: string;
    activeStatus?: 'ACTIVE' | 'INACTIVE';
    organisation?: Row;
    practice?: Row;
  } = {},
) {
  const name = overrides.name ?? `Practice ${unique()}`;
  const { id } = await insertRow(sql, 'organisations', { name, ...overrides.organisation });
  await insertRow(sql, 'practices', {
    organisation_id: id,
    active_status: overrides.activeStatus ?? 'ACTIVE',
    ...overrides.practice,
  });
  return { id, name };
}

/** Gives a user a role on a practice (an inactive row with `{ active: false }`). */
export async function addPracticeRole(
  sql: Sql,
  practiceId: number,
  userId: number,
  role: 'PM' | 'SU',
  options: { active?: boolean } = {},
) {
  await sql.query(
    'insert into public.practice_users (practice_id, user_id, role, active) values ($1, $2, $3, $4)',
    [practiceId, userId, role, options.active ?? true],
  );
}

/** Inserts a staff register row of a practice; `columns` sets any other column. Returns its id. */
export async function createStaff(
  sql: Sql,
  practiceId: number,
  overrides: {
    email?: string;
    registrationNum?: string;
    type?: string;
    firstName?: string;
    lastName?: string;
    columns?: Row;
  } = {},
) {
  const row = await insertRow(sql, 'practice_staff', {
    practice_id: practiceId,
    first_name: overrides.firstName ?? 'Sam',
    last_name: overrides.lastName ?? 'Staff',
    type: overrides.type ?? 'nurse',
    email: overrides.email ?? null,
    registration_num: overrides.registrationNum ?? null,
    ...overrides.columns,
  });
  return row.id;
}

export interface InvitationOverrides {
  email?: string;
  role?: 'PM' | 'SU';
  status?: 'INVITED' | 'ACCEPTED' | 'REJECTED' | 'REVOKED';
  practiceStaffId?: number | null;
  /** Seconds from now (negative: already expired). */
  expiresInSeconds?: number;
  invitedById?: number | null;
  /** Who accepted it (an ACCEPTED invitation needs one). */
  acceptedUserId?: number | null;
}

/** Inserts an invitation; returns its id and the token that travels in the link. */
export async function createInvitation(sql: Sql, practiceId: number, overrides: InvitationOverrides = {}) {
  const token = randomBytes(32).toString('base64url');
  const email = overrides.email ?? `invitee-${unique()}@demo.test`;
  const expiresIn = overrides.expiresInSeconds ?? 7 * 86400;
  const { rows } = await sql.query<{ id: number }>(
    `insert into public.invitations (practice_id, practice_staff_id, email, role, token_hash, status, date_invited, expires_at,
       invited_by_id)
     values ($1, $2, $3, $4, $5, 'INVITED', now() - interval '30 days', now() + make_interval(secs => $6), $7)
     returning id`,
    [
      practiceId,
      overrides.practiceStaffId ?? null,
      email,
      overrides.role ?? 'PM',
      createHash('sha256').update(token).digest('hex'),
      expiresIn,
      overrides.invitedById ?? null,
    ],
  );
  const id = rows[0]!.id;
  if (overrides.status && overrides.status !== 'INVITED') {
    await sql.query('update public.invitations set status = $2, accepted_user_id = $3 where id = $1', [
      id,
      overrides.status,
      overrides.acceptedUserId ?? null,
    ]);
  }
  return { id, token, email };
}

/** A user as `createUser` returns it: a GraphQL caller of the test stack as it is. */
export type TestUser = Awaited<ReturnType<typeof createUser>>;
