import type { TUserFlags } from '@portal/domain';
import * as v from 'valibot';

// The entry checks these answers with valibot, not zod (docs/decisions/web-app.md, "The first load").
const ZFlagsSchema = v.object({
  staff: v.boolean(),
  surveyor: v.boolean(),
  admin: v.boolean(),
  superadmin: v.boolean(),
  qam: v.boolean(),
  singlePractice: v.boolean(),
  newUser: v.boolean(),
  isPracticeManager: v.boolean(),
  hasSpecialAccess: v.boolean(),
}) satisfies v.GenericSchema<unknown, TUserFlags>;

/** GET /api/user/current, and the `user` of sign-in and registration answers. */
export const ZCurrentUserSchema = v.object({
  id: v.number(),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  title: v.nullable(v.string()),
  name: v.string(),
  avatarUrl: v.nullable(v.string()),
  flags: ZFlagsSchema,
  practices: v.array(v.object({ id: v.number(), name: v.string(), roles: v.array(v.string()) })),
  /** The session may do nothing but set up a second factor (the provider's two-factor policy); absent means no. */
  mustEnrolTwoFactor: v.optional(v.boolean()),
});
export type TCurrentUser = v.InferOutput<typeof ZCurrentUserSchema>;

export const ZSignedInSchema = v.object({
  accessToken: v.string(),
  accessTokenExpiresAt: v.string(),
  user: ZCurrentUserSchema,
});
export type TSignedIn = v.InferOutput<typeof ZSignedInSchema>;

/** The answer to a sign-in of an account with a second factor: no session yet, a challenge. */
export const ZSecondFactorStepSchema = v.object({
  secondFactorRequired: v.literal(true),
  challenge: v.string(),
  challengeExpiresAt: v.string(),
  /** The ways the account has to give its second factor, in the order to offer them. */
  methods: v.array(v.picklist(['passkey', 'totp', 'recovery_code'])),
});
export type TSecondFactorStep = v.InferOutput<typeof ZSecondFactorStepSchema>;
