import { deriveHasuraRoles, ENROLMENT_ONLY_ROLE, type THasuraRole } from '@portal/domain';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';

/** The signed-in user of a request, from a verified access token. */
export interface SignedInUser {
  id: number;
  /** The user's default Hasura role: the role recorded in the audit log for their writes. */
  role: THasuraRole;
  /** The session family the token was issued for. */
  sessionId: string;
  /** The session may do nothing but set up a second factor (the provider's two-factor policy). */
  enrolmentOnly: boolean;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Record<string, unknown>;
    user: SignedInUser;
  }
}

/** What the access token of a user says about them. */
export interface TokenSubject {
  id: number;
  isAdmin: boolean;
  isQam: boolean;
  /** The session family (sessions.family_id), carried as the `sid` claim. */
  sessionId: string;
  /**
   * The policy requires a second factor of the user and they have none: the token's only Hasura
   * role is ENROLMENT_ONLY_ROLE (no permission anywhere) and only enrolment routes let it in.
   */
  enrolmentOnly?: boolean;
}

export interface AccessToken {
  accessToken: string;
  /** ISO time at which the token stops being accepted. */
  accessTokenExpiresAt: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route also serves a session that must set up a second factor first. */
    duringEnrolment?: boolean;
  }
  interface FastifyInstance {
    /** onRequest hook for a whole route folder: requires a valid access token of a live session. */
    authenticate: onRequestHookHandler;
    /**
     * The user of the request's bearer token: signature, claims, and a session that has not
     * ended (signed out, revoked, expired, account deactivated). Throws `token_not_valid`; a
     * session that must set up a second factor first gets `two_factor_enrolment_required` unless
     * `duringEnrolment` (the route's `config.duringEnrolment` through `authenticate`).
     */
    verifyAccessToken(
      request: FastifyRequest,
      options?: { duringEnrolment?: boolean },
    ): Promise<SignedInUser>;
    /** Whether a session family still lets its access tokens in (not ended, user active). */
    sessionIsLive(userId: number, sessionId: string): Promise<boolean>;
    /** Signs a short-lived access token (ACCESS_TOKEN_SECONDS) with the user's Hasura claims. */
    signAccessToken(user: TokenSubject): AccessToken;
  }
}

const ZRole = z.enum(['user', 'qam', 'provider_admin', ENROLMENT_ONLY_ROLE]);

/** Access tokens: signing with Hasura claims, and the hook that verifies them. */
export default fp(
  async (app) => {
    const namespace = app.config.jwt.claimsNamespace;
    const ZClaims = z.object({ sub: z.string().regex(/^\d+$/), sid: z.uuid() });
    const ZHasuraClaims = z.object({
      'x-hasura-user-id': z.string().regex(/^\d+$/),
      'x-hasura-default-role': ZRole,
      'x-hasura-allowed-roles': z.array(ZRole).min(1),
    });

    app.decorate('signAccessToken', (user: TokenSubject): AccessToken => {
      const { allowedRoles, defaultRole } = user.enrolmentOnly
        ? { allowedRoles: [ENROLMENT_ONLY_ROLE], defaultRole: ENROLMENT_ONLY_ROLE }
        : deriveHasuraRoles(user);
      const accessToken = app.jwt.sign({
        sub: String(user.id),
        sid: user.sessionId,
        [namespace]: {
          'x-hasura-user-id': String(user.id),
          'x-hasura-default-role': defaultRole,
          'x-hasura-allowed-roles': allowedRoles,
          // A session variable of every GraphQL request (Hasura passes x-hasura-* claims on), so
          // action handlers can refuse a session that has ended since the token was signed.
          'x-hasura-session-id': user.sessionId,
        },
      });
      const { exp } = app.jwt.decode<{ exp: number }>(accessToken) ?? { exp: 0 };
      return { accessToken, accessTokenExpiresAt: new Date(exp * 1000).toISOString() };
    });

    const sessionIsLive = async (userId: number, sessionId: string) =>
      !!(await app.db.maybeOne(sql`
        select 1 as live from public.sessions s join public.users u on u.id = s.user_id
         where s.family_id = ${sessionId}::uuid and s.user_id = ${userId}
           and s.revoked_at is null and s.expires_at > now() and u.is_active
         limit 1`));

    app.decorate('sessionIsLive', sessionIsLive);

    app.decorate(
      'verifyAccessToken',
      async (request: FastifyRequest, options = {}): Promise<SignedInUser> => {
        let payload: Record<string, unknown>;
        try {
          payload = await request.jwtVerify<Record<string, unknown>>();
        } catch (error) {
          // Expired, tampered, wrong algorithm, malformed: all the same to the client.
          throw new AppError('token_not_valid', { cause: error });
        }
        const claims = ZClaims.safeParse(payload);
        const hasura = ZHasuraClaims.safeParse(payload[namespace]);
        if (!claims.success || !hasura.success || hasura.data['x-hasura-user-id'] !== claims.data.sub) {
          throw new AppError('token_not_valid');
        }
        const role = hasura.data['x-hasura-default-role'];
        const enrolmentOnly =
          role === ENROLMENT_ONLY_ROLE || hasura.data['x-hasura-allowed-roles'].includes(ENROLMENT_ONLY_ROLE);
        const user: SignedInUser = {
          id: Number(claims.data.sub),
          role: role === ENROLMENT_ONLY_ROLE ? 'user' : role,
          sessionId: claims.data.sid,
          enrolmentOnly,
        };
        // The signature alone would keep a token good for its whole life after sign-out.
        if (!(await sessionIsLive(user.id, user.sessionId))) throw new AppError('token_not_valid');
        if (enrolmentOnly && !options.duringEnrolment) throw new AppError('two_factor_enrolment_required');
        return user;
      },
    );

    app.decorate('authenticate', async (request) => {
      if (!request.headers.authorization) throw new AppError('not_signed_in');
      request.user = await app.verifyAccessToken(request, {
        duringEnrolment: request.routeOptions.config.duringEnrolment === true,
      });
    });
  },
  { name: 'auth', dependencies: ['config', 'jwt', 'db'] },
);
