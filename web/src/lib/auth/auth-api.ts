import type {
  TChangePasswordRequest,
  TLoginRequest,
  TPasswordResetConfirm,
  TPasswordResetRequest,
  TRegisterConfirm,
  TRegisterRequest,
  TSignInVerify,
} from '@portal/domain';
import * as v from 'valibot';
import { PortalError, UNEXPECTED_ERROR_MESSAGE } from '../errors.ts';
import { CSRF_HEADER, readCsrfToken } from './csrf.ts';
import {
  type TCurrentUser,
  type TSecondFactorStep,
  type TSignedIn,
  ZCurrentUserSchema,
  ZSecondFactorStepSchema,
  ZSignedInSchema,
} from './current-user.ts';
import { createFactorsApi } from './factors-api.ts';
import { createSessionsApi } from './sessions-api.ts';
import { type TPasskeyRequestOptions, ZPasskeyOptionsSchema } from './webauthn.ts';

type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

const ZAvatarSchema = v.object({ name: v.string(), avatar: v.nullable(v.string()) });
export type TAvatar = v.InferOutput<typeof ZAvatarSchema>;

/** POST /api/invitations/details: whether an invitation token can be used, and for what. */
const ZInvitationDetailsSchema = v.object({
  state: v.picklist(['VALID', 'EXPIRED', 'USED', 'INVALID']),
  message: v.nullable(v.string()),
  practiceName: v.nullable(v.string()),
  email: v.nullable(v.string()),
  inviterName: v.nullish(v.string()),
});
export type TInvitationDetails = v.InferOutput<typeof ZInvitationDetailsSchema>;

/** A sign-up without an invitation: the same answer for every address, the next step is e-mailed. */
const ZCheckInboxSchema = v.object({ message: v.string() });
export type TCheckInbox = v.InferOutput<typeof ZCheckInboxSchema>;

/** The REST contract of the actions service (`/api/auth/*`, `/api/user/*`), one function per call. */
export function createAuthApi(apiUrl: string, authorisedFetch: FetchLike) {
  async function call<T>(path: string, init: RequestInit, schema?: v.GenericSchema<unknown, T>): Promise<T> {
    const response = await authorisedFetch(`${apiUrl}${path}`, init);
    if (!response.ok) throw await PortalError.fromResponse(response);
    if (!schema) return undefined as T;
    const parsed = v.safeParse(schema, await response.json().catch(() => null));
    if (!parsed.success)
      throw new PortalError('bad_response', UNEXPECTED_ERROR_MESSAGE, { cause: parsed.issues });
    return parsed.output;
  }
  const json = (method: string, body: unknown): RequestInit => ({
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const withCsrf = (): RequestInit => ({
    method: 'POST',
    headers: { [CSRF_HEADER]: readCsrfToken() ?? '' },
  });

  return {
    /** Signed in, or (an account with a second factor) the challenge of the second step. */
    login: (body: TLoginRequest): Promise<TSignedIn | TSecondFactorStep> =>
      call('/auth/login', json('POST', body), v.union([ZSignedInSchema, ZSecondFactorStepSchema])),
    /** The options of a passkey's signature for the second step (the first step's challenge). */
    passkeySignInOptions: (challenge: string): Promise<TPasskeyRequestOptions> =>
      call('/auth/login/passkey', json('POST', { challenge }), ZPasskeyOptionsSchema),
    /** The second step: the challenge and a code from the authenticator app, a recovery code or a passkey's signature. */
    verifySignIn: (body: TSignInVerify): Promise<TSignedIn> =>
      call('/auth/login/verify', json('POST', body), ZSignedInSchema),
    /** After single sign-on, when our second factor is still to give: the challenge, once (an httpOnly cookie). */
    ssoChallenge: (): Promise<TSecondFactorStep> =>
      call('/auth/oidc/challenge', { method: 'POST' }, ZSecondFactorStepSchema),
    /** 201 signed in (with an invitation), or 202 "check your inbox" (without). */
    register: (body: TRegisterRequest): Promise<TSignedIn | TCheckInbox> =>
      call('/auth/register', json('POST', body), v.union([ZSignedInSchema, ZCheckInboxSchema])),
    /** The link of the sign-up e-mail: creates the account and signs it in. */
    confirmRegistration: (body: TRegisterConfirm): Promise<TSignedIn> =>
      call('/auth/register/confirm', json('POST', body), ZSignedInSchema),
    logout: (): Promise<void> => call('/auth/logout', withCsrf()),
    /** /redirect-from-backend: the back end's one-time code (with this browser's cookie) for its session. */
    exchangeHandoff: (code: string): Promise<TSignedIn> =>
      call('/auth/handoff/exchange', json('POST', { code }), ZSignedInSchema),
    requestPasswordReset: (body: TPasswordResetRequest): Promise<{ message: string }> =>
      call('/auth/reset', json('POST', body), v.object({ message: v.string() })),
    confirmPasswordReset: (body: TPasswordResetConfirm): Promise<void> =>
      call('/auth/reset/confirm', json('POST', body)),
    changePassword: (body: TChangePasswordRequest): Promise<void> =>
      call('/auth/change-password', json('POST', body)),
    currentUser: (): Promise<TCurrentUser> => call('/user/current', { method: 'GET' }, ZCurrentUserSchema),
    invitationDetails: (token: string): Promise<TInvitationDetails> =>
      call('/invitations/details', json('POST', { token }), ZInvitationDetailsSchema),
    avatar: (userId: number): Promise<TAvatar> =>
      call(`/user/${userId}/avatar`, { method: 'GET' }, ZAvatarSchema),
    uploadAvatar: (userId: number, image: Blob): Promise<TAvatar> =>
      call(
        `/user/${userId}/avatar`,
        { method: 'PUT', headers: { 'Content-Type': image.type || 'application/octet-stream' }, body: image },
        ZAvatarSchema,
      ),
    factors: createFactorsApi(call, json),
    sessions: createSessionsApi(call),
  };
}
export type AuthApi = ReturnType<typeof createAuthApi>;
