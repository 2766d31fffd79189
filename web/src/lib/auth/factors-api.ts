import type { TConfirmTotp, TRegisterPasskey, TRemoveFactor } from '@portal/domain';
import * as v from 'valibot';
import { type TPasskeyCreationOptions, ZPasskeyOptionsSchema } from './webauthn.ts';

const ZFactorsSchema = v.object({
  factors: v.array(
    v.object({
      id: v.number(),
      kind: v.picklist(['totp', 'passkey']),
      label: v.string(),
      addedAt: v.string(),
      lastUsedAt: v.nullable(v.string()),
    }),
  ),
  recoveryCodesLeft: v.number(),
});
export type TFactors = v.InferOutput<typeof ZFactorsSchema>;

const ZTotpEnrolmentSchema = v.object({ factorId: v.number(), secret: v.string(), uri: v.string() });
export type TTotpEnrolment = v.InferOutput<typeof ZTotpEnrolmentSchema>;

type Call = <T>(path: string, init: RequestInit, schema?: v.GenericSchema<unknown, T>) => Promise<T>;
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
        v.object({ recoveryCodes: v.array(v.string()) }),
      ),
    /** The options for the browser to make a new passkey (a challenge bound to this user). */
    passkeyOptions: (): Promise<TPasskeyCreationOptions> =>
      call('/user/factors/passkey/options', { method: 'POST' }, ZPasskeyOptionsSchema),
    /** Stores the new passkey under its name; as the first factor, answers the recovery codes (shown once). */
    registerPasskey: (body: TRegisterPasskey): Promise<{ factorId: number; recoveryCodes: string[] }> =>
      call(
        '/user/factors/passkey',
        json('POST', body),
        v.object({ factorId: v.number(), recoveryCodes: v.array(v.string()) }),
      ),
    remove: (id: number, body: TRemoveFactor): Promise<void> =>
      call(`/user/factors/${id}/remove`, json('POST', body)),
  };
}
