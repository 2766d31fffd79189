import type { TUserFlags } from '@portal/domain';
import { z } from 'zod/mini';

const ZFlagsSchema = z.object({
  staff: z.boolean(),
  surveyor: z.boolean(),
  admin: z.boolean(),
  superadmin: z.boolean(),
  qam: z.boolean(),
  singlePractice: z.boolean(),
  newUser: z.boolean(),
  isPracticeManager: z.boolean(),
  hasSpecialAccess: z.boolean(),
}) satisfies z.ZodMiniType<TUserFlags>;

/** GET /api/user/current, and the `user` of sign-in and registration answers. */
export const ZCurrentUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.nullable(z.string()),
  name: z.string(),
  avatarUrl: z.nullable(z.string()),
  flags: ZFlagsSchema,
  practices: z.array(z.object({ id: z.number(), name: z.string(), roles: z.array(z.string()) })),
  /**
   * The session may do nothing but set up a second factor (the provider's two-factor policy);
   * absent means no. Optional rather than defaulted: a default's schema would grow the first load.
   */
  mustEnrolTwoFactor: z.optional(z.boolean()),
});
export type TCurrentUser = z.infer<typeof ZCurrentUserSchema>;

export const ZSignedInSchema = z.object({
  accessToken: z.string(),
  accessTokenExpiresAt: z.string(),
  user: ZCurrentUserSchema,
});
export type TSignedIn = z.infer<typeof ZSignedInSchema>;

/** The answer to a sign-in of an account with a second factor: no session yet, a challenge. */
export const ZSecondFactorStepSchema = z.object({
  secondFactorRequired: z.literal(true),
  challenge: z.string(),
  challengeExpiresAt: z.string(),
  /** The ways the account has to give its second factor, in the order to offer them. */
  methods: z.array(z.enum(['passkey', 'totp', 'recovery_code'])),
});
export type TSecondFactorStep = z.infer<typeof ZSecondFactorStepSchema>;
