import type { TConfirmTotp, TRegisterPasskey, TRemoveFactor } from '@portal/domain';
import { z } from 'zod/mini';
import { type TPasskeyCreationOptions, ZPasskeyOptionsSchema } from './webauthn.ts';

const ZFactorsSchema = z.object({
  factors: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(['totp', 'passkey']),
      label: z.string(),
      addedAt: z.string(),
      lastUsedAt: z.nullable(z.string()),
    }),
  ),
  recoveryCodesLeft: z.number(),
});
export type TFactors = z.infer<typeof ZFactorsSchema>;

const ZTotpEnrolmentSchema = z.object({ factorId: z.number(), secret: z.string(), uri: z.string() });
export type TTotpEnrolment = z.infer<typeof ZTotpEnrolmentSchema>;

type Call = <T>(path: string, init: RequestInit, schema?: z.ZodMiniType<T>) => Promise<T>;
type Json = (method: string, body: unknown) => RequestInit;

/** /api/user/factors/*: the signed-in user's second factors (two-factor sign-in). */
export function createFactorsApi(call: Call, json: Json) {
  return {
    list: (): Promise<TFactors> => call('/user/factors', { method: 'GET' }, ZFactorsSchema),
    /** Starts setting up an authenticator app: the key and the link its QR code holds. */
    startTotp: (): Promise<TTotpEnrolment> =>
      call('/user/factors/totp', { method: 'POST' }, ZTotpEnrolmentSchema),
    /** Confirms the set-up with a code; answers the ten recovery codes, shown once. */
    confirmTotp: (body: TConfirmTotp): Promise<{ recoveryCodes: string[] }> =>
      call(
        '/user/factors/totp/confirm',
        json('POST', body),
        z.object({ recoveryCodes: z.array(z.string()) }),
      ),
    /** The options for the browser to make a new passkey (a challenge bound to this user). */
    passkeyOptions: (): Promise<TPasskeyCreationOptions> =>
      call('/user/factors/passkey/options', { method: 'POST' }, ZPasskeyOptionsSchema),
    /** Stores the new passkey under its name; as the first factor, answers the recovery codes (shown once). */
    registerPasskey: (body: TRegisterPasskey): Promise<{ factorId: number; recoveryCodes: string[] }> =>
      call(
        '/user/factors/passkey',
        json('POST', body),
        z.object({ factorId: z.number(), recoveryCodes: z.array(z.string()) }),
      ),
    remove: (id: number, body: TRemoveFactor): Promise<void> =>
      call(`/user/factors/${id}/remove`, json('POST', body)),
  };
}
